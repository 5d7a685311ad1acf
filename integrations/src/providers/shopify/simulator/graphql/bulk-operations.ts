import { randomBytes } from 'node:crypto';
import { execute, getNamedType, Kind, parse, validate, type DocumentNode, type GraphQLSchema } from 'graphql';
import { rootValue, type AdminContext } from './resolvers';

export interface BulkOperationRecord {
  id: number;
  status: 'CREATED' | 'RUNNING' | 'COMPLETED' | 'FAILED' | 'CANCELED' | 'CANCELING';
  type: 'QUERY';
  errorCode: 'ACCESS_DENIED' | 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
  createdAt: string;
  completedAt: string | null;
  objectCount: number;
  rootObjectCount: number;
  query: string;
  /** The JSONL once complete; served at `url`. */
  jsonl: string | null;
  token: string;
}

const isoSecond = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

function isConnectionValue(value: unknown): value is { edges?: { node: unknown }[]; nodes?: unknown[] } {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
  const candidate = value as { edges?: unknown; nodes?: unknown };
  return Array.isArray(candidate.edges) || Array.isArray(candidate.nodes);
}

function connectionNodes(value: {
  edges?: { node: unknown }[];
  nodes?: unknown[];
}): Record<string, unknown>[] {
  return (value.nodes ?? value.edges?.map((edge) => edge.node) ?? []) as Record<string, unknown>[];
}

/**
 * Bulk queries as Shopify runs them: the query is checked (one top-level connection, no
 * `first`/`after` needed), then run over the whole catalogue in the background; the result is
 * JSONL, one object a line, each nested connection's nodes on their own lines after their parent
 * with `__parentId` (the parent node's id), and served unauthenticated at the operation's `url`,
 * as Shopify's signed storage address is.
 */
export class BulkOperations {
  private readonly operations = new Map<number, BulkOperationRecord>();
  private readonly running = new Set<Promise<void>>();
  finishListeners: ((operation: BulkOperationRecord) => void)[] = [];

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly options: {
      newId: () => number;
      now: () => number;
      /** `http://host:port` of the simulator: where the result files are served. */
      origin: () => string;
      /** How long a run waits before it starts (tests of RUNNING); none by default. */
      delayMs?: number;
    },
  ) {}

  /** `GET /bulk-operation-results/{id}.jsonl?token=…` */
  file(id: number, token: string | null): string | null {
    const operation = this.operations.get(id);
    if (!operation || operation.token !== token || operation.jsonl === null) return null;
    return operation.jsonl;
  }

  view(id: string): Record<string, unknown> | null {
    const match = /^gid:\/\/shopify\/BulkOperation\/(\d+)$/.exec(id);
    const operation = match ? this.operations.get(Number(match[1])) : undefined;
    return operation ? this.viewOf(operation) : null;
  }

  current(type: string): Record<string, unknown> | null {
    if (type !== 'QUERY') return null;
    const latest = [...this.operations.values()].pop();
    return latest ? this.viewOf(latest) : null;
  }

  runQuery(query: string, context: AdminContext) {
    const invalid = (message: string) => ({
      bulkOperation: null,
      userErrors: [{ code: 'INVALID', field: ['query'], message }],
    });
    const busy = [...this.operations.values()].find(
      (operation) => operation.status === 'CREATED' || operation.status === 'RUNNING',
    );
    if (busy) {
      return {
        bulkOperation: null,
        userErrors: [
          {
            code: 'OPERATION_IN_PROGRESS',
            field: null,
            message: `A bulk query operation for this app and shop is already in progress: gid://shopify/BulkOperation/${busy.id}.`,
          },
        ],
      };
    }
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return invalid(`Invalid bulk query: ${(error as Error).message}`);
    }
    const errors = validate(this.schema, document);
    if (errors.length) return invalid(`Invalid bulk query: ${errors[0]!.message}`);
    const operation = document.definitions.find(
      (definition) => definition.kind === Kind.OPERATION_DEFINITION,
    );
    if (!operation || operation.operation !== 'query')
      return invalid('Invalid bulk query: a query is required.');
    const roots = operation.selectionSet.selections.filter((selection) => selection.kind === Kind.FIELD);
    const rootField = roots[0];
    const rootType = rootField
      ? this.schema.getQueryType()!.getFields()[rootField.name.value]?.type
      : undefined;
    if (roots.length !== 1 || !rootType || !getNamedType(rootType).name.endsWith('Connection')) {
      return invalid('Bulk queries must contain at least one connection.');
    }
    const record: BulkOperationRecord = {
      id: this.options.newId(),
      status: 'CREATED',
      type: 'QUERY',
      errorCode: null,
      createdAt: isoSecond(this.options.now()),
      completedAt: null,
      objectCount: 0,
      rootObjectCount: 0,
      query,
      jsonl: null,
      token: randomBytes(12).toString('hex'),
    };
    this.operations.set(record.id, record);
    const run = this.run(record, document, { ...context, unlimited: true });
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return { bulkOperation: this.viewOf(record), userErrors: [] };
  }

  cancel(id: string) {
    const view = this.view(id);
    const operation = view ? this.operations.get(Number(/(\d+)$/.exec(id)![1])) : undefined;
    if (!operation)
      return {
        bulkOperation: null,
        userErrors: [{ field: ['id'], message: 'Bulk operation does not exist' }],
      };
    if (operation.status !== 'CREATED' && operation.status !== 'RUNNING') {
      return {
        bulkOperation: this.viewOf(operation),
        userErrors: [
          {
            field: null,
            message: `A bulk operation cannot be canceled when it is ${operation.status.toLowerCase()}`,
          },
        ],
      };
    }
    operation.status = 'CANCELED';
    return { bulkOperation: this.viewOf(operation), userErrors: [] };
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.running]);
  }

  private viewOf(operation: BulkOperationRecord): Record<string, unknown> {
    const done = operation.status === 'COMPLETED';
    return {
      __typename: 'BulkOperation',
      id: `gid://shopify/BulkOperation/${operation.id}`,
      status: operation.status,
      type: operation.type,
      errorCode: operation.errorCode,
      createdAt: operation.createdAt,
      completedAt: operation.completedAt,
      objectCount: String(operation.objectCount),
      rootObjectCount: String(operation.rootObjectCount),
      fileSize: done && operation.jsonl !== null ? String(Buffer.byteLength(operation.jsonl)) : null,
      // Shopify gives no file for a query that found nothing.
      url:
        done && operation.objectCount > 0
          ? `${this.options.origin()}/bulk-operation-results/${operation.id}.jsonl?token=${operation.token}`
          : null,
      partialDataUrl: null,
      query: operation.query,
    };
  }

  private async run(
    record: BulkOperationRecord,
    document: DocumentNode,
    context: AdminContext,
  ): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, this.options.delayMs ?? 0));
    if (record.status === 'CANCELED') return;
    record.status = 'RUNNING';
    await new Promise((resolve) => setImmediate(resolve));
    const result = await execute({
      schema: this.schema,
      document,
      rootValue: rootValue(),
      contextValue: context,
    });
    if ((record.status as string) === 'CANCELED') return;
    if (result.errors?.length || !result.data) {
      record.status = 'FAILED';
      record.errorCode = result.errors?.some((error) => error.extensions?.code === 'ACCESS_DENIED')
        ? 'ACCESS_DENIED'
        : 'INTERNAL_SERVER_ERROR';
      record.completedAt = null;
      this.finish(record);
      return;
    }
    const lines: string[] = [];
    const emit = (node: Record<string, unknown>, parentId: string | null) => {
      const own: Record<string, unknown> = {};
      const children: { nodes: Record<string, unknown>[] }[] = [];
      const strip = (value: Record<string, unknown>, into: Record<string, unknown>) => {
        for (const [key, field] of Object.entries(value)) {
          if (isConnectionValue(field)) children.push({ nodes: connectionNodes(field) });
          else if (field && typeof field === 'object' && !Array.isArray(field)) {
            const nested: Record<string, unknown> = {};
            strip(field as Record<string, unknown>, nested);
            into[key] = nested;
          } else into[key] = field;
        }
      };
      strip(node, own);
      if (parentId !== null) own.__parentId = parentId;
      lines.push(JSON.stringify(own));
      for (const child of children) {
        for (const childNode of child.nodes)
          emit(childNode, typeof node.id === 'string' ? node.id : parentId);
      }
    };
    const rootValueOfData = Object.values(result.data)[0];
    const roots = isConnectionValue(rootValueOfData) ? connectionNodes(rootValueOfData) : [];
    for (const root of roots) emit(root, null);
    record.jsonl = lines.length ? `${lines.join('\n')}\n` : '';
    record.objectCount = lines.length;
    record.rootObjectCount = roots.length;
    record.status = 'COMPLETED';
    record.completedAt = isoSecond(this.options.now());
    this.finish(record);
  }

  private finish(record: BulkOperationRecord): void {
    for (const listener of this.finishListeners) listener(record);
  }
}
