import { Op, Sequelize, type ModelStatic, type WhereOptions } from 'sequelize';
import type { Order } from '../../db/order.models';
import {
  parseListQuery,
  toFindOptions,
  type ListQueryInput,
  type ParsedListFilter,
  type ParsedListQuery,
} from '../../http/list-query';
import { visibleListSpec } from '../../http/personal-data';
import type { RequestScope } from '../../http/request-scope';
import { ORDER_LIST_SPEC, ORDER_PERSONAL_FIELDS } from './order-list.spec';

/**
 * The orders list's SQL at a million orders. Where the time goes (performance-facts.md) and
 * what each part does about it:
 *
 * - Page: ids first, from an index that serves both the filter and the sort (FORCE INDEX on
 *   MySQL, whose optimiser otherwise scans the newest rows of the store for a filtered page), then
 *   the 50 rows by primary key. Skipped rows of a deep page are index entries, not rows.
 * - Search: a derived table of matching ids, one index-driven branch per field (prefix matches),
 *   joined by primary key — never an OR across columns, which reads every order of the store.
 * - Total: from `order_status_counts` when only sync status / status filter; from
 *   `order_day_counts` (MySQL) plus the two partial edge days for an order-date range; from the
 *   page itself when it is the last one; for a search, by the page query itself (a window count
 *   over the matches it sorts anyway); else COUNT(*) over the index the filters pick.
 * - Deep pages of a date sort start at the day holding their first row (day counters), so they
 *   skip that day's rows, not the store's.
 */

type Dialect = 'mysql' | 'sqlite';

/** The parts of Sequelize's query generator used to turn a where object into SQL. */
interface WhereGenerator {
  getWhereConditions(where: WhereOptions, tableName: string, model: ModelStatic<Order>): string;
}

const LIKE_ESCAPE = '!';
const escapeLike = (text: string) => text.replace(/[!%_]/g, (character) => `${LIKE_ESCAPE}${character}`);
const SECOND_MS = 1000;
const DAY_MS = 86_400_000;

/** Index names of migrations 0015 and 0020 (MySQL hints). */
const INDEX = {
  date: 'orders_store_id_order_date',
  syncDate: 'orders_store_id_sync_status_order_date',
  statusDate: 'orders_store_id_status_order_date',
  channelDate: 'orders_store_id_channel_id_order_date',
  paymentDate: 'orders_store_id_payment_status_order_date',
  fulfillmentDate: 'orders_store_id_fulfillment_status_order_date',
  createdAt: 'orders_store_id_created_at',
  orderNumber: 'orders_store_id_order_number',
  total: 'orders_store_id_total',
} as const;

/** Columns each sort orders by, in order (the direction applies to all). */
const SORT_COLUMNS: Record<string, string[]> = {
  order_date: ['order_date', 'id'],
  created_at: ['created_at', 'id'],
  order_number: ['order_number', 'id'],
  total: ['total', 'id'],
  // Within one status, newest first (or oldest first ascending): what a person means by it.
  sync_status: ['sync_status', 'order_date', 'id'],
  status: ['status', 'order_date', 'id'],
};
const TEXT_SORT_COLUMNS = new Set(['order_number', 'status']);

export interface OrderListPlan {
  parsed: ParsedListQuery;
  dialect: Dialect;
  storeId: number;
  /** SQL condition on `orders` (store scope, filters, date ranges; not the search). */
  whereSql: string;
  /** A derived table of matching ids (`SELECT id …`) when there is a search. */
  searchSql: string | null;
  /** ORDER BY … (qualified). */
  orderSql: string;
  /** MySQL index hint for the page query. */
  index: string | null;
}

function dialectOf(model: ModelStatic<Order>): Dialect {
  return model.sequelize!.getDialect() === 'sqlite' ? 'sqlite' : 'mysql';
}

function generator(model: ModelStatic<Order>): WhereGenerator {
  return (model.sequelize!.getQueryInterface() as unknown as { queryGenerator: WhereGenerator })
    .queryGenerator;
}

/** The filters and date ranges of the spec as a where object (no store scope, no search). */
/**
 * The list's query as `viewer` may ask it (422 for a bad one): a data-protection role searches,
 * filters and sorts only by what it sees unmasked.
 */
export function parseOrderListQuery(
  viewer: Pick<RequestScope, 'dataProtection'>,
  query: ListQueryInput,
): ParsedListQuery {
  return parseListQuery(query, visibleListSpec(viewer, ORDER_LIST_SPEC, ORDER_PERSONAL_FIELDS, query));
}

function filterWhere(parsed: ParsedListQuery, model: ModelStatic<Order>): WhereOptions {
  return toFindOptions({ ...parsed, search: null }, ORDER_LIST_SPEC, model).where;
}

/**
 * Ids of the store's orders the search term matches: a UNION of prefix matches, each served by an
 * index (order number, customer name, customer e-mail: `(store_id, column)`; SKU: the lines'
 * `product_sku` / `matched_sku` indexes, scoped to the store by the join that uses the ids).
 */
export function searchIdsSql(
  model: ModelStatic<Order>,
  storeId: number,
  search: NonNullable<ParsedListQuery['search']>,
): string {
  const sequelize = model.sequelize!;
  const pattern = `${sequelize.escape(`${escapeLike(search.term)}%`)} ESCAPE '${LIKE_ESCAPE}'`;
  const store = Number(storeId);
  const branches = search.fields.flatMap((field) => {
    if (field === 'sku') {
      return [
        `SELECT order_id AS id FROM order_items WHERE product_sku LIKE ${pattern}`,
        `SELECT order_id AS id FROM order_items WHERE matched_sku LIKE ${pattern}`,
      ];
    }
    // Field names come from the spec's whitelist (parseListQuery refuses others).
    return [`SELECT id FROM orders WHERE store_id = ${store} AND ${field} LIKE ${pattern}`];
  });
  return branches.join(' UNION ');
}

/**
 * The list's selection as one where object on `orders`, for whatever must select exactly what the
 * list shows ("all matching" bulk actions, exports): the store, the filters, the date ranges and
 * the search. Throws the list's 422 for a bad query. The search is `id IN (…)` on the
 * unqualified `id`: use it on queries of the orders table alone.
 */
export function orderListWhere(
  storeId: number,
  query: ListQueryInput,
  model: ModelStatic<Order>,
  /** Whose selection it is: a data-protection role's may not match on personal data (see the list). */
  viewer?: Pick<RequestScope, 'dataProtection'>,
): WhereOptions {
  const parsed = viewer ? parseOrderListQuery(viewer, query) : parseListQuery(query, ORDER_LIST_SPEC);
  const conditions: WhereOptions[] = [{ store_id: storeId }, filterWhere(parsed, model)];
  if (parsed.search && parsed.search.fields.length > 0) {
    // A derived table: materialised once (not re-run per order), and allowed in an UPDATE of orders.
    conditions.push(
      Sequelize.literal(`id IN (SELECT id FROM (${searchIdsSql(model, storeId, parsed.search)}) AS matched)`),
    );
  }
  return { [Op.and]: conditions };
}

const singleEq = (parsed: ParsedListQuery, field: string): ParsedListFilter | undefined =>
  parsed.filters.find((filter) => filter.field === field && filter.operator === 'eq');

/**
 * The index that serves both the filter and the sort, so a page reads ~50 index entries (plus the
 * skipped ones of a deep page) whatever the store's size. Null: the optimiser decides (filters
 * no single index serves with this sort, or a search, whose matches are joined by id).
 */
function indexFor(parsed: ParsedListQuery): string | null {
  if (parsed.search) return null;
  // An order number or e-mail names a handful of orders: their own indexes find them, then a tiny sort.
  if (singleEq(parsed, 'order_number') || singleEq(parsed, 'customer_email')) return null;
  const sort = parsed.sort.field;
  if (sort === 'order_date' || sort === 'sync_status' || sort === 'status') {
    if (sort !== 'status' && singleEq(parsed, 'sync_status')) return INDEX.syncDate;
    if (sort !== 'sync_status' && singleEq(parsed, 'status')) return INDEX.statusDate;
    if (sort === 'sync_status') return INDEX.syncDate;
    if (sort === 'status') return INDEX.statusDate;
    if (singleEq(parsed, 'channel_id')) return INDEX.channelDate;
    if (singleEq(parsed, 'payment_status')) return INDEX.paymentDate;
    if (singleEq(parsed, 'fulfillment_status')) return INDEX.fulfillmentDate;
    return INDEX.date;
  }
  if (parsed.filters.length > 0 || parsed.dateRanges.length > 0) return null;
  return { created_at: INDEX.createdAt, order_number: INDEX.orderNumber, total: INDEX.total }[sort] ?? null;
}

/** Parses the query (422 for a bad one) and plans the page, its count and the status counts. */
export function planOrderList(
  model: ModelStatic<Order>,
  storeId: number,
  query: ListQueryInput,
  parsed: ParsedListQuery = parseListQuery(query, ORDER_LIST_SPEC),
): OrderListPlan {
  const dialect = dialectOf(model);
  const where: WhereOptions = { [Op.and]: [{ store_id: storeId }, filterWhere(parsed, model)] };
  const whereSql = generator(model).getWhereConditions(where, 'orders', model);
  const direction = parsed.sort.direction === 'desc' ? 'DESC' : 'ASC';
  const orderSql = SORT_COLUMNS[parsed.sort.field]!.map((column) => {
    // SQLite compares text by bytes; NOCASE gives the order MySQL's _ci collation gives.
    const collate = dialect === 'sqlite' && TEXT_SORT_COLUMNS.has(column) ? ' COLLATE NOCASE' : '';
    return `orders.${column}${collate} ${direction}`;
  }).join(', ');
  const search = parsed.search && parsed.search.fields.length > 0 ? parsed.search : null;
  return {
    parsed,
    dialect,
    storeId,
    whereSql,
    searchSql: search ? searchIdsSql(model, storeId, search) : null,
    orderSql,
    index: dialect === 'mysql' ? indexFor(parsed) : null,
  };
}

/** `FROM orders [hint] [JOIN matches]`: the search's ids are materialised once and joined by key. */
export function fromSql(plan: OrderListPlan, index: string | null = null): string {
  const hint = index ? ` FORCE INDEX (${index})` : '';
  const join = plan.searchSql ? ` JOIN (${plan.searchSql}) matched ON matched.id = orders.id` : '';
  return `FROM orders${hint}${join}`;
}

/**
 * Where a deep page starts, found from the day counters: the page's rows lie on or after (in the
 * sort's direction) the day holding its first row, so the scan starts at that day's edge of the
 * index and skips only the rows of that day before the page, not the whole store's newer orders.
 */
export interface PageStart {
  /** Condition bounding order_date to the page's side of the day edge. */
  boundSql: string;
  /** Rows to skip after the bound. */
  offset: number;
}

/**
 * The page's ids. No `?` replacements in these statements: the where clause already holds escaped
 * values (a searched "?" must stay text); page and size are validated whole numbers.
 */
export function pageIdsSql(plan: OrderListPlan, start: PageStart | null = null): string {
  const perPage = Number(plan.parsed.perPage);
  const offset = start ? start.offset : (Number(plan.parsed.page) - 1) * perPage;
  const where = start ? `${plan.whereSql} AND ${start.boundSql}` : plan.whereSql;
  // A search's matches are all read and sorted anyway: they count themselves in the same pass.
  const total = plan.searchSql ? ', COUNT(*) OVER () AS total' : '';
  return `SELECT orders.id AS id${total} ${fromSql(plan, plan.index)} WHERE ${where} ORDER BY ${plan.orderSql} LIMIT ${perPage} OFFSET ${Math.max(0, offset)}`;
}

export function countSql(plan: OrderListPlan): string {
  return `SELECT COUNT(*) AS total ${fromSql(plan)} WHERE ${plan.whereSql}`;
}

/** `sync_status` / `status` filters as SQL on a counter table (whose `status` is '' for none). */
export interface CounterSelection {
  /** SQL condition on the counter table's sync_status/status columns ('1 = 1' when none). */
  sql: string;
  /** The order-date range, when the counters are per day. */
  range: { from: Date; to: Date } | null;
}

const COUNTER_FIELDS = new Set(['sync_status', 'status']);

/**
 * Whether counters can answer this query's total: no search; filters on sync status and status
 * only; no date range (`order_status_counts`) or one order-date range (`order_day_counts`, MySQL).
 * Returns the counter condition, or null when the orders themselves must be counted.
 */
export function counterSelection(
  parsed: ParsedListQuery,
  dialect: Dialect,
  escape: (value: string) => string,
): CounterSelection | null {
  if (parsed.search) return null;
  if (!parsed.filters.every((filter) => COUNTER_FIELDS.has(filter.field))) return null;
  let range: CounterSelection['range'] = null;
  if (parsed.dateRanges.length > 0) {
    const [only] = parsed.dateRanges;
    if (dialect !== 'mysql' || parsed.dateRanges.length > 1 || only!.field !== 'order_date') return null;
    range = { from: only!.startDate, to: new Date(only!.endDate.getTime() + SECOND_MS) };
  }
  const conditions = parsed.filters.map((filter) => {
    const column = filter.field;
    const text = column === 'status';
    // SQLite's `=` is binary; the list's status filter is case-insensitive on both dialects.
    const value = (item: unknown) =>
      text
        ? dialect === 'sqlite'
          ? `lower(${escape(String(item))})`
          : escape(String(item))
        : String(Number(item));
    const target = text && dialect === 'sqlite' ? `lower(${column})` : column;
    if (filter.operator === 'in') {
      return `${target} IN (${(filter.value as unknown[]).map(value).join(', ')})`;
    }
    return `${target} ${filter.operator === 'ne' ? '<>' : '='} ${value(filter.value)}`;
  });
  return { sql: conditions.length > 0 ? conditions.join(' AND ') : '1 = 1', range };
}

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * An order-date range split at UTC midnights: whole days the day counters answer, and the partial
 * days at either end (at most one each) that are counted from the orders.
 */
export function splitByDays(range: { from: Date; to: Date }): {
  days: { first: string; last: string } | null;
  edges: { from: Date; to: Date }[];
} {
  const from = range.from.getTime();
  const to = range.to.getTime();
  const firstWhole = Math.ceil(from / DAY_MS) * DAY_MS;
  const afterLastWhole = Math.floor(to / DAY_MS) * DAY_MS;
  if (afterLastWhole <= firstWhole) return { days: null, edges: from < to ? [range] : [] };
  const edges: { from: Date; to: Date }[] = [];
  if (from < firstWhole) edges.push({ from: range.from, to: new Date(firstWhole) });
  if (afterLastWhole < to) edges.push({ from: new Date(afterLastWhole), to: range.to });
  return { days: { first: dayOf(firstWhole), last: dayOf(afterLastWhole - DAY_MS) }, edges };
}
