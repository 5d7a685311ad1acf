import { execSync } from 'node:child_process';
import { QueryTypes, type Sequelize } from 'sequelize';
import { readFileSync } from 'node:fs';

/** The local MariaDB/MySQL server's CPU time in ms (Linux, same machine), or null when it cannot be read. */
export function databaseCpuMs(): number | null {
  try {
    const pid = execSync('pidof mariadbd || pidof mysqld', {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split(/\s+/)[0];
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime (fields 14 and 15 of stat, counted after the command) in clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** A thread's CPU time in ms from its /proc stat line (utime + stime, clock ticks of 10 ms). */
function threadCpuMs(stat: string): number {
  const fields = stat.split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * The server's CPU per thread serving a connection to this Sequelize's database (MariaDB runs a
 * thread per connection and names it in `information_schema.PROCESSLIST.TID`): on a machine other
 * processes share, the difference of two readings (`connectionsCpuSince`) is the bench's own
 * share, where `databaseCpuMs` counts everyone's. Background threads (flushing, purge) are not
 * included. Null when it cannot be read.
 */
export async function connectionsCpu(sequelize: Sequelize): Promise<Map<number, number> | null> {
  try {
    const pid = execSync('pidof mariadbd || pidof mysqld', {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .trim()
      .split(/\s+/)[0];
    const rows = await sequelize.query<{ TID: number }>(
      'SELECT TID FROM information_schema.PROCESSLIST WHERE DB = DATABASE()',
      { type: QueryTypes.SELECT },
    );
    const threads = new Map<number, number>();
    for (const row of rows) {
      try {
        threads.set(Number(row.TID), threadCpuMs(readFileSync(`/proc/${pid}/task/${row.TID}/stat`, 'utf8')));
      } catch {
        // The connection closed meanwhile.
      }
    }
    return threads;
  } catch {
    return null;
  }
}

/** The CPU the connections spent since `before` (a connection opened since counts from zero). */
export async function connectionsCpuSince(
  sequelize: Sequelize,
  before: Map<number, number> | null,
): Promise<number | null> {
  const after = await connectionsCpu(sequelize);
  if (before === null || after === null) return null;
  let total = 0;
  for (const [thread, ms] of after) total += ms - (before.get(thread) ?? 0);
  return total;
}

/** This process's main thread's CPU in ms (Linux), apart from the GC and loader threads beside it. */
export function mainThreadCpuMs(): number | null {
  try {
    return threadCpuMs(readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8'));
  } catch {
    return null;
  }
}
