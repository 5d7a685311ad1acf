import { Op, type Sequelize, type WhereOptions } from 'sequelize';
import type { JobState, RemoveJobsOptions } from 'agenda';
import type { JobRow } from './job-table';

type JobWhere = WhereOptions<JobRow>;

/** Ids are auto-increment integers; anything else cannot match and must not reach SQL as-is. */
export function parseJobId(id: unknown): string | undefined {
  const text = String(id);
  return /^\d{1,19}$/.test(text) ? text : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date)
    return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** `{ a: { b: 1 } }` → `[['a', 'b'], 1]`: partial matching compares leaves only, like MongoDB. */
function flattenLeaves(value: Record<string, unknown>, prefix: string[] = []): Array<[string[], unknown]> {
  return Object.entries(value).flatMap(([key, child]): Array<[string[], unknown]> =>
    isPlainObject(child) ? flattenLeaves(child, [...prefix, key]) : [[[...prefix, key], child]],
  );
}

function jsonPath(keys: string[]): string {
  return `$${keys.map((key) => `.${JSON.stringify(key)}`).join('')}`;
}

/**
 * Matches jobs whose data contains `data` (a partial object, or an exact scalar). MySQL has a
 * containment function; SQLite compares each leaf's JSON text (`->` returns JSON, minified).
 */
export function dataFilter(sequelize: Sequelize, data: unknown): JobWhere {
  const column = sequelize.getQueryInterface().quoteIdentifier('data');
  const json = (value: unknown): string => sequelize.escape(JSON.stringify(value ?? null));
  if (sequelize.getDialect() !== 'sqlite') {
    return sequelize.literal(`JSON_CONTAINS(${column}, ${json(data)}) = 1`) as unknown as JobWhere;
  }
  if (!isPlainObject(data)) {
    return sequelize.literal(`json(${column}) = json(${json(data)})`) as unknown as JobWhere;
  }
  const leaves = flattenLeaves(data);
  if (leaves.length === 0) return {};
  const conditions = leaves.map(
    ([keys, value]) => `(${column} -> ${sequelize.escape(jsonPath(keys))}) = json(${json(value)})`,
  );
  return sequelize.literal(conditions.join(' AND ')) as unknown as JobWhere;
}

/**
 * The filter shared by removeJobs / disableJobs / enableJobs; undefined when no criterion was given
 * (those operations then touch nothing, as in Agenda's own backends).
 */
export function removeOptionsFilter(
  sequelize: Sequelize,
  options: RemoveJobsOptions,
): JobWhere[] | undefined {
  const conditions: JobWhere[] = [];
  if (options.id !== undefined && options.id !== null && options.id !== '') {
    const id = parseJobId(options.id);
    conditions.push(id === undefined ? sequelize.literal('1 = 0') : { id });
  } else if (Array.isArray(options.ids) && options.ids.length > 0) {
    const ids = options.ids.map(parseJobId).filter((id): id is string => id !== undefined);
    conditions.push(ids.length === 0 ? sequelize.literal('1 = 0') : { id: { [Op.in]: ids } });
  }
  if (typeof options.name === 'string' && options.name !== '') {
    conditions.push({ name: options.name });
  } else if (Array.isArray(options.names) && options.names.length > 0) {
    conditions.push({ name: { [Op.in]: options.names.filter((name) => typeof name === 'string') } });
  } else if (Array.isArray(options.notNames) && options.notNames.length > 0) {
    conditions.push({ name: { [Op.notIn]: options.notNames.filter((name) => typeof name === 'string') } });
  }
  if (options.data !== undefined) conditions.push(dataFilter(sequelize, options.data));
  return conditions.length > 0 ? conditions : undefined;
}

/** `search` is a plain substring, so LIKE wildcards in it are escaped. */
export function nameSearchFilter(sequelize: Sequelize, search: string): JobWhere {
  const column = sequelize.getQueryInterface().quoteIdentifier('name');
  const pattern = `%${search.replace(/[!%_]/g, (character) => `!${character}`)}%`;
  return sequelize.literal(
    `LOWER(${column}) LIKE LOWER(${sequelize.escape(pattern)}) ESCAPE '!'`,
  ) as unknown as JobWhere;
}

/**
 * SQL form of Agenda's computeJobState(), so a state filter can be paginated by the database.
 * Each state excludes the ones computeJobState() checks before it.
 */
export function stateFilter(state: JobState, now: Date): JobWhere {
  const failed: JobWhere = {
    lockedAt: null,
    failedAt: { [Op.ne]: null },
    [Op.or]: [{ lastFinishedAt: null }, { failedAt: { [Op.gte]: { [Op.col]: 'last_finished_at' } } }],
  } as JobWhere;
  const notFailed: JobWhere = {
    [Op.or]: [
      { failedAt: null },
      {
        [Op.and]: [
          { lastFinishedAt: { [Op.ne]: null } },
          { failedAt: { [Op.lt]: { [Op.col]: 'last_finished_at' } } },
        ],
      },
    ],
  } as JobWhere;
  const idle: JobWhere = { [Op.and]: [{ lockedAt: null }, notFailed, { repeatInterval: null }] };
  switch (state) {
    case 'paused':
      return { disabled: true };
    case 'running':
      return { lockedAt: { [Op.ne]: null } };
    case 'failed':
      return failed;
    case 'repeating':
      return { [Op.and]: [{ lockedAt: null }, notFailed, { repeatInterval: { [Op.ne]: null } }] };
    case 'scheduled':
      return { [Op.and]: [idle, { nextRunAt: { [Op.gt]: now } }] };
    case 'queued':
      return { [Op.and]: [idle, { nextRunAt: { [Op.lte]: now } }] };
    case 'completed':
      return { [Op.and]: [idle, { nextRunAt: null }] };
    default:
      return {};
  }
}
