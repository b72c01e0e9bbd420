/**
 * POST /api/graphql: the screener query filteredCompanies and the market-data
 * query by symbol, served by graphql-http (GraphQL over HTTP). Queries are
 * limited in size, depth and number of fields; bad input answers GraphQL
 * errors (400 for invalid documents, 200 with errors for bad arguments).
 */
import {
  GraphQLError,
  Kind,
  buildSchema,
  parse,
  validate,
  execute,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type ASTNode,
  type GraphQLObjectType,
  type GraphQLScalarType,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { createHandler } from 'graphql-http/lib/use/fetch';
import { compileQuery, isCompiledQuery, type CompiledQuery } from 'graphql-jit';
import { FilterError, NUMERIC_FIELDS, SORT_FIELDS, isSortField, type ScreenerRow } from '../../../lib/screener.ts';
import type { Db } from '../../platform/db/client.ts';
import type { UserRow } from '../accounts/sessions.ts';
import { favoriteSymbols } from '../favorites/service.ts';
import { runScreen } from './query.ts';
import type { SnapshotStore } from './snapshot.ts';
import { companyDescription, insiderRecords } from '../companies/service.ts';

export const MAX_QUERY_LENGTH = 10_000;
export const MAX_DEPTH = 6;
export const MAX_FIELDS = 200;

// The day's high and low belong to the market record, not to the screener's columns.
const NUMBER_FIELDS = [...NUMERIC_FIELDS, 'daylow', 'dayhigh'];

const SDL = /* GraphQL */ `
  "Filter values by filter name: ranges as 'min to max', fixed values comma-separated, plus symbol, Industries and Sector."
  scalar FilterMap

  input PageInput {
    page: Int!
    pageSize: Int!
  }

  enum SortDirection {
    asc
    desc
  }

  type Company {
    symbol: String!
    name: String!
    sic_code: Int!
    sector_name: String
    industry: String
    market: String
    country: String
    logo: String
    is_client: Boolean!
    bioPhasePipelines: String
    isFavorite: Boolean!
    "The company's description (company pages)."
    description: String
    "Insider purchases and sales, newest first (company pages)."
    insiderOwnershipRecords: [InsiderRecord!]!
    ${NUMBER_FIELDS.map((f) => `${f}: Float`).join('\n    ')}
  }

  type InsiderRecord {
    amount_purchased: Float!
    purchaser: String!
    date_of_purchase: String!
    company_symbol: String!
    is_buy: Boolean!
  }

  type FilteredCompanies {
    companies: [Company!]!
    totalPages: Int!
    totalItems: Int!
  }

  type Query {
    "One page of the screen: filters, sort on any column (ties by symbol), page from 1."
    filteredCompanies(data: PageInput!, filters: FilterMap, sortField: String, sortDirection: SortDirection): FilteredCompanies!
    "The market record of one company."
    company(symbol: String!): Company
  }
`;

function parseFilterMap(value: unknown): Record<string, string> {
  if (value === null || value === undefined) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw new GraphQLError('filters must be an object of strings');
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > 60) throw new GraphQLError('Too many filters');
  for (const [key, v] of entries) {
    if (typeof v !== 'string' || v.length > 500 || key.length > 60) {
      throw new GraphQLError(`Filter "${key.slice(0, 60)}" must be a string of at most 500 characters`);
    }
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

function literalValue(node: ASTNode): unknown {
  switch (node.kind) {
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literalValue(f.value)]));
    case Kind.STRING:
      return node.value;
    case Kind.NULL:
      return null;
    default:
      throw new GraphQLError('filters must be an object of strings');
  }
}

export const schema = buildSchema(SDL);
Object.assign(schema.getType('FilterMap') as GraphQLScalarType, {
  parseValue: parseFilterMap,
  parseLiteral: (node: ASTNode) => parseFilterMap(literalValue(node)),
  serialize: (value: unknown) => value,
});

/** Refuses documents nested deeper than MAX_DEPTH or selecting more than MAX_FIELDS fields. */
const costLimit: ValidationRule = (context: ValidationContext) => {
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

export interface GraphqlContext extends Record<PropertyKey, unknown> {
  db: Db;
  user: UserRow | undefined;
  snapshots: SnapshotStore;
}

function withFavorite(row: ScreenerRow, favorites: Set<string>) {
  return { ...row, isFavorite: favorites.has(row.symbol) };
}

const resolvers = {
  async filteredCompanies(
    args: {
      data: { page: number; pageSize: number };
      filters?: Record<string, string>;
      sortField?: string;
      sortDirection?: 'asc' | 'desc';
    },
    ctx: GraphqlContext,
  ) {
    const sortField = args.sortField ?? 'symbol';
    if (!isSortField(sortField)) {
      throw new GraphQLError(`Unknown sortField "${sortField.slice(0, 60)}". Use one of: ${SORT_FIELDS.join(', ')}`, {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const snapshot = await ctx.snapshots.get();
    try {
      const result = runScreen(snapshot, {
        page: args.data.page,
        pageSize: args.data.pageSize,
        filters: args.filters ?? {},
        sortField,
        sortDirection: args.sortDirection ?? 'asc',
      });
      const favorites = ctx.user ? await favoriteSymbols(ctx.db, ctx.user.id) : new Set<string>();
      return { ...result, companies: result.companies.map((r) => withFavorite(r, favorites)) };
    } catch (error) {
      if (error instanceof FilterError)
        throw new GraphQLError(error.message, { extensions: { code: 'BAD_USER_INPUT' } });
      throw error;
    }
  },
  async company(args: { symbol: string }, ctx: GraphqlContext) {
    const snapshot = await ctx.snapshots.get();
    const row = snapshot.bySymbol.get(args.symbol.trim().toUpperCase());
    if (!row) return null;
    const favorites = ctx.user ? await favoriteSymbols(ctx.db, ctx.user.id) : new Set<string>();
    return withFavorite(row, favorites);
  },
};

/** A fetch-style handler; `contextFor` gives each request its database, user and snapshot store. */
// Clients send the same few documents over and over: parse and validate each once.
const PARSE_CACHE_SIZE = 200;
const parsed = new Map<string, DocumentNode>();
const validated = new WeakMap<DocumentNode, readonly GraphQLError[]>();

function cachedParse(...args: Parameters<typeof parse>): DocumentNode {
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

function cachedValidate(...args: Parameters<typeof validate>): readonly GraphQLError[] {
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

function compiledExecute(args: ExecutionArgs): ReturnType<typeof execute> {
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

// Resolvers live on the schema's fields (not on a root value), which every executor honours.
const queryFields = schema.getQueryType()!.getFields();
queryFields.filteredCompanies!.resolve = (_root, args, ctx) =>
  resolvers.filteredCompanies(args as Parameters<typeof resolvers.filteredCompanies>[0], ctx as GraphqlContext);
queryFields.company!.resolve = (_root, args, ctx) =>
  resolvers.company(args as { symbol: string }, ctx as GraphqlContext);

// Company-page fields are read from the database only when a query asks for them.
const companyFields = (schema.getType('Company') as GraphQLObjectType).getFields();
companyFields.description!.resolve = (row: ScreenerRow, _args, ctx) =>
  companyDescription((ctx as GraphqlContext).db, row.symbol);
companyFields.insiderOwnershipRecords!.resolve = (row: ScreenerRow, _args, ctx) =>
  insiderRecords((ctx as GraphqlContext).db, row.symbol);

export function createGraphqlHandler(contextFor: (req: Request) => GraphqlContext) {
  return createHandler<GraphqlContext>({
    schema,
    parse: cachedParse,
    validate: cachedValidate,
    execute: compiledExecute,
    context: (req) => contextFor(req.raw),
    validationRules: [costLimit],
    onSubscribe(_req, params) {
      if (typeof params.query === 'string' && params.query.length > MAX_QUERY_LENGTH) {
        return [new GraphQLError(`Query is longer than ${MAX_QUERY_LENGTH} characters`)];
      }
      return undefined;
    },
    formatError(error) {
      // Errors we did not mean for users (bugs) are masked; the rest keep their message.
      if (error instanceof GraphQLError && error.originalError && !(error.originalError instanceof GraphQLError)) {
        return new GraphQLError('Internal error', { nodes: error.nodes, path: error.path });
      }
      return error;
    },
  });
}
