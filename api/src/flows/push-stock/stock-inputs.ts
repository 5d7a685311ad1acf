import { Op } from 'sequelize';
import type { ChannelStockSettings } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import { chunksOf } from '../../modules/channel-products/channel-product-targets';
import { productStockOf } from '../../modules/channel-products/channel-product-targets';

/** The inputs of the stock rules for one product, as they are at the moment of a push. */
export interface StockInputs {
  available: number;
  autoSyncStock: boolean;
  /** On hand of a product; null for a kit (its components' figures say it). */
  onHand: number | null;
  kitComponents: { sku: string; on_hand: number; per_kit: number }[] | null;
  /** The buffer and cap the channel's settings apply (null when off). */
  buffer: number | null;
  cap: number | null;
}

const isOn = (value: unknown): boolean => value === true || value === 1 || value === '1' || value === 'true';

function wholeSetting(value: unknown): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) return null;
  return Math.max(0, Math.floor(number));
}

/**
 * What the stock rules read for each product (availability from the one availability function)
 * and what the seller needs to see to follow the number: on hand, kit components, buffer, cap.
 */
export async function stockInputsOf(
  models: Models,
  productIds: number[],
  settings: ChannelStockSettings,
): Promise<Map<number, StockInputs>> {
  const ids = [...new Set(productIds)];
  const result = new Map<number, StockInputs>();
  if (ids.length === 0) return result;
  const stock = await productStockOf(models, ids);
  const buffer = isOn(settings.use_low_stock_buffer) ? wholeSetting(settings.low_stock_buffer) : null;
  const cap = isOn(settings.use_max_stock_level) ? wholeSetting(settings.max_stock_level) : null;
  const products = new Map<number, { type: string; quantity: number }>();
  for (const chunk of chunksOf(ids)) {
    const rows = await models.Product.findAll({
      where: { id: { [Op.in]: chunk } },
      attributes: ['id', 'type', 'quantity'],
      raw: true,
    });
    for (const row of rows) products.set(row.id, row);
  }
  const kitIds = [...products].filter(([, row]) => row.type === 'kit').map(([id]) => id);
  const componentsOf = new Map<number, { sku: string; on_hand: number; per_kit: number }[]>();
  for (const chunk of chunksOf(kitIds)) {
    const items = await models.KitItem.findAll({
      where: { kit_product_id: { [Op.in]: chunk } },
      attributes: ['kit_product_id', 'component_product_id', 'sku', 'quantity'],
      order: [['id', 'ASC']],
      raw: true,
    });
    const componentIds = [...new Set(items.map((item) => item.component_product_id))];
    const onHand = new Map<number, number>();
    for (const ids of chunksOf(componentIds)) {
      const rows = await models.Product.findAll({
        where: { id: { [Op.in]: ids } },
        attributes: ['id', 'quantity'],
        raw: true,
      });
      for (const row of rows) onHand.set(row.id, row.quantity);
    }
    for (const item of items) {
      const list = componentsOf.get(item.kit_product_id) ?? [];
      list.push({
        sku: item.sku,
        on_hand: onHand.get(item.component_product_id) ?? 0,
        per_kit: item.quantity,
      });
      componentsOf.set(item.kit_product_id, list);
    }
  }
  for (const [id, product] of products) {
    const figures = stock.get(id);
    if (!figures) continue;
    const kit = product.type === 'kit';
    result.set(id, {
      available: figures.available,
      autoSyncStock: figures.autoSyncStock,
      onHand: kit ? null : product.quantity,
      kitComponents: kit ? (componentsOf.get(id) ?? []) : null,
      buffer,
      cap,
    });
  }
  return result;
}
