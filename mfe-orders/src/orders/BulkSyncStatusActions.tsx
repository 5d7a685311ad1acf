import { useState } from 'react';
import { Button, Modal, Typography } from 'antd';

import {
  canChangeSyncStatus,
  canResendToPlugin,
  MAX_EXPLICIT_ORDERS,
  MAX_PER_PAGE,
  ORDER_SYNC_STATUS,
  type ListParams,
  type OrderSyncStatus,
  type OrderDto,
} from '@syncdesk/contracts';
import { notifyError, notifySuccess, type SelectionState } from '@syncdesk/web-kit';

import { bulkSyncTargets, type BulkSyncTarget } from './bulk-sync-targets';
import { listOrders, resendOrdersToPlugin, updateOrderSyncStatus, type OrderTarget } from './orders.api';

export interface BulkSyncStatusActionsProps {
  storeId: string;
  selection: SelectionState;
  params: ListParams;
  /** Every order row loaded so far, by id: ticked rows on other pages keep their sync status. */
  rowsSeen: ReadonlyMap<number, OrderDto>;
  /** The sync-status tab the list is on (null: All). */
  tabStatus: number | null;
  /** The store's orders per sync status, to know what an 'all matching' selection can hold. */
  counts: ReadonlyMap<number, number> | null;
  /** A change was made: the page clears the selection and reloads. */
  onChanged(): void;
}

export const TOO_MANY_EXCEPTIONS = `A selection with unticked orders can name at most ${MAX_EXPLICIT_ORDERS.toLocaleString('en-GB')} orders. Narrow the filters, or select all without unticking.`;

function ordersText(count: number): string {
  return `${count.toLocaleString('en-GB')} ${count === 1 ? 'order' : 'orders'}`;
}

/**
 * 'Select all N' with some rows unticked has no server form ('all' takes the list's filters
 * only), so it is resolved here into the ids of the matching orders, page by page. As with 'all'
 * on the server, orders whose sync status may not make the move are left out and counted. Either
 * way only the orders there were when 'all' was chosen count (up to its last id): orders that
 * arrived since were never seen by the seller.
 */
async function resolveTarget(
  storeId: string,
  selection: SelectionState,
  params: ListParams,
  to: number,
): Promise<{ target: OrderTarget; skipped: number }> {
  const chosen = selection.selection;
  if (chosen.mode === 'ids') return { target: { order_ids: chosen.ids.map(Number) }, skipped: 0 };
  const upToId = selection.frozen?.upToId ?? null;
  if (chosen.excludedIds.length === 0) return { target: { all: true, params, upToId }, skipped: 0 };
  const excluded = new Set(chosen.excludedIds.map(Number));
  const ids: number[] = [];
  let skipped = 0;
  for (let page = 1; ; page += 1) {
    const { data, meta } = await listOrders(storeId, { ...params, page, per_page: MAX_PER_PAGE });
    if (meta.total - excluded.size > MAX_EXPLICIT_ORDERS) throw new Error(TOO_MANY_EXCEPTIONS);
    for (const order of data) {
      if (excluded.has(order.id) || (upToId !== null && order.id > upToId)) continue;
      if (canChangeSyncStatus(order.sync_status, to)) ids.push(order.id);
      else skipped += 1;
    }
    if (data.length < MAX_PER_PAGE || page * MAX_PER_PAGE >= meta.total) break;
  }
  return { target: { order_ids: ids }, skipped };
}

/**
 * What a bulk change did, against the number of orders the seller chose: changed, skipped by the
 * transition rules, and those of the chosen that no longer match the filters (left alone).
 */
export function bulkResultText(
  chosen: number,
  updated: number,
  skipped: number,
  to: OrderSyncStatus,
): string {
  const gone = chosen - updated - skipped;
  return (
    `${ordersText(updated)} set to ${ORDER_SYNC_STATUS.label(to).toLowerCase()}.` +
    (skipped > 0 ? ` ${ordersText(skipped)} skipped: their sync status does not allow it.` : '') +
    (gone > 0
      ? ` ${ordersText(gone)} of the ${chosen.toLocaleString('en-GB')} chosen no longer ${gone === 1 ? 'matches the filters: left as it is.' : 'match the filters: left as they are.'}`
      : '')
  );
}

/**
 * The bulk bar's sync-status moves: only those THE transition table allows for the chosen
 * orders (see bulkSyncTargets), each confirmed first; plus 'Resend to plugin' for ticked orders a
 * plugin already has.
 */
export function BulkSyncStatusActions({
  storeId,
  selection,
  params,
  rowsSeen,
  tabStatus,
  counts,
  onChanged,
}: BulkSyncStatusActionsProps) {
  const [confirming, setConfirming] = useState<BulkSyncTarget | null>(null);
  const [resending, setResending] = useState(false);
  const [busy, setBusy] = useState(false);
  const chosen = selection.selection;

  const tickedRows =
    chosen.mode === 'ids'
      ? chosen.ids.map((id) => rowsSeen.get(Number(id)))
      : ([] as (OrderDto | undefined)[]);
  const known = tickedRows.every((row) => row !== undefined);
  const froms =
    chosen.mode === 'ids'
      ? known
        ? tickedRows.map((row) => row!.sync_status)
        : []
      : tabStatus !== null
        ? [tabStatus]
        : [...(counts ?? new Map<number, number>())].filter(([, count]) => count > 0).map(([value]) => value);
  const targets = bulkSyncTargets(froms, chosen.mode === 'ids');
  const mayResendToPlugin =
    chosen.mode === 'ids' &&
    known &&
    tickedRows.length > 0 &&
    tickedRows.every((row) => row!.plugin_sync_status !== null && canResendToPlugin(row!.plugin_sync_status));

  const change = async (target: BulkSyncTarget) => {
    // The number the confirmation said, for the result to answer to.
    const count = selection.count;
    setBusy(true);
    try {
      const resolved = await resolveTarget(storeId, selection, params, target.to);
      const { data } =
        'order_ids' in resolved.target && resolved.target.order_ids.length === 0
          ? { data: { updated: 0, skipped: 0 } }
          : await updateOrderSyncStatus(storeId, resolved.target, target.to);
      const skipped = data.skipped + resolved.skipped;
      // The server applied 'all' itself: what it neither changed nor skipped had left the filters.
      // (Resolved ids are what the filters still select, read just now.)
      const chosen = 'all' in resolved.target ? count : data.updated + skipped;
      notifySuccess(bulkResultText(chosen, data.updated, skipped, target.to));
      setConfirming(null);
      onChanged();
    } catch (error) {
      // Api errors (a refused move names its orders) are shown by the api client's handler.
      if (error instanceof Error && error.message === TOO_MANY_EXCEPTIONS) notifyError(error.message);
      setConfirming(null);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    try {
      const ids = chosen.mode === 'ids' ? chosen.ids.map(Number) : [];
      const answer = await resendOrdersToPlugin(storeId, ids);
      notifySuccess(answer.message);
      setResending(false);
      onChanged();
    } catch {
      setResending(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {targets.length === 0 ? (
        <Typography.Text type="secondary">
          {chosen.mode === 'ids'
            ? 'No sync status change is allowed for all of the selected orders.'
            : 'No sync status change is allowed for these orders.'}
        </Typography.Text>
      ) : (
        targets.map((target) => (
          <Button key={target.to} size="small" onClick={() => setConfirming(target)}>
            {target.label}
          </Button>
        ))
      )}
      {mayResendToPlugin ? (
        <Button size="small" onClick={() => setResending(true)}>
          Resend to plugin
        </Button>
      ) : null}
      <Modal
        open={confirming !== null}
        title={`${confirming?.label ?? ''}: ${ordersText(selection.count)}?`}
        okText={confirming?.label}
        cancelText="Don’t change"
        confirmLoading={busy}
        onOk={() => confirming && void change(confirming)}
        onCancel={() => setConfirming(null)}
        destroyOnHidden
      >
        {confirming ? (
          <>
            <Typography.Paragraph>
              Their sync status becomes {ORDER_SYNC_STATUS.label(confirming.to).toLowerCase()}.
            </Typography.Paragraph>
            {confirming.partial ? (
              <Typography.Paragraph type="secondary">
                Orders whose sync status does not allow this are left as they are and counted as skipped.
              </Typography.Paragraph>
            ) : null}
          </>
        ) : null}
      </Modal>
      <Modal
        open={resending}
        title={`Resend ${ordersText(selection.count)} to the plugin?`}
        okText="Resend"
        cancelText="Don’t change"
        confirmLoading={busy}
        onOk={() => void resend()}
        onCancel={() => setResending(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>The plugin is sent these orders again.</Typography.Paragraph>
      </Modal>
    </>
  );
}
