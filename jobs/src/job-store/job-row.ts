import { types } from 'node:util';
import type { JobId, JobParameters } from 'agenda';
import type { JobRow, JobRowValues } from './job-table';

/**
 * Dates come back as Date objects from models, as strings from raw SQLite queries. An invalid date
 * is no date: MySQL refuses to store one and SQLite would store the text "Invalid date".
 */
export function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value;
  if (typeof value === 'number') return new Date(value);
  // SQLite stores `YYYY-MM-DD HH:mm:ss.SSS +00:00`; make it ISO 8601 so every engine parses it.
  const iso = /^\d{4}-\d{2}-\d{2} /.test(value) ? value.replace(' ', 'T').replace(' ', '') : value;
  const parsed = new Date(iso);
  return Number.isNaN(parsed.getTime()) ? undefined : parsed;
}

function toBoolean(value: boolean | number | string | null | undefined): boolean {
  return value === true || value === 1 || value === '1';
}

function parseJson(text: string | null): unknown {
  if (text === null || text === undefined) return undefined;
  return JSON.parse(text);
}

/** Agenda accepts a number of milliseconds or a human/cron string; the column is a string. */
function parseRepeatInterval(value: string | null): string | number | undefined {
  if (value === null || value === undefined) return undefined;
  return /^\d+$/.test(value) ? Number(value) : value;
}

export function rowToJob<DATA = unknown>(row: JobRow): JobParameters<DATA> {
  const skipDays = parseJson(row.skipDays) as number[] | undefined;
  return {
    _id: String(row.id) as JobId,
    name: row.name,
    priority: Number(row.priority),
    nextRunAt: toDate(row.nextRunAt) ?? null,
    type: row.type === 'single' ? 'single' : 'normal',
    data: parseJson(row.data) as DATA,
    lockedAt: toDate(row.lockedAt),
    lastRunAt: toDate(row.lastRunAt),
    lastFinishedAt: toDate(row.lastFinishedAt),
    failedAt: toDate(row.failedAt),
    failCount: row.failCount ?? undefined,
    failReason: row.failReason ?? undefined,
    repeatInterval: parseRepeatInterval(row.repeatInterval),
    repeatTimezone: row.repeatTimezone ?? undefined,
    repeatAt: row.repeatAt ?? undefined,
    startDate: toDate(row.startDate),
    endDate: toDate(row.endDate),
    skipDays,
    disabled: toBoolean(row.disabled),
    progress: row.progress ?? undefined,
    fork: toBoolean(row.fork) || undefined,
    lastModifiedBy: row.lastModifiedBy ?? undefined,
    debounceStartedAt: toDate(row.debounceStartedAt),
  };
}

/** Fields the job processor owns; a user's `job.save()` leaves them out and must not clear them. */
export const PROCESSOR_FIELDS = [
  'lockedAt',
  'lastRunAt',
  'lastFinishedAt',
  'failedAt',
  'failCount',
  'failReason',
  'progress',
] as const;

type ProcessorField = (typeof PROCESSOR_FIELDS)[number];

/**
 * Longest failure reason stored, in characters. Enough for any message worth reading, and at most
 * 32 KB of UTF-8, inside MySQL's 64 KB TEXT column (a longer value is refused, not truncated).
 */
export const MAX_FAIL_REASON_LENGTH = 8000;
/** `last_modified_by` is a VARCHAR(255); Agenda's name is the host name and pid by default. */
const MAX_MODIFIED_BY_LENGTH = 255;

function truncate(text: string, maxLength: number): string {
  if (text.length <= maxLength) return text;
  const marker = '… (truncated)';
  let end = maxLength - marker.length;
  // Do not cut a surrogate pair in half: a lone surrogate is not valid UTF-8.
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end) + marker;
}

/** `String(value)` throws for objects without a prototype; this never does. */
function safeString(value: unknown): string {
  try {
    return String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}

/**
 * A failure reason as the TEXT column holds it. Agenda passes an Error's message, but hands any
 * other thrown value to `job.fail()` as is (in fork mode the child's error arrives as a parsed JSON
 * object), and Sequelize refuses an object for a TEXT column.
 */
export function failReasonText(reason: unknown): string | null {
  if (reason === null || reason === undefined) return null;
  let text: string;
  if (typeof reason === 'string') text = reason;
  else if (reason instanceof Error || types.isNativeError(reason)) {
    text = (reason as Error).message || safeString(reason);
  } else if (typeof reason === 'object') {
    let json: string | undefined;
    try {
      // Undefined for values JSON cannot represent; throws on cycles and BigInts.
      json = JSON.stringify(reason) as string | undefined;
    } catch {
      json = undefined;
    }
    text = json ?? safeString(reason);
  } else text = safeString(reason);
  return truncate(text, MAX_FAIL_REASON_LENGTH);
}

/** A number, or the text of one ("37.5"); NaN and the infinities are not. */
function finiteNumber(value: unknown): number | undefined {
  let number = Number.NaN;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && value.trim() !== '') number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/**
 * `job.touch(progress)` takes whatever the handler passes; the column is a DOUBLE. Anything that
 * is not a finite number (an object, "50%", NaN) is stored as no progress: MySQL refuses it, and
 * SQLite would store the text "NaN".
 */
export function progressValue(progress: unknown): number | null {
  return finiteNumber(progress) ?? null;
}

/** A whole, non-negative count for the INTEGER column, or none. */
export function failCountValue(failCount: unknown): number | null {
  const number = finiteNumber(failCount);
  return number === undefined ? null : Math.min(Math.max(Math.trunc(number), 0), 2_147_483_647);
}

/** Dates as the DATE(3) columns hold them; a value that is not a valid date is stored as none. */
function dateValue(value: unknown): Date | null {
  if (value instanceof Date || typeof value === 'string' || typeof value === 'number') {
    return toDate(value) ?? null;
  }
  return null;
}

export function modifiedByValue(lastModifiedBy: string | null | undefined): string | null {
  return lastModifiedBy === null || lastModifiedBy === undefined
    ? null
    : lastModifiedBy.slice(0, MAX_MODIFIED_BY_LENGTH);
}

function processorValue(job: JobParameters, field: ProcessorField): Date | number | string | null {
  switch (field) {
    case 'failReason':
      return failReasonText(job.failReason);
    case 'failCount':
      return failCountValue(job.failCount);
    case 'progress':
      return progressValue(job.progress);
    case 'lockedAt':
    case 'lastRunAt':
    case 'lastFinishedAt':
    case 'failedAt':
      return dateValue(job[field]);
    default:
      return assertUnreachable(field);
  }
}

function assertUnreachable(value: never): never {
  throw new Error(`unexpected processor field ${String(value)}`);
}

export type JobStateValues = Required<Pick<JobRowValues, ProcessorField | 'nextRunAt' | 'lastModifiedBy'>>;

/**
 * The columns `saveJobState()` writes, each normalised to what its column accepts. Handlers and
 * Agenda put arbitrary values in these fields, and a value the database refuses would fail the
 * whole save, which Agenda ignores at the end of a run: the job would stay locked, unfinished.
 */
export function jobStateValues(job: JobParameters, lastModifiedBy: string | undefined): JobStateValues {
  return {
    lockedAt: dateValue(job.lockedAt),
    nextRunAt: dateValue(job.nextRunAt),
    lastRunAt: dateValue(job.lastRunAt),
    progress: progressValue(job.progress),
    failReason: failReasonText(job.failReason),
    failCount: failCountValue(job.failCount),
    failedAt: dateValue(job.failedAt),
    lastFinishedAt: dateValue(job.lastFinishedAt),
    lastModifiedBy: modifiedByValue(lastModifiedBy),
  };
}

/**
 * Column values of a job as the user defines it. Processor fields are written only when the caller
 * passed them (`Object.hasOwn`), so re-saving a job (e.g. agenda.every() at boot) keeps its history.
 */
export function jobToValues(job: JobParameters, lastModifiedBy: string | undefined): JobRowValues {
  const values: JobRowValues = {
    name: job.name,
    priority: job.priority ?? 0,
    type: job.type ?? 'normal',
    nextRunAt: job.nextRunAt ?? null,
    repeatInterval:
      job.repeatInterval === undefined || job.repeatInterval === null || job.repeatInterval === ''
        ? null
        : String(job.repeatInterval),
    repeatTimezone: job.repeatTimezone ?? null,
    repeatAt: job.repeatAt ?? null,
    startDate: job.startDate ?? null,
    endDate: job.endDate ?? null,
    skipDays: job.skipDays ? JSON.stringify(job.skipDays) : null,
    disabled: job.disabled === true,
    fork: job.fork === true,
    data: job.data === undefined ? null : JSON.stringify(job.data),
    lastModifiedBy: modifiedByValue(lastModifiedBy),
    debounceStartedAt: job.debounceStartedAt ?? null,
  };
  const target = values as Record<ProcessorField, unknown>;
  for (const field of PROCESSOR_FIELDS) {
    if (Object.hasOwn(job, field)) target[field] = processorValue(job, field);
  }
  return values;
}

/**
 * A date as the column stores it, for raw queries: Sequelize's own escaping drops the milliseconds
 * on MySQL, and SQLite compares dates as `YYYY-MM-DD HH:mm:ss.SSS +00:00` text.
 */
export function toSqlDate(date: Date, dialect: string, timezone = '+00:00'): string {
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(timezone);
  const offsetMinutes = match ? (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
  const local = new Date(date.getTime() + offsetMinutes * 60_000).toISOString();
  const text = `${local.slice(0, 10)} ${local.slice(11, 23)}`;
  if (dialect !== 'sqlite') return text;
  const sign = offsetMinutes < 0 ? '-' : '+';
  const hours = String(Math.floor(Math.abs(offsetMinutes) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offsetMinutes) % 60).padStart(2, '0');
  return `${text} ${sign}${hours}:${minutes}`;
}
