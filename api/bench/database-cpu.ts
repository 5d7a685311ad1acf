import { execSync } from 'node:child_process';
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
