/**
 * Running GraphQL documents fast: clients send the same few documents over
 * and over, so each is parsed and validated once, and compiled once into
 * plain functions (graphql-jit) that run without re-walking the schema per row.
 */
import {
  execute,
  parse,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLError,
} from 'graphql';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';

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

export function compiledExecute(args: ExecutionArgs): ReturnType<typeof execute> {
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
