import { Op, type Sequelize } from 'sequelize';
import { ORDER_SYNC_STATUS, type Publish } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import { importSettingsOf } from '../import-orders/import-settings';
import { publishOrdersChanged } from '../../modules/orders/order-action-support';
import type { StockService } from '../../modules/products/stock.types';

/** A SKU that now names a product: a new product's own, or a channel listing's once it is matched. */
export interface SkuMatch {
  sku: string;
  productId: number;
  /** Only order lines of this channel (a listing's SKU is that channel's word for the product). */
  channelId?: number;
}

export interface MatchOrderLinesDependencies {
  sequelize: Sequelize;
  models: Models;
  stock: StockService;
  publish: Publish;
}

const CANCELLED = ORDER_SYNC_STATUS.byKey('cancelled').value;
const SKU_CHUNK = 500;

/**
 * Unknown SKUs: an imported line whose SKU matched no product was stored unmatched and took no
 * stock. When a product with that SKU appears (created, or a listing of the channel matched to
 * one), its unmatched lines are matched and their stock is taken now, exactly once: each line is
 * claimed by a conditional UPDATE (only one writer moves it off "unmatched"), and the deduction
 * uses the ledger's per-line key (`deductionKey`), the same key a later re-import of the order
 * reconciles against, so neither path takes the units twice. A cancelled order, or a channel
 * that does not deduct stock via orders, gets the match without the deduction, as the import does.
 * Answers the lines matched.
 */
export async function matchOrderLines(
  deps: MatchOrderLinesDependencies,
  storeId: number,
  matches: readonly SkuMatch[],
): Promise<number> {
  const { models } = deps;
  const wanted = matches.filter((match) => match.sku.trim() !== '');
  if (wanted.length === 0) return 0;
  const products = new Map(
    (
      await models.Product.findAll({
        where: { id: { [Op.in]: [...new Set(wanted.map((match) => match.productId))] }, store_id: storeId },
        attributes: ['id', 'sku', 'type'],
        raw: true,
      })
    ).map((product) => [product.id, product]),
  );
  let matched = 0;
  const changedOrders = new Set<number>();
  for (let start = 0; start < wanted.length; start += SKU_CHUNK) {
    const chunk = wanted.slice(start, start + SKU_CHUNK);
    // Compared as the import compares SKUs (`sku IN (…)`: the column's collation, case-insensitive on
    // MySQL, exact on SQLite), so a later re-import of the order sees the same match and keeps it.
    const skus = [...new Set(chunk.map((match) => match.sku.trim()))];
    const [rows] = await deps.sequelize.query(
      'SELECT i.id, i.line_key, i.product_sku, i.quantity, o.id AS order_id, o.channel_id, o.status, o.sync_status ' +
        'FROM order_items i JOIN orders o ON o.id = i.order_id ' +
        `WHERE o.store_id = ? AND i.product_id IS NULL AND i.product_sku IN (${skus.map(() => '?').join(', ')})`,
      { replacements: [storeId, ...skus] },
    );
    const lines = rows as {
      id: number;
      line_key: string;
      product_sku: string;
      quantity: number;
      order_id: number;
      channel_id: number;
      status: string | null;
      sync_status: number;
    }[];
    if (lines.length === 0) continue;
    const channels = new Map(
      (
        await models.Channel.findAll({
          where: { id: { [Op.in]: [...new Set(lines.map((line) => Number(line.channel_id)))] } },
          attributes: ['id', 'settings'],
        })
      ).map((channel) => [channel.id, importSettingsOf(channel.settings ?? {})]),
    );
    for (const line of lines) {
      const sku = line.product_sku.trim().toLowerCase();
      // A channel's own listing match wins over a store-wide SKU match for that channel's lines.
      const match =
        chunk.find(
          (entry) => entry.sku.trim().toLowerCase() === sku && entry.channelId === Number(line.channel_id),
        ) ?? chunk.find((entry) => entry.sku.trim().toLowerCase() === sku && entry.channelId === undefined);
      const product = match ? products.get(match.productId) : undefined;
      if (!product) continue;
      const kit =
        product.type === 'kit'
          ? (
              await models.KitItem.findAll({
                where: { kit_product_id: product.id },
                attributes: ['component_product_id', 'sku', 'quantity'],
                order: [['id', 'ASC']],
                raw: true,
              })
            ).map((item) => ({
              product_id: item.component_product_id,
              sku: item.sku,
              quantity: item.quantity,
            }))
          : null;
      const [claimed] = await models.OrderItem.update(
        { product_id: product.id, matched_sku: product.sku },
        { where: { id: line.id, product_id: null } },
      );
      if (claimed !== 1) continue;
      // Through the instance, so the JSON column's setter writes it as the import does.
      if (kit) await (await models.OrderItem.findByPk(line.id))?.update({ kit_items: kit as never });
      matched += 1;
      changedOrders.add(Number(line.order_id));
      const cancelled = line.status === 'Cancelled' || Number(line.sync_status) === CANCELLED;
      if (!cancelled && channels.get(Number(line.channel_id))?.deductStock) {
        await deps.stock.deductForOrderLine(storeId, line.line_key, product.sku, Number(line.quantity));
      }
    }
  }
  publishOrdersChanged(deps.publish, storeId, [...changedOrders]);
  return matched;
}
