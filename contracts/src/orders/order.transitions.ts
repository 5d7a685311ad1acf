import { ORDER_SYNC_STATUS } from './order.status';
import type { VocabularyKey, VocabularyValue } from '../vocabulary.types';

export type OrderSyncStatus = VocabularyValue<typeof ORDER_SYNC_STATUS>;
export type OrderSyncStatusKey = VocabularyKey<typeof ORDER_SYNC_STATUS>;

/**
 * THE order sync-status transitions a person may ask for (bulk or single `updateSyncStatus`).
 * The spec shows the vocabulary only; this table is our decision, in one place: the api refuses
 * anything else with 422 and the screens offer only these actions.
 *
 * - pending / updated: not sent yet (or changed since) → may be held or excluded.
 * - updated → pending: send again as it is now.
 * - on hold → pending (release) or excluded.
 * - excluded → pending (resend; `resendTheExcludedOrder` is the same move).
 * - failed → pending (resend), on hold, excluded.
 * - synced → cancelled only (the plugin is told to cancel); nothing else undoes a sent order.
 * - in progress, rule engine in progress: the system is working on it; nothing until it finishes.
 * - cancelled: final.
 */
export const ORDER_SYNC_TRANSITIONS: Readonly<Record<OrderSyncStatusKey, readonly OrderSyncStatusKey[]>> = {
  pending: ['on_hold', 'excluded'],
  updated: ['pending', 'on_hold', 'excluded'],
  synced: ['cancelled'],
  on_hold: ['pending', 'excluded'],
  in_progress: [],
  excluded: ['pending'],
  failed: ['pending', 'on_hold', 'excluded'],
  cancelled: [],
  rule_engine_in_progress: [],
};

/** What the screens call each move (the target's label when not named here). */
const ACTION_LABELS: Partial<Record<`${OrderSyncStatusKey}>${OrderSyncStatusKey}`, string>> = {
  'updated>pending': 'Resend',
  'failed>pending': 'Resend',
  'excluded>pending': 'Resend',
  'on_hold>pending': 'Release hold',
  'pending>on_hold': 'Put on hold',
  'updated>on_hold': 'Put on hold',
  'failed>on_hold': 'Put on hold',
  'pending>excluded': 'Exclude',
  'updated>excluded': 'Exclude',
  'on_hold>excluded': 'Exclude',
  'failed>excluded': 'Exclude',
  'synced>cancelled': 'Cancel',
};

export interface OrderSyncStatusAction {
  /** The sync status the order moves to. */
  to: OrderSyncStatus;
  toKey: OrderSyncStatusKey;
  /** The button or menu label. */
  label: string;
}

function keyOf(value: number): OrderSyncStatusKey | undefined {
  return ORDER_SYNC_STATUS.byValue(value as OrderSyncStatus)?.key;
}

/** Whether a person may move an order's sync status from `from` to `to` (both numeric). */
export function canChangeSyncStatus(from: number, to: number): boolean {
  const fromKey = keyOf(from);
  const toKey = keyOf(to);
  if (!fromKey || !toKey) return false;
  return ORDER_SYNC_TRANSITIONS[fromKey].includes(toKey);
}

/** The moves offered for an order of this sync status (empty: none). */
export function allowedSyncStatusActions(from: number): OrderSyncStatusAction[] {
  const fromKey = keyOf(from);
  if (!fromKey) return [];
  return ORDER_SYNC_TRANSITIONS[fromKey].map((toKey) => {
    const entry = ORDER_SYNC_STATUS.byKey(toKey);
    return {
      to: entry.value,
      toKey,
      label: ACTION_LABELS[`${fromKey}>${toKey}`] ?? entry.label,
    };
  });
}

/** The targets allowed from every one of these statuses (what a bulk bar offers for a selection). */
export function commonSyncStatusTargets(froms: readonly number[]): OrderSyncStatus[] {
  if (froms.length === 0) return [];
  return ORDER_SYNC_STATUS.values.filter((to) => froms.every((from) => canChangeSyncStatus(from, to)));
}

/** The 422 message for a refused move. */
export function syncStatusRefusedMessage(from: number, to: number): string {
  return `An order that is ${ORDER_SYNC_STATUS.label(from as OrderSyncStatus).toLowerCase()} cannot be set to ${ORDER_SYNC_STATUS.label(to as OrderSyncStatus).toLowerCase()}.`;
}
