/**
 * What one GraphQL document may ask: its length, nesting depth and number of
 * fields are bounded, and fragments (which could hide depth) are refused.
 */
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';

export const MAX_QUERY_LENGTH = 10_000;
export const MAX_DEPTH = 6;
export const MAX_FIELDS = 200;

/** Refuses documents nested deeper than MAX_DEPTH or selecting more than MAX_FIELDS fields. */
export const costLimit: ValidationRule = (context: ValidationContext) => {
  let fields = 0;
  let depth = 0;
  return {
    Field: {
      enter() {
        fields++;
        depth++;
        if (depth > MAX_DEPTH) context.reportError(new GraphQLError(`Query is nested deeper than ${MAX_DEPTH} levels`));
        if (fields === MAX_FIELDS + 1)
          context.reportError(new GraphQLError(`Query selects more than ${MAX_FIELDS} fields`));
      },
      leave() {
        depth--;
      },
    },
    FragmentSpread() {
      // Fragments could hide depth; the screener's clients do not need them.
      context.reportError(new GraphQLError('Fragments are not supported'));
    },
  };
};
