/**
 * What a GraphQL operation would really cost, computed before it runs
 * (graphql-query-complexity walks the operation, aliases, fragments and
 * skipped fields included): every field counts once per value it would
 * produce, so a field under a list of a thousand companies counts a thousand
 * times, and fields read from the database weigh more. An operation over the
 * budget is refused without running.
 */
import { getNullableType, isListType, type DocumentNode, type GraphQLNamedType, type GraphQLSchema } from 'graphql';
import { getComplexity, type ComplexityEstimator } from 'graphql-query-complexity';
import { MAX_PAGE_SIZE } from '../query.ts';

/** The most a single operation may cost: a full page of a thousand rows with every column fits, and so does the standard introspection query. */
export const MAX_COST = 250_000;

/** Fields read from the database for each row they appear on. */
const FIELD_WEIGHTS: Record<string, number> = {
  'Company.description': 20,
  'Company.insiderOwnershipRecords': 20,
};

/** Items a list holds at most, where the schema cannot say (a company's insider transactions). */
const DEFAULT_LIST_SIZE = 100;

/**
 * Fields looked at before the cost is known: far more than the document
 * limits let a query name once, so only fragments spread again and again
 * reach it, and such an operation is refused as too costly.
 */
const MAX_NODES = 20_000;

/** The sizes of the introspection lists, from the schema itself: introspection is public but not free. */
function introspectionSizes(schema: GraphQLSchema): Record<string, number> {
  const types = Object.values(schema.getTypeMap());
  const most = (counts: number[]) => Math.max(1, ...counts);
  const fieldsOf = (type: GraphQLNamedType) =>
    'getFields' in type ? Object.values(type.getFields() as Record<string, { args?: readonly unknown[] }>) : [];
  return {
    '__Schema.types': types.length,
    '__Schema.directives': schema.getDirectives().length,
    '__Type.fields': most(types.map((t) => fieldsOf(t).length)),
    '__Type.inputFields': most(types.map((t) => fieldsOf(t).length)),
    '__Type.enumValues': most(types.map((t) => ('getValues' in t ? t.getValues().length : 0))),
    '__Type.interfaces': most(types.map((t) => ('getInterfaces' in t ? t.getInterfaces().length : 0))),
    '__Type.possibleTypes': 1,
    '__Field.args': most(types.flatMap((t) => fieldsOf(t).map((f) => f.args?.length ?? 0))),
    '__Directive.args': most(schema.getDirectives().map((d) => d.args.length)),
    '__Directive.locations': 20,
  };
}

/** The page size `filteredCompanies` asks for (its rows' list), bounded as the screen bounds it. */
function pageSizeOf(args: Record<string, unknown>): number {
  const size = (args.data as { pageSize?: unknown } | undefined)?.pageSize;
  return Math.max(0, Math.min(MAX_PAGE_SIZE, Math.floor(typeof size === 'number' ? size : MAX_PAGE_SIZE)));
}

const estimatorsBySchema = new WeakMap<GraphQLSchema, ComplexityEstimator[]>();

/**
 * A field costs its weight, plus what its selection costs once per item it
 * holds. A page's rows are its page size: `filteredCompanies` multiplies its
 * selection by it (the page's two counts with the rows, a few more than they
 * cost), and its `companies` list counts once.
 */
function estimatorsFor(schema: GraphQLSchema): ComplexityEstimator[] {
  let estimators = estimatorsBySchema.get(schema);
  if (estimators) return estimators;
  const sizes = introspectionSizes(schema);
  const estimate: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
    const key = `${type.name}.${field.name}`;
    const weight = FIELD_WEIGHTS[key] ?? 1;
    if (key === 'Query.filteredCompanies') return weight + pageSizeOf(args) * childComplexity;
    if (key === 'FilteredCompanies.companies') return weight + childComplexity;
    const size = isListType(getNullableType(field.type)) ? (sizes[key] ?? DEFAULT_LIST_SIZE) : 1;
    return weight + size * childComplexity;
  };
  estimators = [estimate];
  estimatorsBySchema.set(schema, estimators);
  return estimators;
}

/** The operation's cost with these variables (already checked against their types); Infinity when it is too large to cost. */
export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): number {
  try {
    return getComplexity({
      schema,
      query: document,
      operationName: operationName ?? undefined,
      variables,
      estimators: estimatorsFor(schema),
      maxQueryNodes: MAX_NODES,
    });
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}
