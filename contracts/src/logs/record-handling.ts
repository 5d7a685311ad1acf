import { LOG_STATUS } from './log.status';

/**
 * What was done about a transaction record, beside its LOG_STATUS. Only a failure can be handled:
 * `retry_queued` — a retry is waiting to run; `retried` — the retry ran, its own record
 * (`retried_by_id`) stands for the operation now; `ignored` — taken out of the failures by hand.
 * A handled failure is no longer a failure to act on: the dashboard and the "Failed" filter leave it out.
 */
export const RECORD_HANDLINGS = ['open', 'retry_queued', 'retried', 'ignored'] as const;
export type RecordHandling = (typeof RECORD_HANDLINGS)[number];

/**
 * The screens' status filter (`state[eq|in]` on a connection's records): each LOG_STATUS key, where
 * `failed` means the failures nobody handled yet, plus `retried` (queued or run) and `ignored`.
 */
export const RECORD_STATE_FILTERS = [
  ...LOG_STATUS.entries.map((entry) => ({ value: entry.key as string, label: entry.label })),
  { value: 'retried', label: 'Retried' },
  { value: 'ignored', label: 'Ignored' },
] as const;

/** How a handled failure reads in a list or on its page, in place of "Failed". */
export const RECORD_HANDLING_LABELS: Record<Exclude<RecordHandling, 'open'>, string> = {
  retry_queued: 'Retry queued',
  retried: 'Retried',
  ignored: 'Ignored',
};
