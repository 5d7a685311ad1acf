import { useCallback, useEffect, useRef, useState } from 'react';

import type { FileTransferDto, TransferProgressEvent } from '@syncdesk/contracts';

import { useRealtimeEvent } from '../realtime/useRealtimeEvent';
import { useRealtimeStatus } from '../realtime/useRealtimeStatus';
import { fetchTransfer } from './transfers.api';
import { applyFetchedTransfer, applyProgressEvent, isTransferFinished } from './transfer-progress';

export interface TransferState {
  /** What the page knows of the transfer; null until the first answer (or without a uuid). */
  transfer: FileTransferDto | null;
  /** The transfer could not be read (not found, or the request failed) and nothing is known of it. */
  failed: boolean;
}

interface Followed extends TransferState {
  key: string | null;
}

const keyOf = (storeId: number | null | undefined, uuid: string | null | undefined) =>
  storeId && uuid ? `${storeId}/${uuid}` : null;

/**
 * Follows one import or export live. `transfer:progress` events move the figures; the transfer is
 * also fetched when following starts (events sent before this page listened are not replayed), when
 * the live connection comes back (events may have been missed while it was down) and when it
 * finishes (the finished copy carries the outcome). `initial` is what the start call answered.
 */
export function useTransfer(
  storeId: number | null | undefined,
  uuid: string | null | undefined,
  initial?: FileTransferDto | null,
): TransferState {
  const key = keyOf(storeId, uuid);
  const start = (): Followed => ({
    key,
    transfer: initial && initial.uuid === uuid ? initial : null,
    failed: false,
  });
  const [followed, setFollowed] = useState<Followed>(start);
  // The latest state, for event handlers and fetch answers that arrive between renders.
  const latest = useRef(followed);
  // Events that arrive before the first answer names the transfer's id wait here.
  const earlyEvents = useRef<TransferProgressEvent[]>([]);
  const realtime = useRealtimeStatus();

  const commit = useCallback((next: Followed) => {
    latest.current = next;
    setFollowed(next);
  }, []);

  // Another transfer to follow (during render, so no frame shows the previous one's figures).
  let current = followed;
  if (followed.key !== key) {
    current = start();
    setFollowed(current);
  }
  useEffect(() => {
    if (latest.current.key !== current.key) latest.current = current;
  });

  const refresh = useCallback(() => {
    if (!storeId || !uuid) return;
    const asked = keyOf(storeId, uuid);
    fetchTransfer(storeId, uuid)
      .then((fetched) => {
        if (latest.current.key !== asked) return;
        let transfer = applyFetchedTransfer(latest.current.transfer, fetched);
        for (const event of earlyEvents.current) transfer = applyProgressEvent(transfer, event);
        earlyEvents.current = [];
        commit({ key: asked, transfer, failed: false });
      })
      .catch(() => {
        const known = latest.current;
        if (known.key === asked && !known.transfer) commit({ ...known, failed: true });
      });
  }, [storeId, uuid, commit]);

  useEffect(() => {
    earlyEvents.current = [];
    refresh();
  }, [refresh]);

  // Back online after a break: whatever happened meanwhile is read once.
  const wasConnected = useRef(realtime === 'connected');
  useEffect(() => {
    const connected = realtime === 'connected';
    if (connected && !wasConnected.current && !isTransferFinished(latest.current.transfer)) refresh();
    wasConnected.current = connected;
  }, [realtime, refresh]);

  useRealtimeEvent('transfer:progress', (event) => {
    const known = latest.current;
    if (!key || known.key !== key) return;
    if (!known.transfer) {
      if (earlyEvents.current.length < 100) earlyEvents.current.push(event);
      return;
    }
    if (event.transferId !== known.transfer.id) return;
    const next = applyProgressEvent(known.transfer, event);
    commit({ ...known, transfer: next });
    if (!isTransferFinished(known.transfer) && isTransferFinished(next)) refresh();
  });

  return { transfer: current.transfer, failed: current.failed };
}
