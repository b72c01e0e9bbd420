/**
 * The screener's GraphQL schema (POST /api/graphql): filteredCompanies, one
 * page of a screen, and company(symbol), the market record. The FilterMap
 * scalar carries the filters; resolvers live on the schema's fields, which
 * every executor honours.
 */
import { GraphQLError, Kind, buildSchema, type ASTNode, type GraphQLObjectType, type GraphQLScalarType } from 'graphql';
import { NUMERIC_FIELDS, type ScreenerRow } from '../../../../lib/screener.ts';
import { resolvers, type GraphqlContext } from './resolvers.ts';

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
    "Where the record and its prices come from: demo, nasdaq-screener, daily-bars or a quote provider."
    data_source: String!
    "The trading day the imported prices are as of (YYYY-MM-DD); null for demo records."
    prices_as_of: String
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

const queryFields = schema.getQueryType()!.getFields();
queryFields.filteredCompanies!.resolve = (_root, args, ctx) =>
  resolvers.filteredCompanies(args as Parameters<typeof resolvers.filteredCompanies>[0], ctx as GraphqlContext);
queryFields.company!.resolve = (_root, args, ctx) =>
  resolvers.company(args as { symbol: string }, ctx as GraphqlContext);

// Company-page fields are read from the database only when a query asks for them, a page of rows at a time.
const companyFields = (schema.getType('Company') as GraphQLObjectType).getFields();
companyFields.description!.resolve = (row: ScreenerRow, _args, ctx) =>
  (ctx as GraphqlContext).descriptions.load(row.symbol);
companyFields.insiderOwnershipRecords!.resolve = (row: ScreenerRow, _args, ctx) =>
  (ctx as GraphqlContext).insiderRecords.load(row.symbol);
