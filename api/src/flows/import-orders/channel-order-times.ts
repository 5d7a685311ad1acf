import { QueryTypes, type Sequelize } from 'sequelize';
import type { NormalisedOrderInput } from '@syncdesk/contracts';
import { channelUpdatedAtOf } from '@syncdesk/integrations';

/**
 * The channel's change time of each stored order (`orders.channel_updated_at`): webhooks and pages
 * arrive in any order, so an import compares against it and never puts older data back. The SQL
 * of that comparison lives here; the comparison is made in SQL because each dialect stores its
 * dates its own way.
 */

/** Orders with a channel change time, by remote id (the last one of a remote id wins). */
export function timedOrders(orders: readonly NormalisedOrderInput[]): Map<string, Date> {
  const times = new Map<string, Date>();
  for (const order of orders) {
    const at = channelUpdatedAtOf(order);
    if (at) times.set(String(order.remote_id), at);
  }
  return times;
}

/** `CASE remote_id WHEN … THEN … END` of the orders' change times, with its replacements. */
function timeCase(times: Map<string, Date>): { sql: string; replacements: unknown[] } {
  const replacements: unknown[] = [];
  const whens: string[] = [];
  for (const [remoteId, at] of times) {
    whens.push('WHEN ? THEN ?');
    replacements.push(remoteId, at);
  }
  return { sql: `CASE remote_id ${whens.join(' ')} END`, replacements };
}

const placeholders = (count: number) => Array.from({ length: count }, () => '?').join(', ');

/** Remote ids of these orders whose stored channel change time is later than theirs. */
export async function newerStored(
  sequelize: Sequelize,
  channelId: number,
  times: Map<string, Date>,
): Promise<Set<string>> {
  if (times.size === 0) return new Set();
  const when = timeCase(times);
  const ids = [...times.keys()];
  const rows = await sequelize.query<{ remote_id: string }>(
    `SELECT remote_id FROM orders WHERE channel_id = ? AND remote_id IN (${placeholders(ids.length)}) ` +
      `AND channel_updated_at IS NOT NULL AND channel_updated_at > ${when.sql}`,
    { replacements: [channelId, ...ids, ...when.replacements], type: QueryTypes.SELECT },
  );
  return new Set(rows.map((row) => String(row.remote_id)));
}

/** Moves each order's stored change time up to these times (never back). */
export async function noteChannelUpdatedAt(
  sequelize: Sequelize,
  channelId: number,
  times: Map<string, Date>,
): Promise<void> {
  if (times.size === 0) return;
  const when = timeCase(times);
  const ids = [...times.keys()];
  await sequelize.query(
    `UPDATE orders SET channel_updated_at = ${when.sql} WHERE channel_id = ? ` +
      `AND remote_id IN (${placeholders(ids.length)}) ` +
      `AND (channel_updated_at IS NULL OR channel_updated_at < ${when.sql})`,
    { replacements: [...when.replacements, channelId, ...ids, ...when.replacements] },
  );
}
