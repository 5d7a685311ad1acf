import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';
import { ORDER_SYNC_STATUS, type RuleOrderFacts } from '@syncdesk/contracts';
import { jsonOf } from '../../db/json-column';
import { importSettingsOf } from '../import-orders/import-settings';

/** The status an order waits in while the import's rules run. */
export const RULES_IN_PROGRESS = ORDER_SYNC_STATUS.byKey('rule_engine_in_progress').value;

/** What the runner keeps of an order besides its facts: what it writes back against. */
export interface LoadedOrder {
  facts: RuleOrderFacts;
  companyId: number;
  channelId: number;
  status: string | null;
  /** As stored (15 while the import's rules run). */
  storedSyncStatus: number;
  heldSyncStatus: number | null;
  /** What the channel had sent for the rule-owned fields, kept since a rule first changed one. */
  hasChannelFields: boolean;
  deductStock: boolean;
  lines: LoadedLine[];
}

export interface LoadedLine {
  id: number;
  lineKey: string;
  productId: number | null;
  kitItems: { product_id: number; quantity: number }[] | null;
  quantity: number;
}

const parse = <T>(value: unknown, fallback: T): T => jsonOf<T>(value) ?? fallback;

/**
 * Loads the facts the evaluator sees for many orders of one store in three statements (orders with
 * their channel, their lines). An order waiting for its import rules (15) is seen with the status it
 * will get (held_sync_status), so the rules' status moves start from there. Lines keep the channel's
 * quantity (stored quantity / multiplier), so a multiplier is never applied twice.
 */
export async function loadRuleFacts(
  sequelize: Sequelize,
  storeId: number,
  orderIds: readonly number[],
  transaction?: Transaction,
): Promise<Map<number, LoadedOrder>> {
  const loaded = new Map<number, LoadedOrder>();
  if (orderIds.length === 0) return loaded;
  const mysql = sequelize.getDialect() !== 'sqlite';
  const ids = orderIds.map(Number).join(', ');
  const orders = await sequelize.query<Record<string, unknown>>(
    'SELECT o.id, o.company_id, o.channel_id, o.order_number, o.status, o.sync_status, o.held_sync_status, ' +
      'o.shipping_method, o.shipping_country, o.invoice_country, o.tags, o.order_type, o.channel_fields IS NOT NULL AS has_channel_fields, c.name AS channel_name, ' +
      'c.settings AS channel_settings FROM orders o LEFT JOIN channels c ON c.id = o.channel_id ' +
      `WHERE o.store_id = ? AND o.id IN (${ids}) ORDER BY o.id${mysql && transaction ? ' FOR UPDATE' : ''}`,
    { replacements: [storeId], type: QueryTypes.SELECT, transaction },
  );
  if (orders.length === 0) return loaded;
  const lines = await sequelize.query<Record<string, unknown>>(
    'SELECT id, order_id, line_key, product_sku, product_id, kit_items, quantity, quantity_multiplier ' +
      `FROM order_items WHERE order_id IN (${orders.map((order) => Number(order.id)).join(', ')}) ORDER BY id`,
    { type: QueryTypes.SELECT, transaction },
  );
  const linesOf = new Map<number, Record<string, unknown>[]>();
  for (const line of lines) {
    const list = linesOf.get(Number(line.order_id)) ?? [];
    list.push(line);
    linesOf.set(Number(line.order_id), list);
  }
  for (const order of orders) {
    const id = Number(order.id);
    const stored = Number(order.sync_status);
    const held = order.held_sync_status === null ? null : Number(order.held_sync_status);
    const tags = parse<unknown>(order.tags, []);
    const settings = parse<Record<string, unknown>>(order.channel_settings, {});
    const own = linesOf.get(id) ?? [];
    loaded.set(id, {
      companyId: Number(order.company_id),
      channelId: Number(order.channel_id),
      status: (order.status as string | null) ?? null,
      storedSyncStatus: stored,
      heldSyncStatus: held,
      hasChannelFields: Boolean(Number(order.has_channel_fields)),
      deductStock: importSettingsOf(settings).deductStock,
      lines: own.map((line) => ({
        id: Number(line.id),
        lineKey: String(line.line_key),
        productId: line.product_id === null ? null : Number(line.product_id),
        kitItems: parse(line.kit_items, null),
        quantity: Number(line.quantity),
      })),
      facts: {
        order_id: id,
        order_number: String(order.order_number ?? ''),
        channel_name: String(order.channel_name ?? ''),
        shipping_method: (order.shipping_method as string | null) ?? null,
        shipping_country: (order.shipping_country as string | null) ?? null,
        invoice_country: (order.invoice_country as string | null) ?? null,
        tags: Array.isArray(tags) ? tags.map(String) : [],
        order_type: (order.order_type as string | null) ?? null,
        sync_status: stored === RULES_IN_PROGRESS && held !== null ? held : stored,
        lines: own.map((line) => {
          const multiplier = Math.max(1, Number(line.quantity_multiplier ?? 1));
          return {
            id: Number(line.id),
            sku: (line.product_sku as string | null) ?? null,
            channel_quantity: Math.round(Number(line.quantity) / multiplier),
            multiplier,
          };
        }),
      },
    });
  }
  return loaded;
}
