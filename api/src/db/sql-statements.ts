import { QueryTypes, type Sequelize, type Transaction } from 'sequelize';

/**
 * The import's SQL, written as text. Sequelize's bulkInsert and replacements escape value by value
 * through several layers, which was most of the import's Node time; a batch writes ~6,000 values
 * per table, so the literals are written here. Every value that reaches SQL goes through `literal`.
 */

/** A value as the database takes it: text, a number, a date, a boolean or null. */
export type SqlValue = string | number | boolean | Date | null | undefined;

// The characters MySQL's string literals escape, control characters included. mysql2 escapes the
// double quote too, which a single-quoted literal does not need: JSON texts (full of them) are
// then written as they are, unescaped.
// eslint-disable-next-line no-control-regex
const MYSQL_SPECIAL = /[\0\b\t\n\r\x1a'\\]/g;
/** The same test without a replacement: most texts have none of them and are written as they are. */
// eslint-disable-next-line no-control-regex
const HAS_MYSQL_SPECIAL = /[\0\b\t\n\r\x1a'\\]/;
const MYSQL_ESCAPES: Record<string, string> = {
  '\0': '\\0',
  '\b': '\\b',
  '\t': '\\t',
  '\n': '\\n',
  '\r': '\\r',
  '\x1a': '\\Z',
  "'": "\\'",
  '\\': '\\\\',
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `YYYY-MM-DD HH:mm:ss.SSS` in UTC (the connection runs at +00:00, as create-sequelize sets it). */
function utcText(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`
  );
}

export interface SqlDialect {
  mysql: boolean;
  /** A value as an SQL literal for this dialect. */
  literal(value: SqlValue): string;
}

export function sqlDialectOf(sequelize: Sequelize): SqlDialect {
  const mysql = sequelize.getDialect() !== 'sqlite';
  // Most dates of a batch are its one `now` (created_at, updated_at of every row): written once.
  let lastDate: Date | null = null;
  let lastTime = 0;
  let lastText = '';
  return {
    mysql,
    literal(value) {
      if (value === null || value === undefined) return 'NULL';
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) throw new Error(`Not a number SQL can store: ${value}`);
        return String(value);
      }
      if (typeof value === 'boolean') return mysql ? (value ? 'true' : 'false') : value ? '1' : '0';
      if (value instanceof Date) {
        if (Number.isNaN(value.getTime())) throw new Error('An invalid date cannot be stored.');
        if (value === lastDate && value.getTime() === lastTime) return lastText;
        // SQLite keeps dates as Sequelize writes them, with the offset: the same text compares in order.
        lastText = mysql ? `'${utcText(value)}'` : `'${utcText(value)} +00:00'`;
        lastDate = value;
        lastTime = value.getTime();
        return lastText;
      }
      if (mysql) {
        return HAS_MYSQL_SPECIAL.test(value)
          ? `'${value.replace(MYSQL_SPECIAL, (character) => MYSQL_ESCAPES[character]!)}'`
          : `'${value}'`;
      }
      const quoted = value.includes("'") ? `'${value.replace(/'/g, "''")}'` : `'${value}'`;
      // SQLite reads a statement up to its first NUL: a text holding one is joined around char(0).
      return value.includes('\0') ? `(${quoted.split('\0').join("' || char(0) || '")})` : quoted;
    },
  };
}

/** `(v1, v2, …), (…)` for rows given as value arrays in column order. */
export function valuesList(dialect: SqlDialect, rows: readonly (readonly SqlValue[])[]): string {
  let sql = '';
  for (let index = 0; index < rows.length; index += 1) {
    const row = rows[index]!;
    let tuple = '(';
    for (let column = 0; column < row.length; column += 1) {
      tuple += column === 0 ? dialect.literal(row[column]) : `, ${dialect.literal(row[column])}`;
    }
    sql += index === 0 ? `${tuple})` : `, ${tuple})`;
  }
  return sql;
}

/**
 * A row's values written as SQL but for one value not known yet (an id the database is about to
 * answer): the text is built while the database works, and only the id is added when it comes.
 */
export class TupleWithHole {
  constructor(
    private readonly before: string,
    private readonly after: string,
  ) {}

  static of(dialect: SqlDialect, values: readonly SqlValue[], hole: number): TupleWithHole {
    let before = '';
    let after = '';
    for (let index = 0; index < values.length; index += 1) {
      if (index < hole) before += `${dialect.literal(values[index])}, `;
      else if (index > hole) after += `, ${dialect.literal(values[index])}`;
    }
    return new TupleWithHole(before, after);
  }

  fill(dialect: SqlDialect, value: SqlValue): string {
    return `(${this.before}${dialect.literal(value)}${this.after})`;
  }
}

/** `a IN (…)` for a list of values (never empty: callers skip empty lists). */
export function inList(dialect: SqlDialect, values: readonly SqlValue[]): string {
  return values.map((value) => dialect.literal(value)).join(', ');
}

/** The duplicate-key clause: MySQL's `ON DUPLICATE KEY UPDATE`, SQLite's `ON CONFLICT … DO UPDATE`. */
export function onDuplicate(
  dialect: SqlDialect,
  conflictColumns: readonly string[],
  assignments: readonly string[],
): string {
  return dialect.mysql
    ? `ON DUPLICATE KEY UPDATE ${assignments.join(', ')}`
    : `ON CONFLICT (${conflictColumns.join(', ')}) DO UPDATE SET ${assignments.join(', ')}`;
}

/** The incoming value of a column inside the duplicate-key clause. */
export function incoming(dialect: SqlDialect, column: string): string {
  return dialect.mysql ? `VALUES(${column})` : `excluded.${column}`;
}

export function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const result: T[][] = [];
  for (let start = 0; start < items.length; start += size) result.push(items.slice(start, start + size));
  return result;
}

/**
 * The statements of one transaction, sent without waiting for each other where nothing depends on
 * an answer: on MySQL they queue on the transaction's one connection and run in the order sent,
 * while Node writes the next statement. SQLite runs them one after the other. `flush` waits for all
 * of them and throws the first failure (in the order sent), so a lost unique race still reaches the
 * transaction runner as the error it retries.
 */
/**
 * Lets the answers of statements sent on a queue come in (and what waits on them run) in the middle
 * of long work on the same thread: a statement's answer lets the next one go.
 */
export const letAnswersIn = () => new Promise((resolve) => setImmediate(resolve));

export class StatementQueue {
  private readonly pending: Promise<unknown>[] = [];
  private chain: Promise<unknown> = Promise.resolve();
  private failure: unknown = undefined;

  constructor(
    private readonly sequelize: Sequelize,
    private readonly transaction: Transaction,
    private readonly concurrent: boolean,
  ) {}

  /** Sends a statement; `flush` reports how it went. */
  send(sql: string): void {
    void this.run(sql, QueryTypes.RAW);
  }

  /** Sends a statement that answers rows (SELECT, RETURNING); the promise may be awaited later. */
  rows<T>(sql: string): Promise<T[]> {
    return this.run(sql, QueryTypes.SELECT) as Promise<T[]>;
  }

  async flush(): Promise<void> {
    const pending = this.pending.splice(0);
    await Promise.allSettled(pending);
    if (this.failure !== undefined) throw this.failure;
  }

  private run(sql: string, type: QueryTypes): Promise<unknown> {
    const start = () =>
      this.concurrent
        ? rawQuery(this.transaction, sql)
        : this.sequelize.query(sql, { transaction: this.transaction, type, raw: true });
    const promise = this.concurrent ? start() : this.chain.then(start);
    this.chain = promise.catch(() => undefined);
    // The first failure, in the order sent (one connection runs them in that order).
    const watched = promise.catch((error: unknown) => {
      if (this.failure === undefined) this.failure = error;
      throw this.failure;
    });
    watched.catch(() => undefined);
    this.pending.push(watched);
    return watched;
  }
}

/** MySQL's deadlock error: InnoDB rolled the whole transaction back. */
const ER_LOCK_DEADLOCK = 1213;
const deadlocked = new WeakSet<Transaction>();

/** Whether a statement sent with `rawQuery` in this transaction met a deadlock (the transaction was rolled back). */
export function metDeadlock(transaction: Transaction): boolean {
  return deadlocked.has(transaction);
}

/** A failed raw statement, shaped as Sequelize's errors are (`parent` holds the driver's error). */
export class RawQueryError extends Error {
  constructor(
    readonly parent: Error & { errno?: number; code?: string },
    readonly sql: string,
  ) {
    super(parent.message);
    this.name = 'RawQueryError';
  }
}

interface MysqlConnection {
  query(sql: string, callback: (error: (Error & { errno?: number }) | null, rows: unknown) => void): void;
  destroy(): void;
}

/**
 * A statement sent straight to the transaction's mysql2 connection (MySQL only). Sequelize's
 * query() copies, trims and lower-cases the whole text of every statement, which for the import's
 * statements (hundreds of kilobytes) was a visible share of its time; these statements need none of
 * what it adds. Rows come back as mysql2 reads them with the same connection settings (UTC,
 * decimals as numbers). A deadlock is remembered for the transaction runner (`metDeadlock`).
 */
export function rawQuery<T = unknown>(transaction: Transaction, sql: string): Promise<T[]> {
  const connection = (transaction as unknown as { connection?: MysqlConnection }).connection;
  if (!connection) return Promise.reject(new Error('The transaction has no connection.'));
  return new Promise((resolve, reject) => {
    connection.query(sql, (error, rows) => {
      if (error) {
        if (error.errno === ER_LOCK_DEADLOCK) {
          deadlocked.add(transaction);
          // InnoDB rolled the whole transaction back, and the connection is now in autocommit: a
          // statement queued behind this one would run on its own and stay (half a batch kept,
          // then written again by the retry). Given up here, before mysql2 sends the next one, the
          // connection fails them all; the pool replaces it.
          connection.destroy();
        }
        reject(new RawQueryError(error, sql));
        return;
      }
      resolve(Array.isArray(rows) ? (rows as T[]) : []);
    });
  });
}
