/**
 * What a GraphQL operation would really cost, computed before it runs: every
 * field it selects (aliases and fragments included) counts once per value it
 * would produce, so a field under a list of a thousand companies counts a
 * thousand times, and fields read from the database weigh more. An operation
 * over the budget is refused without running.
 */
import {
  Kind,
  getNamedType,
  getNullableType,
  isInterfaceType,
  isListType,
  isObjectType,
  valueFromASTUntyped,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
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

const sizesBySchema = new WeakMap<GraphQLSchema, Record<string, number>>();

/** The page size `filteredCompanies` asks for (its rows' list), from a literal or a variable. */
function pageSizeOf(field: FieldNode, variables: Record<string, unknown>): number {
  const data = field.arguments?.find((argument) => argument.name.value === 'data');
  const value = data ? (valueFromASTUntyped(data.value, variables) as { pageSize?: unknown } | null) : null;
  const size = typeof value?.pageSize === 'number' ? value.pageSize : MAX_PAGE_SIZE;
  return Math.max(0, Math.min(MAX_PAGE_SIZE, Math.floor(size)));
}

export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): number {
  let sizes = sizesBySchema.get(schema);
  if (!sizes) {
    sizes = introspectionSizes(schema);
    sizesBySchema.set(schema, sizes);
  }
  const fragments = new Map<string, FragmentDefinitionNode>();
  let operation: OperationDefinitionNode | undefined;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
    if (definition.kind === Kind.OPERATION_DEFINITION && (!operationName || definition.name?.value === operationName))
      operation ??= definition;
  }
  const root = operation?.operation === 'query' ? schema.getQueryType() : null;
  if (!operation || !root) return 0;
  /** The type a field gives, the root's introspection fields included. */
  const fieldType = (parent: GraphQLNamedType, name: string): GraphQLOutputType | undefined => {
    if (name === '__schema') return schema.getType('__Schema') as GraphQLOutputType;
    if (name === '__type') return schema.getType('__Type') as GraphQLOutputType;
    return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name]?.type : undefined;
  };

  const visit = (
    selection: SelectionSetNode,
    parent: GraphQLNamedType,
    multiplier: number,
    childListSize: number | null,
    seen: ReadonlySet<string>,
  ): number => {
    let total = 0;
    for (const node of selection.selections) {
      if (node.kind === Kind.INLINE_FRAGMENT) {
        total += visit(node.selectionSet, parent, multiplier, childListSize, seen);
      } else if (node.kind === Kind.FRAGMENT_SPREAD) {
        const fragment = fragments.get(node.name.value);
        if (fragment && !seen.has(fragment.name.value))
          total += visit(
            fragment.selectionSet,
            parent,
            multiplier,
            childListSize,
            new Set([...seen, fragment.name.value]),
          );
      } else {
        const key = `${parent.name}.${node.name.value}`;
        total += multiplier * (FIELD_WEIGHTS[key] ?? 1);
        if (!node.selectionSet) continue;
        const type = fieldType(parent, node.name.value);
        if (!type) continue;
        const size = isListType(getNullableType(type)) ? (childListSize ?? sizes[key] ?? DEFAULT_LIST_SIZE) : 1;
        const nextListSize = key === 'Query.filteredCompanies' ? pageSizeOf(node, variables) : null;
        total += visit(node.selectionSet, getNamedType(type), multiplier * size, nextListSize, seen);
      }
    }
    return total;
  };
  return visit(operation.selectionSet, root, 1, null, new Set());
}
