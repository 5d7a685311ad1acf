import { ShopRefusal } from './shop-state';

/**
 * Shopify's cursor pagination (channel-apis §1): the first request carries the filters, every
 * later one only `page_info` and `limit` (and `fields`); the `Link` header names the next and
 * previous pages and is absent when there is only one. The cursor here carries the first
 * request's filters and the sort key of the page's edge, so a page never skips or repeats a row
 * even while rows are added.
 */
export const PAGE_ONLY_PARAMS = new Set(['page_info', 'limit', 'fields']);
export const MAX_LIMIT = 250;
const DEFAULT_LIMIT = 50;

interface Cursor {
  /** The first request's filters. */
  filters: Record<string, string>;
  /** After (next page) or before (previous page) this edge: [sort value, id]. */
  after?: [number, number];
  before?: [number, number];
}

export interface PageRequest {
  filters: Record<string, string>;
  limit: number;
  fields: string[] | null;
  after: [number, number] | null;
  before: [number, number] | null;
}

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url');

export function readPageRequest(query: URLSearchParams): PageRequest {
  const limitText = query.get('limit');
  const limit = limitText === null ? DEFAULT_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1) throw new ShopRefusal(400, { limit: 'Invalid value.' });
  const fieldsText = query.get('fields');
  const fields = fieldsText ? fieldsText.split(',').map((field) => field.trim()) : null;
  const pageInfo = query.get('page_info');
  if (pageInfo === null) {
    const filters: Record<string, string> = {};
    for (const [name, value] of query) if (!PAGE_ONLY_PARAMS.has(name)) filters[name] = value;
    return { filters, limit: Math.min(limit, MAX_LIMIT), fields, after: null, before: null };
  }
  for (const name of query.keys()) {
    if (!PAGE_ONLY_PARAMS.has(name)) {
      throw new ShopRefusal(400, { [name]: `${name} cannot be passed when page_info is present` });
    }
  }
  let cursor: Cursor;
  try {
    cursor = JSON.parse(Buffer.from(pageInfo, 'base64url').toString('utf8')) as Cursor;
    if (!cursor || typeof cursor.filters !== 'object') throw new Error('no filters');
  } catch {
    throw new ShopRefusal(400, { page_info: 'Invalid value.' });
  }
  return {
    filters: cursor.filters,
    limit: Math.min(limit, MAX_LIMIT),
    fields,
    after: cursor.after ?? null,
    before: cursor.before ?? null,
  };
}

/**
 * One page of `rows` (already filtered and sorted by `keyOf`, ascending in `direction`), and the
 * `Link` header value, or null when there is no other page.
 */
export function pageOf<T>(
  rows: readonly T[],
  request: PageRequest,
  keyOf: (row: T) => [number, number],
  direction: 'asc' | 'desc',
  linkBase: string,
): { page: T[]; link: string | null } {
  const sign = direction === 'asc' ? 1 : -1;
  const compare = (a: [number, number], b: [number, number]) =>
    sign * (a[0] === b[0] ? a[1] - b[1] : a[0] - b[0]);
  const [start, end] = ((): [number, number] => {
    if (request.after) {
      const after = request.after;
      const first = rows.findIndex((row) => compare(keyOf(row), after) > 0);
      const from = first < 0 ? rows.length : first;
      return [from, Math.min(rows.length, from + request.limit)];
    }
    if (request.before) {
      const before = request.before;
      const found = rows.findIndex((row) => compare(keyOf(row), before) >= 0);
      const to = found < 0 ? rows.length : found;
      return [Math.max(0, to - request.limit), to];
    }
    return [0, Math.min(rows.length, request.limit)];
  })();
  const page = rows.slice(start, end);
  const links: string[] = [];
  const url = (cursor: Cursor) => `<${linkBase}?limit=${request.limit}&page_info=${encode(cursor)}>`;
  if (page.length > 0 && start > 0) {
    links.push(`${url({ filters: request.filters, before: keyOf(page[0]!) })}; rel="previous"`);
  }
  if (page.length > 0 && end < rows.length) {
    links.push(`${url({ filters: request.filters, after: keyOf(page[page.length - 1]!) })}; rel="next"`);
  }
  return { page, link: links.length ? links.join(', ') : null };
}

/** `fields=id,name`: only those keys of each row. */
export function onlyFields<T extends object>(rows: T[], fields: string[] | null): unknown[] {
  if (!fields) return rows;
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([name]) => fields.includes(name))));
}
