import { Op, type Attributes, type WhereOptions } from 'sequelize';
import {
  exportOrdersSchema,
  FULFILMENT_STATUS,
  ORDER_EXPORT_COLUMNS,
  ORDER_STATUS,
  ORDER_SYNC_STATUS,
  PAYMENT,
  routes,
  type OrderAddress,
  type OrderKitItemDto,
  type OrderLineOption,
} from '@syncdesk/contracts';
import type { Order } from '../../../db/order.models';
import type { Models } from '../../../db/models';
import type { ListQueryInput } from '../../../http/list-query';
import { protectPersonalData } from '../../../http/personal-data';
import { validate } from '../../../http/validate';
import { orderListWhere } from '../../orders/order-list.query';
import type { SheetCell } from '../transfer-sheet';
import {
  amountCell,
  dateCell,
  pickedRecords,
  textCell,
  type ExportRun,
  type ExportSelection,
  type ExportSubject,
} from '../export-subject';
import { jsonOf } from '../../../db/json-column';
import { channelNamesOf, linesByRecord } from './order-export-rows';

/**
 * The orders `GET orders/{storeId}` shows for this query (its filters, date ranges and search, by
 * the list's own `orderListWhere`), or the picked ones among them.
 */
export function orderSelection(
  models: Models,
  storeId: number,
  query: ListQueryInput,
  viewer: ExportRun['viewer'],
  selection: Pick<ExportSelection, 'ids' | 'uuids'> = {},
): WhereOptions<Attributes<Order>> {
  return {
    [Op.and]: [orderListWhere(storeId, query, models.Order, viewer), ...pickedRecords(selection)],
  } as WhereOptions<Attributes<Order>>;
}

const kitCell = (items: OrderKitItemDto[] | null) =>
  items?.length ? items.map((item) => `${item.sku}:${item.quantity}`).join('|') : null;
const optionsCell = (options: OrderLineOption[] | null) =>
  options?.length
    ? options.map((option) => `${option.option_name}: ${option.option_value}`).join('; ')
    : null;

/**
 * `POST orders/{storeId}/export/{fileFormat}`: one row per order line, the order's columns
 * repeated on each (see order-export.columns.ts for why). Customer names, e-mails, phones and
 * addresses are masked for a data-protection role, as on the screens.
 */
export const orderExport: ExportSubject = {
  subject: 'orders',
  permission: 'orders.read',
  // Customer names (and e-mails, phones, addresses for orders), masked for a data-protection role.
  personalData: true,
  labels: { plural: 'orders', sheet: 'Orders', file: 'orders' },
  page: ({ storeId }) => routes.orderList(storeId),
  select(models, { storeId }, query, body, viewer) {
    const { order_ids: ids, order_uuids: uuids } = validate(exportOrdersSchema, body ?? {});
    orderSelection(models, storeId, query, viewer);
    return { query, ids, uuids };
  },
  plan({ models, storeId, selection, viewer }) {
    const where = orderSelection(models, storeId, selection.query, viewer, selection);
    return {
      columns: ORDER_EXPORT_COLUMNS,
      sheetName: orderExport.labels.sheet,
      count: () => models.Order.count({ where }),
      async page(afterId, limit) {
        const orders = await models.Order.findAll({
          where: { [Op.and]: [where, { id: { [Op.gt]: afterId } }] },
          order: [['id', 'ASC']],
          limit,
        });
        const itemsOf = await linesByRecord(
          orders.map((order) => order.id),
          (ids) =>
            models.OrderItem.findAll({ where: { order_id: { [Op.in]: ids } }, order: [['id', 'ASC']] }),
          (item) => item.order_id,
        );
        const channels = await channelNamesOf(
          models,
          orders.map((order) => order.channel_id),
        );
        const rows: SheetCell[][] = [];
        for (const order of orders) {
          const address = jsonOf<OrderAddress>(order.shipping_address);
          const street = address ? [address.line1, address.line2].filter(Boolean).join(', ') || null : null;
          const tags = jsonOf<string[]>(order.tags);
          const head: SheetCell[] = [
            textCell(order.order_number),
            textCell(channels.get(order.channel_id)),
            textCell(order.remote_id),
            dateCell(order.order_date),
            order.status ? ORDER_STATUS.label(order.status as never) : null,
            ORDER_SYNC_STATUS.label(order.sync_status as never),
            order.payment_status ? PAYMENT.label(order.payment_status as never) : null,
            FULFILMENT_STATUS.label(order.fulfillment_status as never),
            textCell(order.currency),
            amountCell(order.subtotal),
            amountCell(order.shipping_total),
            amountCell(order.tax_total),
            amountCell(order.discount_total),
            amountCell(order.total),
            order.total_order_items,
            protectPersonalData(viewer, order.customer_name, 'name'),
            protectPersonalData(viewer, order.customer_email, 'email'),
            protectPersonalData(viewer, order.customer_phone, 'phone'),
            protectPersonalData(viewer, address?.name ?? null, 'name'),
            protectPersonalData(viewer, street, 'address'),
            textCell(address?.city),
            protectPersonalData(viewer, address?.postcode ?? null, 'address'),
            textCell(order.shipping_country),
            textCell(order.shipping_method),
            tags?.length ? tags.join(', ') : null,
            textCell(order.failure_reason),
          ];
          const lines = itemsOf.get(order.id) ?? [];
          if (lines.length === 0)
            rows.push([...head, null, null, null, null, null, null, null, null, null, null]);
          for (const line of lines) {
            rows.push([
              ...head,
              textCell(line.product_sku),
              textCell(line.matched_sku),
              textCell(line.title),
              line.quantity,
              amountCell(line.price),
              amountCell(line.tax_total),
              amountCell(line.discount_total),
              amountCell(line.total_price),
              kitCell(jsonOf<OrderKitItemDto[]>(line.kit_items)),
              optionsCell(jsonOf<OrderLineOption[]>(line.options)),
            ]);
          }
        }
        return { rows, lastId: orders.at(-1)?.id ?? afterId, records: orders.length };
      },
    };
  },
};
