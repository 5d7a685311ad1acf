import { GraphQLError } from 'graphql';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
  last?: number | null;
  before?: string | null;
  reverse?: boolean | null;
}

type Key = (number | string)[];

function compareKeys(a: Key, b: Key): number {
  for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
    const [x, y] = [a[i], b[i]];
    if (x === y) continue;
    if (x === undefined) return -1;
    if (y === undefined) return 1;
    return x < y ? -1 : 1;
  }
  return 0;
}

export function encodeCursor(key: Key): string {
  return Buffer.from(JSON.stringify({ last_id: key[key.length - 1], last_value: key }), 'utf8').toString(
    'base64url',
  );
}

function decodeCursor(cursor: string): Key {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { last_value?: unknown };
    if (Array.isArray(decoded.last_value)) return decoded.last_value as Key;
  } catch {
    // falls through to the refusal below
  }
  throw new GraphQLError(`Invalid cursor for current pagination sort.`, {
    extensions: { code: 'BAD_REQUEST' },
  });
}

/** Shopify's largest page (`first`/`last`). */
export const MAX_PAGE_SIZE = 250;

/**
 * One page of `items` (already in the connection's natural order) as a Relay connection, with
 * keyset cursors: a cursor names the last row's sort key, so rows changing under a paging client
 * are neither skipped nor repeated the way offsets would. `unlimited` (bulk operations) returns
 * every row and needs no `first`.
 */
export function connectionOf<T>(
  items: readonly T[],
  args: ConnectionArgs,
  keyOf: (item: T) => Key,
  unlimited = false,
) {
  const { first, last, after, before } = args;
  if (!unlimited && (first === undefined || first === null) && (last === undefined || last === null)) {
    throw new GraphQLError('you must provide one of first or last', { extensions: { code: 'BAD_REQUEST' } });
  }
  for (const [name, value] of [
    ['first', first],
    ['last', last],
  ] as const) {
    if (value !== undefined && value !== null && (value < 0 || value > MAX_PAGE_SIZE) && !unlimited) {
      throw new GraphQLError(
        `The value of the argument \`${name}\` must be between 0 and ${MAX_PAGE_SIZE}.`,
        {
          extensions: { code: 'BAD_REQUEST' },
        },
      );
    }
  }
  const sign = args.reverse ? -1 : 1;
  const ordered = args.reverse ? [...items].reverse() : items;
  // `items` are in ascending key order, so the first row past a cursor is found by halving.
  const firstWhere = (holds: (item: T) => boolean) => {
    let low = 0;
    let high = ordered.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (holds(ordered[middle]!)) high = middle;
      else low = middle + 1;
    }
    return low;
  };
  let start = 0;
  let end = ordered.length;
  if (after) {
    const key = decodeCursor(after);
    start = firstWhere((item) => sign * compareKeys(keyOf(item), key) > 0);
  }
  if (before) {
    const key = decodeCursor(before);
    end = firstWhere((item) => sign * compareKeys(keyOf(item), key) >= 0);
  }
  let window = ordered.slice(start, Math.max(start, end));
  let hasNextPage = end < ordered.length;
  let hasPreviousPage = start > 0;
  if (!unlimited && first !== undefined && first !== null) {
    hasNextPage = hasNextPage || window.length > first;
    window = window.slice(0, first);
  }
  if (!unlimited && last !== undefined && last !== null) {
    hasPreviousPage = hasPreviousPage || window.length > last;
    window = window.slice(Math.max(0, window.length - last));
  }
  const edges = window.map((node) => ({ cursor: encodeCursor(keyOf(node)), node }));
  const pageInfo = {
    hasNextPage,
    hasPreviousPage,
    startCursor: edges[0]?.cursor ?? null,
    endCursor: edges[edges.length - 1]?.cursor ?? null,
  };
  return {
    edges,
    nodes: window,
    pageInfo,
    /** The same page with each row turned into what the schema serves (only the page is built). */
    nodesMapped<U>(view: (node: T) => U) {
      const views = window.map(view);
      return {
        edges: edges.map((edge, index) => ({ cursor: edge.cursor, node: views[index]! })),
        nodes: views,
        pageInfo,
      };
    },
  };
}

/** A connection over a small fixed list (an order's lines): the position is the key. */
export function listConnection<T>(items: readonly T[], args: ConnectionArgs, unlimited = false) {
  const indexed = items.map((item, index) => ({ item, index }));
  const page = connectionOf(indexed, args, (entry) => [entry.index], unlimited);
  return {
    edges: page.edges.map((edge) => ({ cursor: edge.cursor, node: edge.node.item })),
    nodes: page.nodes.map((entry) => entry.item),
    pageInfo: page.pageInfo,
  };
}
