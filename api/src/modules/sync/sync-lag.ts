import type { ChannelSyncState } from '../../db/sync.models';
import { providerPollSeconds } from '../../jobs/channel-job-schedule';

/** What the recurring order download uses when the channel keeps the default interval (the job schedule's). */
export const DEFAULT_GET_ORDERS_INTERVAL_SECONDS = 300;

/**
 * Seconds between two order downloads of a channel, from its settings, and never fewer than its
 * provider allows between two polls (the schedule's own rule, so the lag is measured against the
 * interval the job really runs at).
 */
export function getOrdersIntervalSeconds(settings: Record<string, unknown>, type?: string): number {
  if (settings.use_default_get_orders_interval === false) {
    const seconds = Number(settings.get_orders_interval);
    if (Number.isFinite(seconds) && seconds > 0) return Math.max(seconds, providerPollSeconds(type));
  }
  return Math.max(DEFAULT_GET_ORDERS_INTERVAL_SECONDS, providerPollSeconds(type));
}

/** Whether the channel downloads orders on a schedule (active sales channel with get_orders on). */
export function isPolled(channel: {
  kind: string;
  is_active: boolean;
  settings: Record<string, unknown> | null;
}) {
  return channel.kind === 'channel' && Boolean(channel.is_active) && channel.settings?.get_orders !== false;
}

const secondsBetween = (from: Date, to: Date) =>
  Math.max(0, Math.floor((to.getTime() - from.getTime()) / 1000));

/**
 * How far behind a channel is, in seconds. Two sources, the larger wins:
 * - a change a channel webhook announced and no run has imported yet: now minus that change;
 * - for a polled channel, a download that is overdue (more than two intervals since the last
 *   complete one began, i.e. at least one run missed or failed): now minus that start, since only
 *   changes before it are known to be imported.
 * A polled channel within its schedule counts 0: being up to one interval behind is what polling
 * means, and showing it would make every healthy channel look late. A channel never downloaded
 * counts 0 too (nothing is known to be missing yet).
 */
export function lagSeconds(
  state: Pick<ChannelSyncState, 'oldest_unimported_at' | 'orders_checked_at'> | null,
  polledEverySeconds: number | null,
  now: Date,
): number {
  if (!state) return 0;
  let lag = state.oldest_unimported_at ? secondsBetween(state.oldest_unimported_at, now) : 0;
  if (polledEverySeconds !== null && state.orders_checked_at) {
    const sinceChecked = secondsBetween(state.orders_checked_at, now);
    if (sinceChecked > 2 * polledEverySeconds) lag = Math.max(lag, sinceChecked);
  }
  return lag;
}

/**
 * When the next order download should start: the last complete one's start plus the interval.
 * An estimate from our own table rather than Agenda's (its rows belong to the job worker); in the
 * past when the download is overdue, null when the channel is not polled or never downloaded.
 */
export function nextRunAt(
  state: Pick<ChannelSyncState, 'orders_checked_at'> | null,
  polledEverySeconds: number | null,
): Date | null {
  if (polledEverySeconds === null || !state?.orders_checked_at) return null;
  return new Date(state.orders_checked_at.getTime() + polledEverySeconds * 1000);
}
