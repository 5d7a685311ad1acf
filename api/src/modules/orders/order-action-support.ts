import { rooms, type Publish } from '@syncdesk/contracts';
import type { Transaction } from 'sequelize';
import type { Models } from '../../db/models';
import type { RequestScope } from '../../http/request-scope';
import { insertRows } from '../products/product-lookups';

import { ORDER_SUBJECT } from './order-subject';

/** Rows per statement / per transaction of a bulk action (ids in an IN list, activity rows). */
export const ACTION_CHUNK = 1000;

/** A refusal names this many orders, then "and N more". */
const NAMED_ORDERS = 20;

/** An orders:changed event names at most this many ids: events stay small, screens refetch anyway. */
const EVENT_IDS = 1000;

export function chunksOf<T>(items: readonly T[], size = ACTION_CHUNK): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size));
  return chunks;
}

/** `#A1, #A2 and 3 more`: the first orders named, the rest counted. */
export function namedList(names: readonly string[], limit = NAMED_ORDERS): string {
  const shown = names.slice(0, limit);
  const rest = names.length - shown.length;
  if (rest > 0) return `${shown.join(', ')} and ${rest} more`;
  if (shown.length <= 1) return shown.join('');
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`;
}

/** Who acted, as the activity service would write it for this scope. */
function actorOf(scope: RequestScope) {
  return {
    user_id: scope.hostedPageId !== undefined ? null : scope.userId,
    source:
      scope.hostedPageId !== undefined
        ? 'hosted_page'
        : scope.tokenId.startsWith('api-token:')
          ? 'api_token'
          : 'user',
    source_name: scope.userName.slice(0, 120),
    via: scope.via,
  };
}

export interface OrderActivity {
  orderId: number;
  event: string;
  old: Record<string, unknown> | null;
  new: Record<string, unknown> | null;
}

/**
 * Writes one activity per order in the caller's transaction, many rows per statement (a bulk
 * action over thousands of orders must not make thousands of round trips). The activities belong
 * to the order's company, whoever acted (a store shared with a partner stays the owner's record).
 */
export async function recordOrderActivities(
  models: Models,
  scope: RequestScope,
  companyId: number,
  entries: readonly OrderActivity[],
  transaction: Transaction,
): Promise<void> {
  if (entries.length === 0) return;
  const actor = actorOf(scope);
  const now = new Date();
  await insertRows(
    models.Activity,
    entries.map((entry) => ({
      company_id: companyId,
      ...actor,
      event: entry.event,
      subject_type: ORDER_SUBJECT,
      subject_id: entry.orderId,
      old_values: entry.old === null ? null : JSON.stringify(entry.old),
      new_values: entry.new === null ? null : JSON.stringify(entry.new),
      created_at: now,
    })),
    transaction,
  );
}

/** One event per request, after the change is committed. */
export function publishOrdersChanged(publish: Publish, storeId: number, orderIds: readonly number[]): void {
  if (orderIds.length === 0) return;
  publish({
    name: 'orders:changed',
    rooms: [rooms.store(storeId)],
    payload: { storeId, orderIds: orderIds.slice(0, EVENT_IDS) },
  });
}
