import {
  Op,
  QueryTypes,
  UniqueConstraintError,
  type Order,
  type Sequelize,
  type WhereOptions,
} from 'sequelize';
import { computeJobState } from 'agenda';
import type {
  JobId,
  JobParameters,
  JobRepository,
  JobRepositoryOptions,
  JobsOverview,
  JobsQueryOptions,
  JobsResult,
  JobsSort,
  JobWithState,
  RemoveJobsOptions,
  UniqueOpts,
} from 'agenda';
import { defineJobTable, type JobRow, type JobRowValues, type JobTableModel } from './job-table';
import {
  jobStateValues,
  jobToValues,
  modifiedByValue,
  rowToJob,
  toDate,
  toSqlDate,
  type JobStateValues,
} from './job-row';
import { dataFilter, nameSearchFilter, parseJobId, removeOptionsFilter, stateFilter } from './job-filters';
import { JobSql } from './job-sql';
import { singleJobKey, uniqueJobKey } from './unique-keys';

type JobWhere = WhereOptions<JobRow>;

/** The application's logger (pino's shape): where the store reports what it cannot hand to Agenda. */
export interface JobStoreLogger {
  error(object: object, message?: string): void;
}

/** Without an application logger, problems still reach the process's standard error. */
const consoleLogger: JobStoreLogger = {
  error: (object, message) => console.error(`[job-store] ${message ?? ''}`, object),
};

export interface SequelizeJobRepositoryOptions {
  /** Connection owned by the application; the repository never closes it. */
  sequelize: Sequelize;
  /** Default `agenda_jobs`. */
  tableName?: string;
  /** Create the table and its indexes on connect() when missing. Default true. */
  ensureSchema?: boolean;
  /** How many lock candidates one read returns (the rest are tried by the next calls). Default 10. */
  lockBatchSize?: number;
  /** Receives state saves the database refused (Agenda drops those errors). Default: console. */
  logger?: JobStoreLogger;
}

interface LockCandidates {
  rows: JobRow[];
  readAt: number;
}

/**
 * Buffered candidates older than this are re-read, so a newly due job with a higher priority is
 * never passed over for long. Every candidate is re-checked by the locking UPDATE anyway.
 */
const CANDIDATE_TTL_MS = 1000;
/** Fresh candidate reads per getNextJobToRun() call before giving up to competing workers. */
const MAX_CANDIDATE_READS = 5;

/**
 * Agenda's JobRepository on a Sequelize table, for MySQL/MariaDB and SQLite.
 *
 * Locking is a portable compare-and-set: read a few lockable rows through the lock index, then
 * `UPDATE … SET locked_at = now WHERE id = ? AND <still lockable and unchanged>` and keep the row
 * only when exactly one row changed. Neither engine needs UPDATE…RETURNING or SKIP LOCKED for it.
 */
export class SequelizeJobRepository implements JobRepository {
  readonly tableName: string;
  private readonly sequelize: Sequelize;
  private readonly model: JobTableModel;
  private readonly sql: JobSql;
  /** The state save of every run (start and finish); see saveJobState. */
  private readonly saveStateSql: string;
  /** The compare-and-set that locks a candidate; see compareAndLock. */
  private readonly lockSql: string;
  private readonly ensureSchema: boolean;
  private readonly lockBatchSize: number;
  private readonly logger: JobStoreLogger;
  private connecting: Promise<void> | undefined;
  private readonly lockCandidates = new Map<string, LockCandidates>();
  private readonly candidateReads = new Map<string, Promise<JobRow[]>>();
  /** Ids of candidates whose compare-and-set is in flight in this process. */
  private readonly lockAttempts = new Set<JobRow['id']>();

  constructor({
    sequelize,
    tableName = 'agenda_jobs',
    ensureSchema = true,
    lockBatchSize = 10,
    logger = consoleLogger,
  }: SequelizeJobRepositoryOptions) {
    this.sequelize = sequelize;
    this.logger = logger;
    this.tableName = tableName;
    this.ensureSchema = ensureSchema;
    this.lockBatchSize = Math.max(1, lockBatchSize);
    this.model = defineJobTable(sequelize, tableName);
    this.sql = new JobSql(sequelize, tableName);
    const { table, same } = this.sql;
    this.saveStateSql =
      `UPDATE ${table} SET locked_at = $1, next_run_at = $2, last_run_at = $3, progress = $4,` +
      ` fail_reason = $5, fail_count = $6, failed_at = $7, last_finished_at = $8, last_modified_by = $9` +
      ` WHERE id = $10 AND name = $11`;
    this.lockSql =
      `UPDATE ${table} SET locked_at = $1, last_modified_by = $2` +
      ` WHERE id = $3 AND disabled = 0 AND locked_at ${same} $4 AND next_run_at ${same} $5` +
      ` AND last_run_at ${same} $6 AND ((locked_at IS NULL AND next_run_at <= $7) OR locked_at <= $8)`;
  }

  /** Idempotent: Agenda calls it from its constructor, and several Agendas may share a backend. */
  connect(): Promise<void> {
    this.connecting ??= this.createSchema().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }

  /** Forgets per-connection state; the Sequelize instance belongs to the application. */
  async disconnect(): Promise<void> {
    this.lockCandidates.clear();
    this.connecting = undefined;
  }

  private async createSchema(): Promise<void> {
    if (!this.ensureSchema) return;
    try {
      await this.model.sync();
    } catch {
      // Another process may have created the table or an index between our check and our DDL;
      // a second pass sees its work and only adds what is still missing.
      await this.model.sync();
    }
  }

  // ---------------------------------------------------------------- reads

  async getJobById(id: string): Promise<JobParameters | null> {
    const jobId = parseJobId(id);
    if (jobId === undefined) return null;
    const row = await this.findRow({ id: jobId });
    return row ? rowToJob(row) : null;
  }

  async queryJobs(options: JobsQueryOptions = {}): Promise<JobsResult> {
    const {
      name,
      names,
      state,
      id,
      ids,
      search,
      data,
      includeDisabled = true,
      sort,
      skip = 0,
      limit = 0,
    } = options;
    const now = new Date();
    const conditions: JobWhere[] = [];
    if (name) conditions.push({ name });
    else if (names && names.length > 0) conditions.push({ name: { [Op.in]: names } });
    if (id) {
      const jobId = parseJobId(id);
      if (jobId === undefined) return { jobs: [], total: 0 };
      conditions.push({ id: jobId });
    } else if (ids && ids.length > 0) {
      const jobIds = ids.map(parseJobId).filter((jobId): jobId is string => jobId !== undefined);
      if (jobIds.length === 0) return { jobs: [], total: 0 };
      conditions.push({ id: { [Op.in]: jobIds } });
    }
    if (search) conditions.push(nameSearchFilter(this.sequelize, search));
    if (data !== undefined) conditions.push(dataFilter(this.sequelize, data));
    if (!includeDisabled) conditions.push({ disabled: false });
    // The state is derived from stored columns, so it is filtered (and paginated) in SQL too.
    if (state) conditions.push(stateFilter(state, now));
    const where: JobWhere = { [Op.and]: conditions };
    const [rows, total] = await Promise.all([
      this.model.findAll({
        where,
        order: this.toOrder(sort),
        offset: skip > 0 ? skip : undefined,
        limit: limit > 0 ? limit : undefined,
        raw: true,
      }),
      this.model.count({ where }),
    ]);
    const jobs = rows.map((row): JobWithState => {
      const job = rowToJob(row as unknown as JobRow);
      return { ...job, _id: job._id as JobId, state: computeJobState(job, now) };
    });
    return { jobs, total };
  }

  async getJobsOverview(): Promise<JobsOverview[]> {
    const now = new Date();
    // Only the columns the state depends on: the data column can be large.
    const rows = (await this.model.findAll({
      attributes: [
        'id',
        'name',
        'type',
        'priority',
        'lockedAt',
        'lastFinishedAt',
        'failedAt',
        'nextRunAt',
        'repeatInterval',
        'disabled',
      ],
      raw: true,
    })) as unknown as JobRow[];
    const overviews = new Map<string, JobsOverview>();
    for (const row of rows) {
      const job = rowToJob({ ...row, data: null, skipDays: null });
      let overview = overviews.get(job.name);
      if (!overview) {
        overview = {
          name: job.name,
          total: 0,
          running: 0,
          scheduled: 0,
          queued: 0,
          completed: 0,
          failed: 0,
          repeating: 0,
          paused: 0,
        };
        overviews.set(job.name, overview);
      }
      overview.total += 1;
      overview[computeJobState(job, now)] += 1;
      if (job.disabled) overview.paused += 1;
    }
    return [...overviews.values()].sort((left, right) => (left.name < right.name ? -1 : 1));
  }

  async getDistinctJobNames(): Promise<string[]> {
    const name = this.quote('name');
    const rows = await this.sequelize.query<{ name: string }>(
      `SELECT DISTINCT ${name} AS ${name} FROM ${this.quote(this.tableName)} ORDER BY ${name}`,
      { type: QueryTypes.SELECT },
    );
    return rows.map((row) => row.name);
  }

  async getQueueSize(): Promise<number> {
    return this.model.count({ where: { nextRunAt: { [Op.lt]: new Date() } } });
  }

  // ---------------------------------------------------------------- removal, enable / disable

  async removeJobs(options: RemoveJobsOptions): Promise<number> {
    const filter = removeOptionsFilter(this.sequelize, options);
    if (!filter) return 0;
    return this.model.destroy({ where: { [Op.and]: filter } });
  }

  async disableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, true);
  }

  async enableJobs(options: RemoveJobsOptions): Promise<number> {
    return this.setDisabled(options, false);
  }

  /** Counts only rows that actually change, the same on MySQL (changed rows) and SQLite (matched). */
  private async setDisabled(options: RemoveJobsOptions, disabled: boolean): Promise<number> {
    const filter = removeOptionsFilter(this.sequelize, options);
    if (!filter) return 0;
    const [changed] = await this.model.update(
      { disabled },
      { where: { [Op.and]: [...filter, { disabled: !disabled }] } },
    );
    return changed;
  }

  async purgeAllJobs(): Promise<number> {
    this.lockCandidates.clear();
    return this.model.destroy({ where: {} });
  }

  // ---------------------------------------------------------------- saving

  async saveJob<DATA = unknown>(
    job: JobParameters<DATA>,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters<DATA>> {
    const values = jobToValues(job as JobParameters, options?.lastModifiedBy);
    if (job._id) {
      const id = parseJobId(job._id);
      if (id === undefined) return job;
      const [changed] = await this.model.update(values, { where: { id, name: job.name } });
      // MySQL reports changed (not matched) rows, so 0 may also mean "saved the same values".
      const row = changed > 0 || (await this.exists(id, job.name)) ? await this.findRow({ id }) : undefined;
      // A job removed meanwhile is handed back unchanged, as MongoBackend does.
      return row ? rowToJob<DATA>(row) : job;
    }
    if (job.type === 'single') return this.saveSingleJob<DATA>(job, values);
    if (job.unique) return this.saveUniqueJob<DATA>(job, values, job.unique, job.uniqueOpts);
    const created = await this.model.create(values);
    return rowToJob<DATA>(created.get({ plain: true }));
  }

  /** `agenda.every()`: one row per name, inserted or updated atomically through `unique_key`. */
  private async saveSingleJob<DATA>(
    job: JobParameters<DATA>,
    values: JobRowValues,
  ): Promise<JobParameters<DATA>> {
    const uniqueKey = singleJobKey(job.name);
    // A nextRunAt of "now" comes from every() being called again (e.g. at each boot): keep the
    // schedule already stored rather than running the job once more right away.
    const keepStoredNextRunAt = job.nextRunAt !== null && job.nextRunAt <= new Date();
    const { nextRunAt, ...otherValues } = values;
    const update: JobRowValues = keepStoredNextRunAt
      ? { ...otherValues, uniqueKey }
      : { ...values, uniqueKey };
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        await this.model.update(update, { where: { uniqueKey } });
        if (keepStoredNextRunAt) {
          await this.model.update({ nextRunAt }, { where: { uniqueKey, nextRunAt: null } });
        }
      } catch (error) {
        // A worker locking this very row (by id) while every() updates it (by unique key) can make
        // InnoDB pick the update as a deadlock's victim: nothing was written, so it is sent again
        // rather than failing the process's start.
        if (attempt < 2 && isLockConflict(error)) continue;
        throw error;
      }
      const existing = await this.findRow({ uniqueKey });
      if (existing) return rowToJob<DATA>(existing);
      try {
        const created = await this.model.create({ ...values, uniqueKey });
        return rowToJob<DATA>(created.get({ plain: true }));
      } catch (error) {
        // Another worker inserted it first: loop and update that row instead.
        if (!(error instanceof UniqueConstraintError)) throw error;
      }
    }
    throw new Error(`could not save single job "${job.name}"`);
  }

  /** `job.unique({...})`: insert, or update the job saved earlier with the same constraint. */
  private async saveUniqueJob<DATA>(
    job: JobParameters<DATA>,
    values: JobRowValues,
    unique: Record<string, unknown>,
    uniqueOpts: UniqueOpts | undefined,
  ): Promise<JobParameters<DATA>> {
    const uniqueKey = uniqueJobKey(job.name, unique);
    const debounce = uniqueOpts?.debounce;
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const now = new Date();
      const existing = await this.findRow({ uniqueKey });
      if (existing) {
        if (uniqueOpts?.insertOnly && !debounce) return rowToJob<DATA>(existing);
        const update: JobRowValues = { ...values, uniqueKey };
        if (debounce) {
          const startedAt = toDate(existing.debounceStartedAt) ?? now;
          if (debounce.strategy === 'leading') {
            update.nextRunAt = toDate(existing.nextRunAt) ?? null;
            update.debounceStartedAt = startedAt;
          } else if (debounce.maxWait && now.getTime() - startedAt.getTime() >= debounce.maxWait) {
            update.nextRunAt = now;
            update.debounceStartedAt = null;
          } else {
            update.nextRunAt = new Date(now.getTime() + debounce.delay);
            update.debounceStartedAt = startedAt;
          }
        }
        await this.model.update(update, { where: { id: existing.id } });
        const row = await this.findRow({ id: existing.id });
        if (row) return rowToJob<DATA>(row);
        continue;
      }
      const insert: JobRowValues = { ...values, uniqueKey };
      if (debounce) {
        insert.debounceStartedAt = now;
        if (debounce.strategy !== 'leading') insert.nextRunAt = new Date(now.getTime() + debounce.delay);
      }
      try {
        const created = await this.model.create(insert);
        return rowToJob<DATA>(created.get({ plain: true }));
      } catch (error) {
        if (!(error instanceof UniqueConstraintError)) throw error;
      }
    }
    throw new Error(`could not save unique job "${job.name}"`);
  }

  /**
   * Writes only the fields the job processor changes while running a job.
   *
   * Agenda ignores an error from the save that ends a run (it logs it at debug level and emits
   * `complete` anyway), so a refused save left the job locked, with no finish time or fail count,
   * until its lock expired. Every value is therefore first made storable (`jobStateValues`), and a
   * save the database still refuses is logged and retried with the lock and outcome only.
   */
  async saveJobState(job: JobParameters, options: JobRepositoryOptions | undefined): Promise<void> {
    const id = job._id ? parseJobId(job._id) : undefined;
    if (id === undefined) throw new Error('Cannot save job state without job ID');
    const values = jobStateValues(job, options?.lastModifiedBy);
    let changed: number;
    try {
      changed = await this.sql.update(this.saveStateSql, [
        values.lockedAt,
        values.nextRunAt,
        values.lastRunAt,
        values.progress,
        values.failReason,
        values.failCount,
        values.failedAt,
        values.lastFinishedAt,
        values.lastModifiedBy,
        id,
        job.name,
      ]);
    } catch (error) {
      changed = await this.saveJobOutcome(job, id, values, error);
    }
    if (changed === 0 && !(await this.exists(id, job.name))) {
      throw new Error(
        `job ${job._id} (name: ${job.name}) cannot be updated in the database, maybe it does not exist anymore?`,
      );
    }
  }

  /**
   * The second attempt of a refused state save: the lock and the columns that decide what happens
   * to the job next (schedule, finish time, failures), without progress or lastModifiedBy, and with
   * the reason reduced to printable ASCII, which any column character set accepts (a utf8mb3 table
   * refuses emoji; the log entry keeps the full reason).
   *
   * It resolves when this succeeds: the job is then released (or kept locked, when Agenda asked)
   * with its outcome recorded, which is what matters. Throwing would help nobody: Agenda ignores the
   * error after a run, and before a run it would skip the handler and leave the row locked until
   * the lock expires. Only when this fails too (the database is unreachable) is the first error
   * thrown; nothing can be written then, and the lock's expiry is the recovery, as for a crash.
   */
  private async saveJobOutcome(
    job: JobParameters,
    id: string,
    values: JobStateValues,
    error: unknown,
  ): Promise<number> {
    const { progress: _progress, lastModifiedBy: _lastModifiedBy, ...outcome } = values;
    const context = { err: error, jobId: job._id, jobName: job.name, failReason: values.failReason };
    this.logger.error(context, 'job state not saved; retrying with its lock and outcome only');
    try {
      const [changed] = await this.model.update(
        { ...outcome, failReason: outcome.failReason?.replace(/[^\x20-\x7e]/g, '?') ?? null },
        { where: { id, name: job.name } },
      );
      return changed;
    } catch (outcomeError) {
      this.logger.error(
        { ...context, err: outcomeError, firstError: error, lockedAt: values.lockedAt },
        'job state not saved; the job stays locked until its lock expires',
      );
      throw error;
    }
  }

  // ---------------------------------------------------------------- locking

  async lockJob(
    job: JobParameters,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const id = job._id ? parseJobId(job._id) : undefined;
    if (id === undefined) return undefined;
    const [changed] = await this.model.update(
      { lockedAt: new Date(), lastModifiedBy: modifiedByValue(options?.lastModifiedBy) },
      { where: { id, name: job.name, lockedAt: null, nextRunAt: job.nextRunAt ?? null, disabled: false } },
    );
    if (changed !== 1) return undefined;
    const row = await this.findRow({ id });
    return row ? rowToJob(row) : undefined;
  }

  async unlockJob(job: JobParameters): Promise<void> {
    const id = job._id ? parseJobId(job._id) : undefined;
    if (id === undefined) return;
    // A one-time job that is running has nextRunAt = null; its lock stays until it finishes.
    await this.model.update({ lockedAt: null }, { where: { id, nextRunAt: { [Op.ne]: null } } });
  }

  async unlockJobs(jobIds: (JobId | string)[]): Promise<void> {
    const ids = jobIds.map(parseJobId).filter((id): id is string => id !== undefined);
    if (ids.length === 0) return;
    await this.model.update({ lockedAt: null }, { where: { id: { [Op.in]: ids } } });
  }

  async getNextJobToRun(
    jobName: string,
    nextScanAt: Date,
    lockDeadline: Date,
    now: Date | undefined,
    options: JobRepositoryOptions | undefined,
  ): Promise<JobParameters | undefined> {
    const lockTime = now ?? new Date();
    const lastModifiedBy = modifiedByValue(options?.lastModifiedBy);
    let reads = 0;
    for (;;) {
      let buffered = this.lockCandidates.get(jobName);
      if (!buffered || buffered.rows.length === 0 || Date.now() - buffered.readAt > CANDIDATE_TTL_MS) {
        if (reads === MAX_CANDIDATE_READS) return undefined;
        reads += 1;
        const rows = await this.refillLockCandidates(jobName, nextScanAt, lockDeadline);
        if (rows.length === 0) return undefined;
        buffered = this.lockCandidates.get(jobName);
        if (!buffered) continue;
      }
      const candidate = buffered.rows.shift();
      if (!candidate) continue;
      this.lockAttempts.add(candidate.id);
      try {
        if (await this.compareAndLock(candidate, nextScanAt, lockDeadline, lockTime, lastModifiedBy)) {
          return { ...rowToJob(candidate), lockedAt: lockTime, lastModifiedBy: lastModifiedBy ?? undefined };
        }
      } finally {
        this.lockAttempts.delete(candidate.id);
      }
    }
  }

  /**
   * Agenda calls getNextJobToRun from several overlapping scans at once. One read per job name is
   * in flight at a time and every caller shares its rows; rows another caller is locking right now
   * are left out. Without this, concurrent callers read the same candidates and most compare-and-set
   * updates lose, which doubled the queries per job in the benchmark.
   */
  private refillLockCandidates(jobName: string, nextScanAt: Date, lockDeadline: Date): Promise<JobRow[]> {
    const pending = this.candidateReads.get(jobName);
    if (pending) return pending;
    const read = this.readLockCandidates(jobName, nextScanAt, lockDeadline)
      .then((rows) => {
        const fresh = rows.filter((row) => !this.lockAttempts.has(row.id));
        if (fresh.length === 0) this.lockCandidates.delete(jobName);
        else this.lockCandidates.set(jobName, { rows: fresh, readAt: Date.now() });
        return fresh;
      })
      .finally(() => this.candidateReads.delete(jobName));
    this.candidateReads.set(jobName, read);
    return read;
  }

  /**
   * The next lockable rows of a name, in Agenda's order (nextRunAt ASC, priority DESC): due unlocked
   * rows and rows whose lock expired, each read through the lock index with a LIMIT, so the cost
   * does not grow with the backlog.
   */
  private async readLockCandidates(jobName: string, nextScanAt: Date, lockDeadline: Date): Promise<JobRow[]> {
    const q = (identifier: string): string => this.quote(identifier);
    const columns = Object.entries(this.model.getAttributes())
      .map(([attribute, definition]) => `${q(definition.field ?? attribute)} AS ${q(attribute)}`)
      .join(', ');
    const from = `FROM ${q(this.tableName)} WHERE ${q('name')} = :jobName AND ${q('disabled')} = :disabled`;
    const innerOrder = `ORDER BY ${q('next_run_at')} ASC, ${q('priority')} DESC, ${q('id')} ASC LIMIT :limit`;
    const sql = [
      `SELECT * FROM (SELECT ${columns} ${from}`,
      `AND ${q('locked_at')} IS NULL AND ${q('next_run_at')} <= :nextScanAt ${innerOrder}) AS due`,
      `UNION ALL`,
      `SELECT * FROM (SELECT ${columns} ${from} AND ${q('locked_at')} <= :lockDeadline ${innerOrder}) AS expired`,
      `ORDER BY ${q('nextRunAt')} ASC, ${q('priority')} DESC, ${q('id')} ASC LIMIT :limit`,
    ].join(' ');
    return this.sequelize.query<JobRow>(sql, {
      type: QueryTypes.SELECT,
      replacements: {
        jobName,
        disabled: false,
        nextScanAt: this.sqlDate(nextScanAt),
        lockDeadline: this.sqlDate(lockDeadline),
        limit: this.lockBatchSize,
      },
    });
  }

  /**
   * Locks the candidate if nobody changed it since it was read: still lockable under the current
   * deadlines, same lock, same schedule, same last run. Exactly one worker can win this UPDATE.
   */
  private async compareAndLock(
    candidate: JobRow,
    nextScanAt: Date,
    lockDeadline: Date,
    lockTime: Date,
    lastModifiedBy: string | null,
  ): Promise<boolean> {
    const changed = await this.sql.update(this.lockSql, [
      lockTime,
      lastModifiedBy,
      candidate.id,
      toDate(candidate.lockedAt) ?? null,
      toDate(candidate.nextRunAt) ?? null,
      toDate(candidate.lastRunAt) ?? null,
      nextScanAt,
      lockDeadline,
    ]);
    return changed === 1;
  }

  // ---------------------------------------------------------------- helpers

  private async findRow(where: JobWhere): Promise<JobRow | undefined> {
    const row = await this.model.findOne({ where, raw: true });
    return (row as unknown as JobRow | null) ?? undefined;
  }

  private async exists(id: string, name: string): Promise<boolean> {
    return (await this.model.count({ where: { id, name } })) > 0;
  }

  private sqlDate(date: Date): string {
    // `options` exists at runtime but is missing from Sequelize's typings.
    const { timezone } = (this.sequelize as unknown as { options: { timezone?: string } }).options;
    return toSqlDate(date, this.sequelize.getDialect(), timezone);
  }

  private quote(identifier: string): string {
    return this.sequelize.getQueryInterface().quoteIdentifier(identifier);
  }

  private toOrder(sort: JobsSort | undefined): Order {
    const columns: Array<keyof JobsSort> = [
      'nextRunAt',
      'lastRunAt',
      'lastFinishedAt',
      'priority',
      'name',
      'data',
    ];
    const order: Array<[string, string]> = [];
    for (const column of columns) {
      const direction = sort?.[column];
      if (direction !== undefined) order.push([column, direction === 'asc' ? 'ASC' : 'DESC']);
    }
    if (order.length === 0) order.push(['nextRunAt', 'DESC'], ['lastRunAt', 'DESC']);
    // A stable tie-breaker keeps skip/limit pages from overlapping.
    order.push(['id', 'ASC']);
    return order;
  }
}

/** MySQL's deadlock victim (1213) or lock wait timeout (1205): the statement wrote nothing. */
export function isLockConflict(error: unknown): boolean {
  const cause = (error as { parent?: { errno?: unknown } } | null)?.parent;
  return cause?.errno === 1213 || cause?.errno === 1205;
}
