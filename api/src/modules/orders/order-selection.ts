import { fn, col, Op, type Attributes, type WhereOptions } from 'sequelize';
import { ORDER_ID_FILE, ORDER_SELECTION_BOUND, type OrderSelectionDto } from '@syncdesk/contracts';
import type { Order } from '../../db/order.models';
import type { Models } from '../../db/models';
import { AppError, type FieldErrors } from '../../http/app-error';
import type { ListQueryInput } from '../../http/list-query';
import type { RequestScope } from '../../http/request-scope';
import { orderListWhere } from './order-list.query';
import { ACTION_CHUNK, chunksOf, namedList } from './order-action-support';
import type { OrderIdFile } from './order-id-file';

/** The orders a bulk action names: explicit (all or nothing) or all matching the list's query. */
export type OrderSelection =
  | { kind: 'explicit'; orderIds: number[]; remoteIds: string[]; file: OrderIdFile | null }
  | { kind: 'all'; query: ListQueryInput };

type OrderWhere = WhereOptions<Attributes<Order>>;

const lower = (value: string) => value.toLowerCase();

/**
 * The ids of an explicit selection, every one an order of the store. Anything that names no order
 * of the store (another store's id is the same as none) is a 422 naming it, on its own field.
 */
export async function resolveExplicitSelection(
  models: Models,
  storeId: number,
  selection: Extract<OrderSelection, { kind: 'explicit' }>,
): Promise<number[]> {
  const found = new Set<number>();
  const errors: FieldErrors = {};

  const byIds = async (ids: number[]) => {
    const hits = new Set<number>();
    for (const part of chunksOf([...new Set(ids)])) {
      const rows = await models.Order.findAll({
        where: { store_id: storeId, id: { [Op.in]: part } },
        attributes: ['id'],
        raw: true,
      });
      for (const row of rows) hits.add(Number(row.id));
    }
    return hits;
  };
  const channelIds = async () =>
    (await models.Channel.findAll({ where: { store_id: storeId }, attributes: ['id'], raw: true })).map(
      (row) => row.id,
    );
  /** Orders by a text column; the remote id through the (channel_id, remote_id) index. */
  const byText = async (column: 'order_number' | 'remote_id', values: string[]) => {
    const hits = new Map<string, number[]>();
    const scope: OrderWhere =
      column === 'remote_id' ? { channel_id: { [Op.in]: await channelIds() } } : { store_id: storeId };
    for (const part of chunksOf(values)) {
      const rows = await models.Order.findAll({
        where: { [Op.and]: [scope, { [column]: { [Op.in]: part } }] },
        attributes: ['id', column],
        raw: true,
      });
      for (const row of rows) {
        const key = lower(String(row[column]));
        hits.set(key, [...(hits.get(key) ?? []), Number(row.id)]);
      }
    }
    return hits;
  };

  if (selection.orderIds.length > 0) {
    const hits = await byIds(selection.orderIds);
    const missing = [...new Set(selection.orderIds)].filter((id) => !hits.has(id));
    if (missing.length)
      errors.order_ids = [`No order of this store has the id ${namedList(missing.map(String))}.`];
    hits.forEach((id) => found.add(id));
  }
  if (selection.remoteIds.length > 0) {
    const values = [...new Set(selection.remoteIds)];
    const hits = await byText('remote_id', values);
    const missing = values.filter((value) => !hits.has(lower(value)));
    if (missing.length)
      errors.order_remote_ids = [`No order of this store has the remote id ${namedList(missing)}.`];
    hits.forEach((ids) => ids.forEach((id) => found.add(id)));
  }
  if (selection.file) {
    const { column, values } = selection.file;
    const missing: string[] = [];
    // A value is an order number, else a remote id, else (digits only) our id — unless a header said which.
    let left = values;
    if (column === 'order_number' || column === 'any') {
      const hits = await byText('order_number', left);
      left = left.filter((value) => {
        const ids = hits.get(lower(value));
        ids?.forEach((id) => found.add(id));
        return !ids;
      });
    }
    if (left.length && (column === 'remote_id' || column === 'any')) {
      const hits = await byText('remote_id', left);
      left = left.filter((value) => {
        const ids = hits.get(lower(value));
        ids?.forEach((id) => found.add(id));
        return !ids;
      });
    }
    if (left.length && (column === 'id' || column === 'any')) {
      const numeric = left.filter((value) => /^\d{1,15}$/.test(value)).map(Number);
      const hits = await byIds(numeric);
      left = left.filter((value) => {
        const hit = /^\d{1,15}$/.test(value) && hits.has(Number(value));
        if (hit) found.add(Number(value));
        return !hit;
      });
    }
    missing.push(...left);
    if (missing.length)
      errors[ORDER_ID_FILE.field] = [`No order of this store matches ${namedList(missing)}.`];
  }
  if (Object.keys(errors).length) {
    throw AppError.validation(errors, Object.values(errors)[0]![0]);
  }
  return [...found].sort((a, b) => a - b);
}

/** `up_to_id` of a query: absent, or a positive whole number (else the field's 422). */
function selectionBound(value: ListQueryInput[string]): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined || text === '') return null;
  if (!/^\d{1,15}$/.test(String(text).trim()) || Number(text) <= 0) {
    const message = 'The selection’s last order id must be a whole number.';
    throw AppError.validation({ [ORDER_SELECTION_BOUND]: [message] }, message);
  }
  return Number(text);
}

/**
 * The condition of "all matching": exactly what `GET orders/{storeId}` shows for this query (its
 * filters, date ranges and search, by the list's own `orderListWhere`; paging and sort ignored),
 * and, with `up_to_id`, only the orders there were when the seller chose them: orders imported
 * since have higher ids, so a bulk action never reaches an order the seller did not choose.
 * A data-protection `viewer` may not match on personal data, as on the list (its count would
 * tell who bought).
 */
export function matchingWhere(
  models: Models,
  storeId: number,
  query: ListQueryInput,
  viewer: Pick<RequestScope, 'dataProtection'>,
): OrderWhere {
  const rest: ListQueryInput = { ...query };
  for (const key of ['page', 'per_page', 'sort_by', 'sort_direction']) delete rest[key];
  const bound = selectionBound(rest[ORDER_SELECTION_BOUND]);
  delete rest[ORDER_SELECTION_BOUND];
  const where = orderListWhere(storeId, rest, models.Order, viewer) as OrderWhere;
  return bound === null ? where : ({ [Op.and]: [where, { id: { [Op.lte]: bound } }] } as OrderWhere);
}

/**
 * "Select all N" frozen: how many orders the list's query matches now and the highest id among
 * them, read in one statement so the two agree. The bulk action sends that id back as `up_to_id`.
 */
export async function freezeMatchingSelection(
  models: Models,
  storeId: number,
  query: ListQueryInput,
  viewer: Pick<RequestScope, 'dataProtection'>,
): Promise<OrderSelectionDto> {
  const row = (await models.Order.findOne({
    where: matchingWhere(models, storeId, query, viewer),
    attributes: [
      [fn('COUNT', col('id')), 'count'],
      [fn('MAX', col('id')), 'up_to_id'],
    ],
    raw: true,
  })) as unknown as { count: number | string; up_to_id: number | string | null } | null;
  const count = Number(row?.count ?? 0);
  return { count, up_to_id: count > 0 && row?.up_to_id != null ? Number(row.up_to_id) : null };
}

/** The ids of the matching orders, a chunk at a time in id order (keyset: no OFFSET, no long lock). */
export async function* matchingIdChunks(models: Models, where: OrderWhere): AsyncGenerator<number[]> {
  let last = 0;
  for (;;) {
    const rows = await models.Order.findAll({
      where: { [Op.and]: [where, { id: { [Op.gt]: last } }] } as OrderWhere,
      attributes: ['id'],
      order: [['id', 'ASC']],
      limit: ACTION_CHUNK,
      raw: true,
    });
    if (rows.length === 0) return;
    const ids = rows.map((row) => Number(row.id));
    yield ids;
    last = ids[ids.length - 1]!;
    if (rows.length < ACTION_CHUNK) return;
  }
}
