/**
 * POST /api/graphql, served by graphql-http (GraphQL over HTTP): bad
 * documents answer GraphQL errors (400 for invalid documents, 200 with errors
 * for bad arguments), never a 500; errors not meant for users are masked.
 */
import { GraphQLError } from 'graphql';
import { createHandler } from 'graphql-http';
import { cachedParse, cachedValidate, compiledExecute } from './execution.ts';
import { MAX_QUERY_LENGTH, shapeLimit, shortMessage } from './limits.ts';
import type { GraphqlContext } from './resolvers.ts';
import { schema } from './schema.ts';

/**
 * The handler, in graphql-http's own terms: a request described by its
 * method, URL, headers, body and the GraphQL context it runs with (its
 * database, user and snapshot store), answered as a body and its status and
 * headers. (Its fetch adapter would wrap each answer in a Response and read
 * it back: a stream per call, for a body already in hand.)
 */
export function createGraphqlHandler() {
  return createHandler<unknown, GraphqlContext, GraphqlContext>({
    schema,
    parse: cachedParse,
    validate: cachedValidate,
    execute: compiledExecute,
    context: (req) => req.context,
    validationRules: [shapeLimit],
    onSubscribe(_req, params) {
      if (typeof params.query === 'string' && params.query.length > MAX_QUERY_LENGTH) {
        return [new GraphQLError(`Query is longer than ${MAX_QUERY_LENGTH} characters`)];
      }
      return undefined;
    },
    formatError(error) {
      // Errors we did not mean for users (bugs) are masked; the rest keep their message, cut short.
      if (error instanceof GraphQLError && error.originalError && !(error.originalError instanceof GraphQLError)) {
        return new GraphQLError('Internal error', { nodes: error.nodes, path: error.path });
      }
      if (error instanceof GraphQLError && shortMessage(error.message) !== error.message) {
        return new GraphQLError(shortMessage(error.message), {
          nodes: error.nodes,
          path: error.path,
          extensions: error.extensions,
        });
      }
      return error;
    },
  });
}
