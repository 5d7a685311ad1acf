import path from 'node:path';
import fs from 'node:fs';
import { format as mysqlFormat } from 'mysql2';
import { Sequelize, Transaction } from 'sequelize';

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

/**
 * How long an SQLite statement waits in the driver for the writer before it. Short on purpose: the
 * driver waits on one of libuv's four threads, and a few writers waiting there long starve the one
 * holding the lock of a thread to commit on (50 s for a sign-out during an import). The wait goes on
 * in `retry` below instead, off the threads.
 */
export const SQLITE_BUSY_TIMEOUT_MS = 100;

interface SqliteConnection {
  configure(option: 'busyTimeout', milliseconds: number): void;
  exec(sql: string, callback: (error: Error | null) => void): void;
}

/**
 * Sequelize's SQLite dialect opens a connection of its own for every transaction (besides the one
 * for plain queries) and runs no connect hook for them, so a pragma sent with `sequelize.query`
 * reaches one connection only: the others kept the driver's 1 s busy timeout and failed with
 * SQLITE_BUSY under an import. Every connection is set up here, as it opens.
 */
function prepareEveryConnection(sequelize: Sequelize): void {
  const manager = sequelize.connectionManager as unknown as {
    getConnection(options?: unknown): Promise<SqliteConnection>;
  };
  const open = manager.getConnection.bind(manager);
  const prepared = new WeakSet<SqliteConnection>();
  manager.getConnection = async (options) => {
    const connection = await open(options);
    if (prepared.has(connection)) return connection;
    prepared.add(connection);
    connection.configure('busyTimeout', SQLITE_BUSY_TIMEOUT_MS);
    await new Promise<void>((resolve, reject) =>
      connection.exec('PRAGMA synchronous = NORMAL;', (error) => (error ? reject(error) : resolve())),
    );
    return connection;
  };
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
      // Unused by this dialect: it opens a connection per transaction besides the one for plain queries.
      pool: { max: 1, min: 0, idle: 60_000 },
      // A transaction takes the write lock when it begins, where it can wait its turn (the busy
      // timeout, then the retry below). A deferred one that read first and writes after another
      // connection wrote can't wait: SQLite fails that upgrade with SQLITE_BUSY at once.
      transactionType: Transaction.TYPES.IMMEDIATE,
      // A statement (BEGIN included) that met a busy database is run again, after 25 ms growing by
      // 15 % a time with some jitter: about 45 s in all before a writer gives up.
      retry: { max: 40, backoffBase: 25, backoffExponent: 1.15, backoffJitter: 20, match: [/SQLITE_BUSY/] },
    });
    prepareEveryConnection(sequelize);
    // WAL lets readers go on while one connection writes, and a second process (a separate worker,
    // a test) read meanwhile; it is kept in the file, so once is enough.
    await sequelize.query('PRAGMA journal_mode = WAL;');
  }
  await sequelize.authenticate();
  return sequelize;
}
