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
  /**
   * The push was queued by an order download that had stored its orders at this time: that run,
   * started before and still holding its lock while it finishes, is not pending. Without it the
   * push its own download queued was held every time, and waited for the next download to come.
   */
  ordersImportedAt: Date | null = null,
): Promise<OrdersFreshness> {
  const state = await deps.models.ChannelSyncState.findByPk(channelId, {
    attributes: ['channel_id', 'oldest_unimported_at'],
  });
  // Running now, or due for more than a minute (the workers are behind): a download that is merely
  // due this instant would hold every raise of a busy channel for no reason.
  const overdue = new Date(now.getTime() - OVERDUE_AFTER_MS);
  const [rows] = await deps.sequelize.query(
    'SELECT data, locked_at, last_run_at, next_run_at FROM agenda_jobs WHERE name = ? AND (locked_at IS NOT NULL OR next_run_at <= ?)',
    { replacements: [JOB_NAMES.getOrders, overdue] },
  );
  const at = (value: unknown) => (value === null || value === undefined ? null : new Date(value as string));
  type Row = { data: unknown; locked_at: unknown; last_run_at: unknown; next_run_at: unknown };
  const ordersRunPending = (rows as Row[]).some((row) => {
    const started = at(row.last_run_at);
    const next = at(row.next_run_at);
    const theRunThatQueuedUs =
      ordersImportedAt !== null && started !== null && started.getTime() <= ordersImportedAt.getTime();
    const isOverdue = next !== null && next.getTime() <= overdue.getTime();
    if (theRunThatQueuedUs && !isOverdue) return false;
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
