import { JOB_NAMES } from '@syncdesk/contracts';
import type { Sequelize } from 'sequelize';
import type { Models } from '../../db/models';
import type { OrdersFreshness } from './relist-guard';

/**
 * What the relist guard needs to know about one channel's orders right now: a change a channel
 * webhook announced and we have not imported (sync state), and whether an order download of the
 * channel is running or overdue in the job table (its orders may hold sales our stock has not
 * seen yet).
 */
const OVERDUE_AFTER_MS = 60_000;

export async function ordersFreshnessOf(
  deps: { sequelize: Sequelize; models: Models },
  channelId: number,
  now: Date = new Date(),
): Promise<OrdersFreshness> {
  const state = await deps.models.ChannelSyncState.findByPk(channelId, {
    attributes: ['channel_id', 'oldest_unimported_at'],
  });
  // Running now, or due for more than a minute (the workers are behind): a download that is merely
  // due this instant would hold every raise of a busy channel for no reason.
  const [rows] = await deps.sequelize.query(
    'SELECT data FROM agenda_jobs WHERE name = ? AND (locked_at IS NOT NULL OR next_run_at <= ?)',
    { replacements: [JOB_NAMES.getOrders, new Date(now.getTime() - OVERDUE_AFTER_MS)] },
  );
  const ordersRunPending = (rows as { data: unknown }[]).some((row) => {
    try {
      const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as {
        channelId?: unknown;
      };
      return Number(data?.channelId) === channelId;
    } catch {
      return false;
    }
  });
  return { oldestUnimportedAt: state?.oldest_unimported_at ?? null, ordersRunPending };
}
