import type { ConnectionSyncHealthDto } from '@syncdesk/contracts';

/** A lag as people say it: "40 s", "3 min", "2 h 5 min", "3 days". */
export function lagText(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  if (whole < 60) return `${whole} s`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return `${Math.floor(hours / 24)} days`;
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** What waits to go to the channel: "2 stock pushes waiting, 1 fulfilment waiting"; '' when nothing. */
export function pendingText(
  health: Pick<ConnectionSyncHealthDto, 'pending_stock_pushes' | 'pending_fulfilments' | 'stuck_sends'>,
) {
  const parts: string[] = [];
  // A worker stopped in the middle of these: they are sent again shortly, nothing to do yet.
  if (health.stuck_sends)
    parts.push(`${plural(health.stuck_sends, 'send', 'sends')} interrupted, to be retried`);
  if (health.pending_stock_pushes > 0)
    parts.push(`${plural(health.pending_stock_pushes, 'stock push', 'stock pushes')} waiting`);
  if (health.pending_fulfilments > 0)
    parts.push(`${plural(health.pending_fulfilments, 'fulfilment', 'fulfilments')} waiting`);
  return parts.join(', ');
}

/** "Acme Shopify is 3 min behind: 2 stock pushes waiting", or "Acme Shopify is up to date". */
export function lagSentence(health: ConnectionSyncHealthDto): string {
  const pending = pendingText(health);
  const head =
    health.lag_seconds > 0
      ? `${health.channel_name} is ${lagText(health.lag_seconds)} behind`
      : pending
        ? health.channel_name
        : `${health.channel_name} is up to date`;
  return pending ? `${head}: ${pending}` : head;
}
