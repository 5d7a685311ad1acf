import type { Sequelize, Transaction } from 'sequelize';

/** A counter key: `${sync_status}|${status ?? ''}`. */
export function statusCountKey(syncStatus: number, status: string | null): string {
  return `${syncStatus}|${status ?? ''}`;
}

/**
 * Moves the per-store order counters (`order_status_counts`) by these deltas, in the caller's
 * transaction. EVERY writer of an order's `sync_status` or `status` calls this with −1 for the
 * old pair and +1 for the new, so `getOrderCountGroupByStatus` and unfiltered totals never need a
 * COUNT(*) over a million rows.
 */
export async function moveOrderStatusCounts(
  sequelize: Sequelize,
  storeId: number,
  deltas: Map<string, number>,
  transaction: Transaction,
): Promise<void> {
  const rows = [...deltas.entries()].filter(([, delta]) => delta !== 0);
  if (rows.length === 0) return;
  const mysql = sequelize.getDialect() !== 'sqlite';
  const replacements = rows.flatMap(([key, delta]) => {
    const [sync, ...status] = key.split('|');
    return [storeId, Number(sync), status.join('|'), delta];
  });
  await sequelize.query(
    `INSERT INTO order_status_counts (store_id, sync_status, status, count) VALUES ${rows.map(() => '(?, ?, ?, ?)').join(', ')} ` +
      (mysql
        ? 'ON DUPLICATE KEY UPDATE count = count + VALUES(count)'
        : 'ON CONFLICT (store_id, sync_status, status) DO UPDATE SET count = count + excluded.count'),
    { replacements, transaction },
  );
}

/** Adds one order's move from (fromSync, fromStatus) to (toSync, toStatus) to `deltas`. */
export function addStatusMove(
  deltas: Map<string, number>,
  from: { sync_status: number; status: string | null } | null,
  to: { sync_status: number; status: string | null } | null,
): void {
  if (from) {
    const key = statusCountKey(from.sync_status, from.status);
    deltas.set(key, (deltas.get(key) ?? 0) - 1);
  }
  if (to) {
    const key = statusCountKey(to.sync_status, to.status);
    deltas.set(key, (deltas.get(key) ?? 0) + 1);
  }
}
