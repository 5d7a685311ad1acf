import {
  canChangeInvoiceSyncStatus,
  MAX_PER_PAGE,
  type InvoiceDto,
  type InvoiceSyncStatus,
  type ListParams,
} from '@syncdesk/contracts';
import type { Selection } from '@syncdesk/web-kit';

import { listInvoices } from './invoices.api';

/** `updateSyncStatus` takes at most this many invoice ids (its schema). */
export const MAX_SYNC_STATUS_CHANGE = 1000;

export const TOO_MANY_INVOICES = `The sync status of at most ${MAX_SYNC_STATUS_CHANGE.toLocaleString('en-GB')} invoices can be changed at once. Narrow the filters or tick fewer invoices.`;

export class TooManyInvoicesError extends Error {
  constructor() {
    super(TOO_MANY_INVOICES);
  }
}

export type InvoiceRef = Pick<InvoiceDto, 'id' | 'sync_status'>;

/**
 * The invoices a bulk action means, with their sync status: the ticked ones (from the rows the
 * seller has seen), or after 'Select all N' every invoice matching the list's filters and search
 * (page by page) except the unticked ones.
 */
export async function resolveInvoices(
  storeId: string,
  selection: Selection,
  params: ListParams,
  seen: ReadonlyMap<number, InvoiceRef>,
): Promise<InvoiceRef[]> {
  if (selection.mode === 'ids') {
    if (selection.ids.length > MAX_SYNC_STATUS_CHANGE) throw new TooManyInvoicesError();
    return selection.ids.flatMap((id) => {
      const found = seen.get(Number(id));
      return found ? [found] : [];
    });
  }
  const excluded = new Set(selection.excludedIds.map(Number));
  const found: InvoiceRef[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await listInvoices(storeId, {
      filters: params.filters,
      dateRanges: params.dateRanges,
      search: params.search,
      sort_by: 'invoice_date',
      sort_direction: 'desc',
      page,
      per_page: MAX_PER_PAGE,
    });
    if (meta.total - excluded.size > MAX_SYNC_STATUS_CHANGE) throw new TooManyInvoicesError();
    found.push(...data.filter((invoice) => !excluded.has(invoice.id)));
    if (data.length < MAX_PER_PAGE || page * MAX_PER_PAGE >= meta.total) break;
  }
  return found.map(({ id, sync_status }) => ({ id, sync_status }));
}

/** Which of the invoices may move to `target` by hand (INVOICE_SYNC_STATUS_CHANGES), and which not. */
export function splitByChange(invoices: readonly InvoiceRef[], target: InvoiceSyncStatus) {
  const allowed = invoices.filter((invoice) => canChangeInvoiceSyncStatus(invoice.sync_status, target));
  return { allowed, refused: invoices.length - allowed.length };
}
