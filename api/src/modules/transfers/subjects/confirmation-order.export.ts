import { Op, type WhereOptions } from 'sequelize';
import {
  ACKNOWLEDGE_SYNC_STATUS,
  CONFIRMATION_ORDER_EXPORT_COLUMNS,
  exportConfirmationOrdersSchema,
  PURCHASE_ORDER_STATUS,
  REJECTION_REASON,
  routes,
} from '@syncdesk/contracts';
import type { Models } from '../../../db/models';
import { AppError, type FieldErrors } from '../../../http/app-error';
import { parseListQuery, toFindOptions, type ListQueryInput } from '../../../http/list-query';
import { validate } from '../../../http/validate';
import { CONFIRMATION_ORDER_LIST_SPEC } from '../../confirmation-orders/confirmation-order.service';
import type { SheetCell } from '../transfer-sheet';
import {
  amountCell,
  dateCell,
  pickedRecords,
  textCell,
  type ExportSelection,
  type ExportSubject,
} from '../export-subject';
import { channelNamesOf, linesByRecord } from './order-export-rows';

const DAY_MS = 86_400_000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

export const CONFIRMATION_ORDER_EXPORT_MESSAGES = {
  date: (label: string) => `The ${label} must be a date (YYYY-MM-DD) or a date and time.`,
  order: 'The end date must not be before the start date.',
} as const;

/**
 * `?startDate&endDate` (spec §7): the purchase orders placed in that period, by order date in UTC.
 * A bare day is a whole day (the end day included); a date-time is taken to the second. Either end
 * may be left out.
 */
function orderDateRange(query: ListQueryInput): WhereOptions | null {
  const errors: FieldErrors = {};
  const read = (key: 'startDate' | 'endDate', label: string) => {
    const raw = query[key];
    const text = (Array.isArray(raw) ? raw[0] : raw)?.trim();
    if (!text) return null;
    const time = DATE_ONLY.test(text)
      ? Date.parse(`${text}T00:00:00Z`)
      : DATE_TIME.test(text)
        ? Date.parse(/Z|[+-]\d{2}:?\d{2}$/.test(text) ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`)
        : Number.NaN;
    if (Number.isNaN(time)) {
      errors[key] = [CONFIRMATION_ORDER_EXPORT_MESSAGES.date(label)];
      return null;
    }
    return { time, wholeDay: DATE_ONLY.test(text) };
  };
  const start = read('startDate', 'start date');
  const end = read('endDate', 'end date');
  if (Object.keys(errors).length) throw AppError.validation(errors);
  if (!start && !end) return null;
  const range: Record<symbol, Date> = {};
  if (start) range[Op.gte] = new Date(start.time);
  const endTime = end ? (end.wholeDay ? end.time + DAY_MS : end.time + 1000) : null;
  if (endTime !== null) range[Op.lt] = new Date(endTime);
  if (start && endTime !== null && endTime <= start.time) {
    throw AppError.validation({ endDate: [CONFIRMATION_ORDER_EXPORT_MESSAGES.order] });
  }
  return { order_date: range };
}

function confirmationOrderSelection(
  models: Models,
  storeId: number,
  query: ListQueryInput,
  selection: Pick<ExportSelection, 'ids' | 'uuids'> = {},
): WhereOptions {
  const { startDate: _start, endDate: _end, ...listQuery } = query;
  const dates = orderDateRange(query);
  const { where } = toFindOptions(
    parseListQuery(listQuery, CONFIRMATION_ORDER_LIST_SPEC),
    CONFIRMATION_ORDER_LIST_SPEC,
    models.ConfirmationOrder,
  );
  return { [Op.and]: [{ store_id: storeId }, where, ...(dates ? [dates] : []), ...pickedRecords(selection)] };
}

/**
 * `POST confirmationOrders/{storeId}/export/{fileFormat}?startDate&endDate {confirmation_order_uuids}`:
 * one row per item with its acknowledgement. Purchase orders carry no personal data (the parties
 * are the retailer's warehouse codes), so nothing is masked.
 */
export const confirmationOrderExport: ExportSubject = {
  subject: 'confirmation_orders',
  permission: 'orders.read',
  // No personal data: anyone who may read the subject may download any such file.
  personalData: false,
  labels: { plural: 'confirmation orders', sheet: 'Confirmation orders', file: 'confirmation-orders' },
  page: ({ storeId }) => routes.confirmationOrderList(storeId),
  select(models, { storeId }, query, body) {
    const { confirmation_order_uuids: uuids, confirmation_order_ids: ids } = validate(
      exportConfirmationOrdersSchema,
      body ?? {},
    );
    confirmationOrderSelection(models, storeId, query);
    return { query, ids, uuids };
  },
  plan({ models, storeId, selection }) {
    const where = confirmationOrderSelection(models, storeId, selection.query, selection);
    return {
      columns: CONFIRMATION_ORDER_EXPORT_COLUMNS,
      sheetName: confirmationOrderExport.labels.sheet,
      count: () => models.ConfirmationOrder.count({ where }),
      async page(afterId, limit) {
        const orders = await models.ConfirmationOrder.findAll({
          where: { [Op.and]: [where, { id: { [Op.gt]: afterId } }] },
          order: [['id', 'ASC']],
          limit,
        });
        const itemsOf = await linesByRecord(
          orders.map((order) => order.id),
          (ids) =>
            models.ConfirmationOrderItem.findAll({
              where: { confirmation_order_id: { [Op.in]: ids } },
              order: [['id', 'ASC']],
            }),
          (item) => item.confirmation_order_id,
        );
        const channels = await channelNamesOf(
          models,
          orders.map((order) => order.channel_id),
        );
        const rows: SheetCell[][] = [];
        for (const order of orders) {
          const head: SheetCell[] = [
            textCell(order.purchase_order_number),
            textCell(channels.get(order.channel_id)),
            dateCell(order.order_date),
            PURCHASE_ORDER_STATUS.label(order.status as never),
            dateCell(order.acknowledge_by),
            ACKNOWLEDGE_SYNC_STATUS.label(order.acknowledge_sync_status as never),
            dateCell(order.ship_window_start),
            dateCell(order.ship_window_end),
            textCell(order.ship_to_party_id),
            textCell(order.currency),
          ];
          const own = [...(itemsOf.get(order.id) ?? [])].sort(
            (a, b) => Number(a.item_sequence_number) - Number(b.item_sequence_number) || a.id - b.id,
          );
          if (own.length === 0) rows.push([...head, ...Array<SheetCell>(12).fill(null)]);
          for (const item of own) {
            rows.push([
              ...head,
              textCell(item.item_sequence_number),
              textCell(item.sku),
              textCell(item.remote_product_id),
              textCell(item.title),
              item.ordered_quantity,
              item.accepted_quantity,
              item.backordered_quantity,
              item.rejected_quantity,
              item.rejected_reason ? REJECTION_REASON.label(item.rejected_reason as never) : null,
              textCell(item.scheduled_ship_date),
              textCell(item.scheduled_delivery_date),
              amountCell(item.net_cost),
            ]);
          }
        }
        return { rows, lastId: orders.at(-1)?.id ?? afterId, records: orders.length };
      },
    };
  },
};
