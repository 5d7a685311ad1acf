import { QueryTypes, type Sequelize } from 'sequelize';
import { toSqlDate } from './job-row';

/** A value the hot-path statements write or compare: text, a number, a date, a flag or none. */
export type JobSqlValue = string | number | boolean | Date | null;

/**
 * The statements every job runs (lock, start, finish), written as SQL text with bound values.
 * `Model.update` built, validated and cloned each one through Sequelize's instance machinery:
 * about a millisecond of Node CPU per job on its own, more than the database spent. The text of
 * each statement never changes, so MySQL prepares it once per connection (values inlined as
 * literals made MariaDB parse every statement again: +0.5 ms of its CPU per job).
 */
export class JobSql {
  readonly table: string;
  private readonly mysql: boolean;
  private readonly dialect: string;
  private readonly timezone: string | undefined;

  constructor(
    private readonly sequelize: Sequelize,
    tableName: string,
  ) {
    this.dialect = sequelize.getDialect();
    this.mysql = this.dialect !== 'sqlite';
    // `options` exists at runtime but is missing from Sequelize's typings.
    this.timezone = (sequelize as unknown as { options: { timezone?: string } }).options.timezone;
    this.table = this.quote(tableName);
  }

  quote(identifier: string): string {
    return this.mysql ? `\`${identifier}\`` : `"${identifier}"`;
  }

  /** The null-safe equality operator: `a <=> $1` (MySQL) or `a IS $1` (SQLite) also holds for two NULLs. */
  get same(): string {
    return this.mysql ? '<=>' : 'IS';
  }

  /**
   * Runs an UPDATE whose `$1, $2, …` take `values`, and answers the rows it changed (MySQL counts
   * changed rows, not matched ones, as `Model.update` did).
   */
  async update(sql: string, values: readonly (JobSqlValue | undefined)[]): Promise<number> {
    const bind = values.map((value) => this.bound(value));
    const changed = await this.sequelize.query(sql, { type: QueryTypes.BULKUPDATE, raw: true, bind });
    return Number(changed);
  }

  /**
   * Dates go as the text the DATE(3) columns hold: SQLite compares that text, and SQLite's driver
   * would bind a Date as a number of milliseconds.
   */
  private bound(value: JobSqlValue | undefined): string | number | null {
    if (value === null || value === undefined) return null;
    if (value instanceof Date) return toSqlDate(value, this.dialect, this.timezone);
    if (typeof value === 'boolean') return value ? 1 : 0;
    if (typeof value === 'number' && !Number.isFinite(value)) {
      throw new Error(`Not a number SQL can store: ${value}`);
    }
    return value;
  }
}
