import { acknowledgementDeadline, type AcknowledgeSyncStatus } from '@syncdesk/contracts';

const UNITS: [seconds: number, name: string][] = [
  [86_400, 'day'],
  [3_600, 'hour'],
  [60, 'minute'],
];

/** `2 days 3 hours`, `45 minutes`, `less than a minute`: the two largest units, enough to act on. */
export function durationText(seconds: number): string {
  const total = Math.abs(seconds);
  const first = UNITS.findIndex(([size]) => total >= size);
  if (first === -1) return 'less than a minute';
  const plural = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`;
  const [size, name] = UNITS[first]!;
  const count = Math.floor(total / size);
  const next = UNITS[first + 1];
  const nextCount = next ? Math.floor((total - count * size) / next[0]) : 0;
  return next && nextCount > 0 ? `${plural(count, name)} ${plural(nextCount, next[1])}` : plural(count, name);
}

export interface DeadlineText {
  text: string;
  overdue: boolean;
}

/**
 * What the deadline column and the detail say about the retailer's acknowledgement deadline: the
 * time left, or how long ago it passed; nothing once the acknowledgement has been sent (the
 * deadline no longer asks anything of the seller) or when the order carries none.
 */
export function deadlineText(
  acknowledgeBy: string | null,
  status: AcknowledgeSyncStatus,
  now: Date = new Date(),
): DeadlineText | null {
  if (status === 'processing' || status === 'success') return null;
  const deadline = acknowledgementDeadline(acknowledgeBy, now);
  if (!deadline) return null;
  return deadline.overdue
    ? { text: `Overdue by ${durationText(deadline.seconds_left)}`, overdue: true }
    : { text: `${durationText(deadline.seconds_left)} left`, overdue: false };
}
