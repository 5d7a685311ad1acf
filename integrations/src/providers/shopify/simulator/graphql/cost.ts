import {
  getNamedType,
  isCompositeType,
  isListType,
  isNonNullType,
  Kind,
  valueFromASTUntyped,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLObjectType,
  type GraphQLSchema,
  type GraphQLType,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * Query cost as Shopify documents it (shopify.dev/docs/api/usage/limits#cost-calculation): a
 * scalar or enum field costs 0, an object 1, a connection 2 plus, for each node it may return, the
 * cost of what is asked of that node (`first`/`last` of them before running, the ones it returned
 * after), a list of objects its size times the cost of one, and a mutation 10. The requested cost
 * decides whether the bucket lets the query in; the actual cost is what it takes out.
 */
export const MUTATION_COST = 10;
export const MAX_QUERY_COST = 1000;

interface Walk {
  schema: GraphQLSchema;
  fragments: Record<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

function argument(field: FieldNode, name: string, walk: Walk): unknown {
  const node = field.arguments?.find((candidate) => candidate.name.value === name);
  if (!node) return undefined;
  return valueFromASTUntyped(node.value, walk.variables);
}

function isConnection(type: GraphQLType): boolean {
  return getNamedType(type).name.endsWith('Connection');
}

/** The fields asked of `type`, fragments spread in (a fragment on another type counts too: an upper bound). */
function fieldsOf(selectionSet: SelectionSetNode, walk: Walk): FieldNode[] {
  const fields: FieldNode[] = [];
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) fields.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) fields.push(...fieldsOf(selection.selectionSet, walk));
    else {
      const fragment = walk.fragments[selection.name.value];
      if (fragment) fields.push(...fieldsOf(fragment.selectionSet, walk));
    }
  }
  return fields;
}

function fieldDefinition(
  type: GraphQLCompositeType,
  name: string,
  walk: Walk,
): GraphQLField<unknown, unknown> | null {
  if ('getFields' in type) return type.getFields()[name] ?? null;
  // A union: the field of whichever member has it.
  for (const member of walk.schema.getPossibleTypes(type)) {
    const field = member.getFields()[name];
    if (field) return field;
  }
  return null;
}

/** Sum of the fields of one object (not counting the object itself). */
function selectionCost(
  selectionSet: SelectionSetNode,
  type: GraphQLCompositeType,
  data: unknown,
  walk: Walk,
): number {
  let total = 0;
  for (const field of fieldsOf(selectionSet, walk)) {
    if (field.name.value.startsWith('__')) continue;
    const definition = fieldDefinition(type, field.name.value, walk);
    if (!definition) continue;
    const key = field.alias?.value ?? field.name.value;
    const value = data === undefined ? undefined : (data as Record<string, unknown> | null)?.[key];
    if (data !== undefined && (value === undefined || value === null)) continue;
    total += fieldCost(field, definition.type, value, walk);
  }
  return total;
}

function objectCost(field: FieldNode, type: GraphQLType, data: unknown, walk: Walk): number {
  const named = getNamedType(type);
  if (!field.selectionSet || !isCompositeType(named)) return 0;
  return 1 + selectionCost(field.selectionSet, named, data, walk);
}

function fieldCost(field: FieldNode, type: GraphQLType, data: unknown, walk: Walk): number {
  const named = getNamedType(type);
  if (!isCompositeType(named) || !field.selectionSet) return 0;
  if (isConnection(type)) {
    const connection = named as GraphQLObjectType;
    const edgeType = getNamedType(connection.getFields().edges!.type) as GraphQLObjectType;
    const nodeType = getNamedType(edgeType.getFields().node!.type) as GraphQLCompositeType;
    // What one node costs: the larger of what `edges { node }` and `nodes` ask of it.
    const perNode = (item: { node?: unknown; nodes?: unknown }) => {
      let cost = 1;
      for (const part of fieldsOf(field.selectionSet!, walk)) {
        if (part.name.value === 'nodes' && part.selectionSet) {
          cost = Math.max(cost, 1 + selectionCost(part.selectionSet, nodeType, item.nodes, walk));
        }
        if (part.name.value === 'edges' && part.selectionSet) {
          for (const inner of fieldsOf(part.selectionSet, walk)) {
            if (inner.name.value === 'node' && inner.selectionSet) {
              cost = Math.max(cost, 1 + selectionCost(inner.selectionSet, nodeType, item.node, walk));
            }
          }
        }
      }
      return cost;
    };
    if (data === undefined) {
      const size = Number(argument(field, 'first', walk) ?? argument(field, 'last', walk) ?? 1);
      return 2 + size * perNode({});
    }
    const value = data as { edges?: { node: unknown }[]; nodes?: unknown[] };
    const count = Math.max(value.edges?.length ?? 0, value.nodes?.length ?? 0);
    let total = 2;
    for (let index = 0; index < count; index += 1) {
      // null, not undefined: a part not asked for costs nothing (undefined would mean "requested").
      total += perNode({ node: value.edges?.[index]?.node ?? null, nodes: value.nodes?.[index] ?? null });
    }
    return total;
  }
  const unwrapped = isNonNullType(type) ? type.ofType : type;
  if (isListType(unwrapped)) {
    if (data === undefined) {
      const sized =
        argument(field, 'first', walk) ??
        (argument(field, 'ids', walk) as unknown[] | undefined)?.length ??
        (argument(field, 'names', walk) as unknown[] | undefined)?.length ??
        1;
      return Number(sized) * objectCost(field, unwrapped.ofType, undefined, walk);
    }
    return (data as unknown[]).reduce<number>(
      (sum, item) => sum + (item === null ? 0 : objectCost(field, unwrapped.ofType, item, walk)),
      0,
    );
  }
  return objectCost(field, type, data, walk);
}

/**
 * The cost of the operation: `data` undefined → the requested cost (from the arguments), else the
 * actual cost of what `data` holds.
 */
export function queryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: Record<string, FragmentDefinitionNode>,
  variables: Record<string, unknown>,
  data?: unknown,
): number {
  const walk: Walk = { schema, fragments, variables };
  if (operation.operation === 'mutation') {
    return (
      fieldsOf(operation.selectionSet, walk).filter((field) => !field.name.value.startsWith('__')).length *
      MUTATION_COST
    );
  }
  const root = schema.getQueryType()!;
  return selectionCost(operation.selectionSet, root, data === null ? {} : data, walk);
}

/**
 * Shopify's points bucket (Standard: 100 points a second back, 2,000 at most): a query may start
 * only when its requested cost is available; its actual cost is then taken out.
 */
export class CostBucket {
  private available: number;
  private updatedAt: number;

  constructor(
    private options: { maximumAvailable: number; restoreRate: number },
    private readonly now: () => number,
  ) {
    this.available = options.maximumAvailable;
    this.updatedAt = now();
  }

  configure(options: Partial<{ maximumAvailable: number; restoreRate: number }>): void {
    this.restore();
    this.options = { ...this.options, ...options };
    this.available = Math.min(this.available, this.options.maximumAvailable);
  }

  /** Full again (tests start from a known state). */
  reset(): void {
    this.available = this.options.maximumAvailable;
    this.updatedAt = this.now();
  }

  canAfford(cost: number): boolean {
    this.restore();
    return this.available >= cost;
  }

  take(cost: number): void {
    this.restore();
    this.available = Math.max(0, this.available - cost);
  }

  status() {
    this.restore();
    return {
      maximumAvailable: this.options.maximumAvailable,
      currentlyAvailable: Math.floor(this.available),
      restoreRate: this.options.restoreRate,
    };
  }

  private restore(): void {
    const now = this.now();
    this.available = Math.min(
      this.options.maximumAvailable,
      this.available + ((now - this.updatedAt) / 1000) * this.options.restoreRate,
    );
    this.updatedAt = now;
  }
}
