/**
 * Running GraphQL documents fast and within budget: clients send the same few
 * documents over and over, so each is parsed and validated once, and compiled
 * once into plain functions (graphql-jit) that run without re-walking the
 * schema per row; each run is first costed with its variables.
 */
import {
  GraphQLError,
  execute,
  getOperationAST,
  parse,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { getVariableValues } from 'graphql/execution/values.js';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { MAX_COST, operationCost } from './cost.ts';

const PARSE_CACHE_SIZE = 200;
const parsed = new Map<string, DocumentNode>();
const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();

export function cachedParse(...args: Parameters<typeof parse>): DocumentNode {
  const [source, options] = args;
  if (typeof source !== 'string') return parse(source, options);
  let document = parsed.get(source);
  if (!document) {
    document = parse(source, options);
    if (parsed.size >= PARSE_CACHE_SIZE) parsed.delete(parsed.keys().next().value!);
    parsed.set(source, document);
  }
  return document;
}

export function cachedValidate(...args: Parameters<typeof validate>): readonly GraphQLError[] {
  const document = args[1];
  let errors = validated.get(document);
  if (!errors) {
    errors = validate(...args);
    validated.set(document, errors);
  }
  return errors;
}

// Each validated document is compiled once into plain functions (graphql-jit): the
// screener's few query shapes then run without re-walking the schema per row.
const compiled = new WeakMap<DocumentNode, Map<string, CompiledQuery | null>>();

/** Runs an operation, unless what it would cost is over the budget (then it is refused without running). */
export function compiledExecute(args: ExecutionArgs): ReturnType<typeof execute> {
  // Variables are checked the reference way first, so a bad one is answered with its scalar's own words.
  const operation = getOperationAST(args.document, args.operationName);
  const variables = operation
    ? getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {}, { maxErrors: 5 })
    : { coerced: {} };
  if (variables.errors) return { errors: variables.errors };
  const cost = operationCost(args.schema, args.document, args.operationName, args.variableValues ?? {});
  if (cost > MAX_COST) {
    const costs = Number.isFinite(cost) ? `would cost ${cost.toLocaleString('en-US')}` : 'is too large to cost';
    return {
      errors: [
        new GraphQLError(
          `Query ${costs}, more than the ${MAX_COST.toLocaleString('en-US')} allowed: ask for fewer rows or fields`,
          { extensions: { code: 'QUERY_TOO_COSTLY', cost: Number.isFinite(cost) ? cost : null, limit: MAX_COST } },
        ),
      ],
    };
  }
  let byOperation = compiled.get(args.document);
  if (!byOperation) {
    byOperation = new Map();
    compiled.set(args.document, byOperation);
  }
  const key = args.operationName ?? '';
  let query = byOperation.get(key);
  if (query === undefined) {
    const result = compileQuery(args.schema, args.document, args.operationName ?? undefined);
    query = isCompiledQuery(result) ? result : null;
    byOperation.set(key, query);
  }
  if (!query) return execute(args);
  return query.query(args.rootValue, args.contextValue, args.variableValues ?? {}) as
    ExecutionResult | Promise<ExecutionResult>;
}
