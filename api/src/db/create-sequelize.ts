import path from 'node:path';
import fs from 'node:fs';
import { format as mysqlFormat } from 'mysql2';
import { Sequelize } from 'sequelize';

export type DatabaseDialect = 'mysql' | 'sqlite';

export interface DatabaseOptions {
  /** `mysql://user:pass@host:port/db`; when absent, an SQLite file in `dataDir` is used. */
  url?: string;
  /** Folder for the embedded SQLite file (`DATA_DIR`). */
  dataDir: string;
  /** SQL logging sink; off by default. */
  logging?: false | ((sql: string) => void);
}

/**
 * mysql2 scans every statement for `?` placeholders even when it has no values. Sequelize fills
 * replacements itself and sends bind parameters as prepared statements, so a statement reaching
 * mysql2's text protocol carries no values: the scan only cost time (the import's statements are
 * hundreds of kilobytes). Values, when given, are still formatted as mysql2 would.
 */
function queryFormat(sql: string, values: unknown, timezone: string): string {
  if (values === undefined || values === null || (Array.isArray(values) && values.length === 0)) return sql;
  return mysqlFormat(sql, values as never, false, timezone as never);
}

export function dialectOf(url: string | undefined): DatabaseDialect {
  if (!url || url.startsWith('sqlite:')) return 'sqlite';
  if (url.startsWith('mysql:') || url.startsWith('mariadb:')) return 'mysql';
  throw new Error(`DATABASE_URL must start with mysql:// or sqlite: (got "${url.split(':')[0]}:")`);
}

/**
 * One place that knows how to open each dialect, so the api, the worker, tests and
 * benchmarks all get the same settings (decimals as numbers, UTC, SQLite in WAL mode).
 */
export async function createSequelize(options: DatabaseOptions): Promise<Sequelize> {
  const dialect = dialectOf(options.url);
  const logging = options.logging ?? false;
  let sequelize: Sequelize;
  if (dialect === 'mysql') {
    const url = options.url!.replace(/^mariadb:/, 'mysql:');
    sequelize = new Sequelize(url, {
      dialect: 'mysql',
      logging,
      timezone: '+00:00',
      dialectOptions: { decimalNumbers: true, dateStrings: false, queryFormat },
      pool: { max: 10, min: 0, idle: 10_000 },
    });
  } else {
    const storage = options.url?.startsWith('sqlite:')
      ? options.url.slice('sqlite:'.length).replace(/^\/\//, '')
      : path.join(options.dataDir, 'syncdesk.sqlite');
    if (storage !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(storage)), { recursive: true });
    sequelize = new Sequelize({
      dialect: 'sqlite',
      storage,
      logging,
      // One connection: SQLite serialises writers anyway, and a single handle avoids SQLITE_BUSY
      // between pooled connections of the same process.
      pool: { max: 1, min: 0, idle: 60_000 },
      retry: { max: 10, match: [/SQLITE_BUSY/] },
    });
    // WAL lets a second process (a separate worker, a test) read while this one writes;
    // busy_timeout makes cross-process writers wait instead of failing at once.
    await sequelize.query('PRAGMA journal_mode = WAL;');
    await sequelize.query('PRAGMA busy_timeout = 5000;');
    await sequelize.query('PRAGMA synchronous = NORMAL;');
  }
  await sequelize.authenticate();
  return sequelize;
}
