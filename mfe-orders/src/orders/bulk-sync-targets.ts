import {
  allowedSyncStatusActions,
  commonSyncStatusTargets,
  ORDER_SYNC_STATUS,
  type OrderSyncStatus,
} from '@syncdesk/contracts';

export interface BulkSyncTarget {
  to: OrderSyncStatus;
  /** The button: the move's own name when every selected status calls it the same ('Put on hold'). */
  label: string;
  /**
   * Some of the chosen orders may not make this move (an 'all matching' selection over several
   * sync statuses): the server changes those it may and counts the others as skipped.
   */
  partial: boolean;
}

function labelFor(froms: readonly number[], to: OrderSyncStatus): string {
  const labels = new Set(
    froms.flatMap((from) =>
      allowedSyncStatusActions(from)
        .filter((action) => action.to === to)
        .map((action) => action.label),
    ),
  );
  const [only] = labels;
  return labels.size === 1 && only ? only : `Set to ${ORDER_SYNC_STATUS.label(to).toLowerCase()}`;
}

/**
 * The sync-status moves a bulk bar offers, from THE transition table in contracts.
 * - Ticked orders (`exact`): only the moves every one of them may make, since the server changes
 *   explicit ids all or nothing.
 * - All matching (`exact` false, the statuses the list can hold, from its tab or the store's
 *   counts): with one status, its moves; with several, any move one of them may make, and the
 *   server skips (and counts) the orders that may not.
 */
export function bulkSyncTargets(froms: readonly number[], exact: boolean): BulkSyncTarget[] {
  const distinct = [...new Set(froms)];
  const common = commonSyncStatusTargets(distinct);
  if (exact || distinct.length <= 1) {
    return common.map((to) => ({ to, label: labelFor(distinct, to), partial: false }));
  }
  return ORDER_SYNC_STATUS.values
    .filter((to) =>
      distinct.some((from) => allowedSyncStatusActions(from).some((action) => action.to === to)),
    )
    .map((to) => ({ to, label: labelFor(distinct, to), partial: !common.includes(to) }));
}
