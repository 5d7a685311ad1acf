import { Op } from 'sequelize';
import { JOB_NAMES, PRODUCT_SYNC_STATUS } from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { JobScheduler } from '../../jobs/job-scheduler';

const WAITING = [
  PRODUCT_SYNC_STATUS.byKey('pending').value,
  PRODUCT_SYNC_STATUS.byKey('inventory_level_pending').value,
];

/**
 * What an order download that stored its orders sets going: the channel's stock push (raises the
 * relist guard held while the orders were not imported go out now, computed from stock that has
 * taken those orders) and the send of ready orders to the store's default plugin. Queued only when
 * there is something to do, so a quiet poll queues nothing.
 */
export async function afterOrdersImported(
  deps: { models: Models; jobs: JobScheduler },
  channelId: number,
  options: { ordersStored?: boolean } = {},
): Promise<void> {
  const channel = await deps.models.Channel.findByPk(channelId, { attributes: ['id', 'store_id'] });
  if (!channel) return;
  const waiting = await deps.models.ChannelProduct.count({
    where: { channel_id: channel.id, sync_status: { [Op.in]: WAITING } },
  });
  if (waiting > 0) {
    // This download is still running (its lock held) when the push starts: the time tells the
    // push it was this one, whose orders are in, and not one still to come.
    await deps.jobs.enqueue(JOB_NAMES.submitInventory, {
      channelId: channel.id,
      ordersImportedAt: new Date().toISOString(),
    });
  }
  if (options.ordersStored === false) return;
  const plugin = await deps.models.Channel.findOne({
    where: { store_id: channel.store_id, kind: 'plugin', is_default: true, is_active: true },
    attributes: ['id'],
  });
  if (plugin) await deps.jobs.enqueue(JOB_NAMES.syncOrders, { pluginId: plugin.id });
}
