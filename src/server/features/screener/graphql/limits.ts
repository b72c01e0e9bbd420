/**
 * What one GraphQL document may look like: its length and the number of
 * fields it names are bounded, and its nesting is, apart from introspection
 * (whose type references nest deeply by design). What it would cost to run
 * is checked against the operation's variables before it runs (cost.ts).
 */
import { GraphQLError, type ValidationContext, type ValidationRule } from 'graphql';

export const MAX_QUERY_LENGTH = 10_000;
export const MAX_DEPTH = 6;
export const MAX_FIELDS = 200;
/** Error messages quote at most this much of one value sent, and are at most MAX_ERROR_LENGTH long. */
export const MAX_QUOTED_LENGTH = 40;
export const MAX_ERROR_LENGTH = 500;

/** Refuses documents nested deeper than MAX_DEPTH or naming more than MAX_FIELDS fields. */
export const shapeLimit: ValidationRule = (context: ValidationContext) => {
  let fields = 0;
  let depth = 0;
  let introspection = 0;
  return {
    // A fragment on an introspection type (the introspection query's TypeRef) is introspection too.
    FragmentDefinition: {
      enter(node) {
        if (node.typeCondition.name.value.startsWith('__')) introspection++;
      },
      leave(node) {
        if (node.typeCondition.name.value.startsWith('__')) introspection--;
      },
    },
    Field: {
      enter(node) {
        fields++;
        if (node.name.value.startsWith('__') || introspection > 0) introspection++;
        else depth++;
        if (depth > MAX_DEPTH) context.reportError(new GraphQLError(`Query is nested deeper than ${MAX_DEPTH} levels`));
        if (fields === MAX_FIELDS + 1)
          context.reportError(new GraphQLError(`Query selects more than ${MAX_FIELDS} fields`));
      },
      leave() {
        if (introspection > 0) introspection--;
        else depth--;
      },
    },
  };
};

/** Every quoted value of a message, escapes included (matching them all keeps the quotes paired). */
const QUOTED = /"((?:[^"\\]|\\.)*)"/g;

/**
 * A message that never echoes a whole value back: each quoted value is cut to
 * its first MAX_QUOTED_LENGTH characters, and the message to MAX_ERROR_LENGTH.
 */
export function shortMessage(message: string): string {
  const quoted = message.replace(QUOTED, (whole, inner: string) =>
    inner.length > MAX_QUOTED_LENGTH ? `"${inner.slice(0, MAX_QUOTED_LENGTH)}…"` : whole,
  );
  return quoted.length > MAX_ERROR_LENGTH ? `${quoted.slice(0, MAX_ERROR_LENGTH - 1)}…` : quoted;
}
