import { JOB_NAMES } from '@syncdesk/contracts';
import { QueryTypes, type Sequelize } from 'sequelize';

/** The job worker's table (jobs/src/job-store, default name); the api only ever reads it. */
const JOB_TABLE = 'agenda_jobs';

/** SQLite hands DATE(3) columns back as text ('2026-11-24 03:00:00.000 +00:00'). */
function dateOf(value: unknown): Date | null {
  if (value instanceof Date) return value;
  if (typeof value !== 'string' || !value) return null;
  const iso = value.replace(' ', 'T').replace(/\s*\+00:00$/, 'Z');
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * When the channel's next order download is due, read from the job table: the earliest queued or
 * recurring `channels.get_orders` of this channel. Null when none is scheduled; undefined when the
 * table cannot be read (a database the worker never opened), so the caller can fall back to an
 * estimate. The LIKE only narrows the rows; the data is parsed to be sure of the channel.
 */
export async function nextScheduledOrdersRun(
  sequelize: Sequelize,
  channelId: number,
): Promise<Date | null | undefined> {
  let rows: { data: unknown; next_run_at: unknown }[];
  try {
    rows = await sequelize.query(
      `SELECT data, next_run_at FROM ${JOB_TABLE} WHERE name = ? AND next_run_at IS NOT NULL AND data LIKE ?`,
      { replacements: [JOB_NAMES.getOrders, `%"channelId":${Number(channelId)}%`], type: QueryTypes.SELECT },
    );
  } catch {
    return undefined;
  }
  let earliest: Date | null = null;
  for (const row of rows) {
    try {
      const data = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as {
        channelId?: unknown;
      };
      if (Number(data?.channelId) !== channelId) continue;
    } catch {
      continue;
    }
    const next = dateOf(row.next_run_at);
    if (next && (!earliest || next < earliest)) earliest = next;
  }
  return earliest;
}
