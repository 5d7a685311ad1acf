import { Op, type Attributes, type WhereOptions } from 'sequelize';
import {
  exportPluginOrdersSchema,
  ORDER_STATUS,
  PLUGIN_ORDER_EXPORT_COLUMNS,
  PLUGIN_SYNC_STATUS,
  routes,
} from '@syncdesk/contracts';
import type { PluginOrder } from '../../../db/order.models';
import type { Models } from '../../../db/models';
import { parseListQuery, toFindOptions, type ListQueryInput } from '../../../http/list-query';
import { protectPersonalData } from '../../../http/personal-data';
import { validate } from '../../../http/validate';
import {
  PLUGIN_ORDER_LIST_SPEC,
  PLUGIN_ORDER_ORDER,
  pluginOrderListScope,
  type PluginOrderRow,
} from '../../orders/plugin-order.service';
import type { SheetCell } from '../transfer-sheet';
import { amountCell, dateCell, textCell, type ExportSelection, type ExportSubject } from '../export-subject';
import { channelNamesOf } from './order-export-rows';

/**
 * The plugin orders `GET plugins/orders/{storeId}` shows for this query (the list's own spec and
 * join), or the picked ones among them: plugin-order rows by id, or every row of the picked orders.
 */
function pluginOrderSelection(
  models: Models,
  storeId: number,
  query: ListQueryInput,
  selection: Pick<ExportSelection, 'ids' | 'orderIds'> = {},
) {
  const { where: scopeWhere, include } = pluginOrderListScope(models, storeId);
  const { where } = toFindOptions(
    parseListQuery(query, PLUGIN_ORDER_LIST_SPEC),
    PLUGIN_ORDER_LIST_SPEC,
    models.PluginOrder,
  );
  const picked: WhereOptions[] = [];
  if (selection.ids?.length) picked.push({ id: { [Op.in]: selection.ids } });
  if (selection.orderIds?.length) picked.push({ order_id: { [Op.in]: selection.orderIds } });
  return {
    include,
    where: {
      [Op.and]: [scopeWhere, where, ...(picked.length > 1 ? [{ [Op.or]: picked }] : picked)],
    } as WhereOptions<Attributes<PluginOrder>>,
  };
}

/**
 * `POST orders/{storeId}/pluginOrderExport/{fileFormat}`: one row per order and plugin (warehouse)
 * it was sent to, as the plugin orders list shows them; picked by `plugin_order_ids` (the list's
 * rows) or `order_ids`. The customer's name is masked for a data-protection role.
 */
export const pluginOrderExport: ExportSubject = {
  subject: 'plugin_orders',
  permission: 'orders.read',
  // Customer names (and e-mails, phones, addresses for orders), masked for a data-protection role.
  personalData: true,
  labels: { plural: 'plugin orders', sheet: 'Plugin orders', file: 'plugin-orders' },
  page: ({ storeId }) => routes.pluginOrderList(storeId),
  select(models, { storeId }, query, body) {
    const { plugin_order_ids: ids, order_ids: orderIds } = validate(exportPluginOrdersSchema, body ?? {});
    pluginOrderSelection(models, storeId, query);
    return { query, ids, orderIds };
  },
  plan({ models, storeId, selection, viewer }) {
    const { where, include } = pluginOrderSelection(models, storeId, selection.query, selection);
    return {
      columns: PLUGIN_ORDER_EXPORT_COLUMNS,
      sheetName: pluginOrderExport.labels.sheet,
      count: () => models.PluginOrder.count({ where, include }),
      async page(afterId, limit) {
        const rows = (await models.PluginOrder.findAll({
          where: { [Op.and]: [where, { id: { [Op.gt]: afterId } }] },
          include,
          order: [['id', 'ASC']],
          limit,
        })) as PluginOrderRow[];
        const orders = rows.map((row) => row[PLUGIN_ORDER_ORDER]!);
        const totals = orders.length
          ? await models.Order.findAll({
              where: { id: { [Op.in]: orders.map((order) => order.id) } },
              attributes: ['id', 'status', 'total', 'currency'],
              raw: true,
            })
          : [];
        const money = new Map(totals.map((order) => [Number(order.id), order]));
        const names = await channelNamesOf(models, [
          ...orders.map((order) => order.channel_id),
          ...rows.map((row) => row.plugin_id),
        ]);
        const cells: SheetCell[][] = rows.map((row) => {
          const order = row[PLUGIN_ORDER_ORDER]!;
          const figures = money.get(Number(order.id));
          return [
            textCell(order.order_number),
            textCell(names.get(order.channel_id)),
            dateCell(order.order_date),
            figures?.status ? ORDER_STATUS.label(figures.status as never) : null,
            amountCell(figures?.total),
            textCell(figures?.currency),
            protectPersonalData(viewer, order.customer_name, 'name'),
            textCell(names.get(row.plugin_id)),
            textCell(row.remote_id),
            PLUGIN_SYNC_STATUS.label(row.sync_status as never),
            dateCell(row.synced_at),
          ];
        });
        return { rows: cells, lastId: rows.at(-1)?.id ?? afterId };
      },
    };
  },
};
