import { Op } from 'sequelize';
import {
  channelQuantity,
  type ChannelStockSettings,
  type ProductChannelQuantityDto,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';

/** The stock part of a channel's settings: what `channelQuantity` reads. */
export function stockSettingsOf(settings: Record<string, unknown> | null | undefined): ChannelStockSettings {
  const source = settings ?? {};
  return {
    auto_sync_stock: source.auto_sync_stock,
    use_low_stock_buffer: source.use_low_stock_buffer,
    low_stock_buffer: source.low_stock_buffer,
    use_max_stock_level: source.use_max_stock_level,
    max_stock_level: source.max_stock_level,
  };
}

/**
 * What every sales channel of the store will be told for each product (after buffer and cap), with
 * the listing matched to it on that channel, if any. One entry per sales channel (kind 'channel')
 * for every product, in the channels' name order; a product listed twice on one channel names its
 * oldest listing.
 */
export async function channelQuantitiesOf(
  models: Models,
  storeId: number,
  products: { id: number; available: number; auto_sync_stock: boolean }[],
): Promise<Map<number, ProductChannelQuantityDto[]>> {
  const result = new Map<number, ProductChannelQuantityDto[]>();
  if (products.length === 0) return result;
  const channels = await models.Channel.findAll({
    where: { store_id: storeId, kind: 'channel' },
    attributes: ['id', 'name', 'type', 'settings'],
    order: [
      ['name', 'ASC'],
      ['id', 'ASC'],
    ],
  });
  const listings =
    channels.length === 0
      ? []
      : await models.ChannelProduct.findAll({
          where: {
            store_id: storeId,
            channel_id: { [Op.in]: channels.map((channel) => channel.id) },
            product_id: { [Op.in]: products.map((product) => product.id) },
          },
          attributes: ['id', 'channel_id', 'product_id'],
          order: [['id', 'ASC']],
          raw: true,
        });
  const listingOf = new Map<string, number>();
  for (const listing of listings) {
    const key = `${listing.channel_id}:${listing.product_id}`;
    if (!listingOf.has(key)) listingOf.set(key, listing.id);
  }
  const settingsOf = new Map(channels.map((channel) => [channel.id, stockSettingsOf(channel.settings)]));
  for (const product of products) {
    result.set(
      product.id,
      channels.map((channel) => {
        const told = channelQuantity(product.available, settingsOf.get(channel.id), product.auto_sync_stock);
        return {
          channel_id: channel.id,
          channel_name: channel.name,
          channel_type: channel.type,
          channel_product_id: listingOf.get(`${channel.id}:${product.id}`) ?? null,
          quantity: told.quantity,
          explanation: told.explanation,
        };
      }),
    );
  }
  return result;
}
