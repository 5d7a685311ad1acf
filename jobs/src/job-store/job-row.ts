import type { JobId, JobParameters } from 'agenda';
import type { JobRow, JobRowValues } from './job-table';

/** Dates come back as Date objects from models, as strings from raw SQLite queries. */
export function toDate(value: Date | string | number | null | undefined): Date | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) return value;
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

function processorValue(job: JobParameters, field: ProcessorField): Date | number | string | null {
  const value = job[field];
  return value === undefined ? null : value;
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
    lastModifiedBy: lastModifiedBy ?? null,
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
