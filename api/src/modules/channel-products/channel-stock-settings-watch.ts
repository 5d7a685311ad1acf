import type { Transaction } from 'sequelize';
import { rooms, type Publish } from '@syncdesk/contracts';
import type { Channel } from '../../db/channel.models';
import type { Models } from '../../db/models';
import type { ChannelProductService } from './channel-product.service';

/** The settings that move what a channel is told, without any stock movement. */
const STOCK_SETTINGS = [
  'auto_sync_stock',
  'use_low_stock_buffer',
  'low_stock_buffer',
  'use_max_stock_level',
  'max_stock_level',
] as const;

function settingsObject(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      return (JSON.parse(value) as Record<string, unknown> | null) ?? {};
    } catch {
      return {};
    }
  }
  return (value as Record<string, unknown> | null) ?? {};
}

/**
 * A seller who changes a channel's buffer, cap or auto sync changes every target of its listings:
 * they are recomputed (and marked for the push) once the change is committed, and open product
 * pages are told, exactly as after a stock movement.
 */
export function watchChannelStockSettings(deps: {
  models: Models;
  publish: Publish;
  channelProducts: ChannelProductService;
}): void {
  const { models } = deps;
  const recompute = async (channel: Channel) => {
    const listings = await models.ChannelProduct.findAll({
      attributes: ['product_id'],
      where: { channel_id: channel.id },
      raw: true,
    });
    const productIds = [
      ...new Set(listings.map((row) => row.product_id).filter((id): id is number => id !== null)),
    ];
    if (productIds.length === 0) return;
    await deps.channelProducts.recomputeTargets(channel.store_id, productIds);
    deps.publish({
      name: 'stock:changed',
      rooms: [rooms.store(channel.store_id)],
      payload: { storeId: channel.store_id, productIds },
    });
  };
  models.Channel.addHook(
    'afterUpdate',
    (instance: Channel, options: { transaction?: Transaction | null }) => {
      if (instance.kind !== 'channel' || !instance.changed('settings')) return;
      const before = settingsObject(instance.previous('settings'));
      const after = settingsObject(instance.getDataValue('settings'));
      if (STOCK_SETTINGS.every((key) => JSON.stringify(before[key]) === JSON.stringify(after[key]))) return;
      const run = () => void recompute(instance).catch(() => undefined);
      if (options.transaction) options.transaction.afterCommit(run);
      else run();
    },
  );
}
