import { defineVocabulary } from '../vocabulary';
import type { VocabularyValue } from '../vocabulary.types';
import type { INVOICE_SYNC_STATUS } from './invoice.status';

export type InvoiceSyncStatus = VocabularyValue<typeof INVOICE_SYNC_STATUS>;

/**
 * The invoice's own status in the accounting channel (spec §3 "status"): a draft the accountant
 * still approves, or an authorised invoice. The spec names no values; these are Xero's and
 * QuickBooks' common two.
 */
export const INVOICE_STATUS = defineVocabulary('invoiceStatus', [
  { value: 'draft', key: 'draft', label: 'Draft', tone: 'default' },
  { value: 'authorised', key: 'authorised', label: 'Authorised', tone: 'success' },
]);
export type InvoiceStatus = VocabularyValue<typeof INVOICE_STATUS>;

/**
 * The sync-status changes a seller may make by hand (`PUT invoices/{storeId}/updateSyncStatus`),
 * from → allowed targets. The sync engine sets the rest (in progress, synced, failed after a
 * push). Anything else answers 422; the UI offers only these.
 *   - pending/updated → synced: the invoice is already in the accounting channel (entered there by hand);
 *   - synced → updated: push the invoice again (its changes);
 *   - failed → pending: retry; failed → synced: fixed in the accounting channel;
 *   - in progress: nothing — the sync engine is sending it.
 */
export const INVOICE_SYNC_STATUS_CHANGES: Readonly<Record<InvoiceSyncStatus, readonly InvoiceSyncStatus[]>> =
  {
    pending: ['synced'],
    updated: ['pending', 'synced'],
    synced: ['updated'],
    failed: ['pending', 'synced'],
    in_progress: [],
  };

export function canChangeInvoiceSyncStatus(from: InvoiceSyncStatus, to: InvoiceSyncStatus): boolean {
  return (INVOICE_SYNC_STATUS_CHANGES[from] ?? []).includes(to);
}

/**
 * Money on the wire is a decimal STRING with exactly 2 places ("12.30"); quantities and unit
 * prices with up to 4 places ("1.5", "33.3333"). The server computes every total with exact
 * decimal arithmetic (decimal.js), rounding half-up to 2 places:
 *
 *   line price          = round2(quantity × unit_price) − discount_total   (tax-exclusive)
 *   invoice subtotal    = Σ line price
 *   invoice discount    = Σ line discount_total
 *   invoice tax_total   = Σ line tax_total
 *   invoice total       = subtotal + tax_total
 *
 * A line's `tax_total` is given by the seller (the amount of the line's tax type), not derived.
 */
export interface InvoiceLineDto {
  id: number;
  position: number;
  sku: string | null;
  /** The account (nominal) code the line is booked to in the accounting channel. */
  product_nominal_code: string | null;
  description: string;
  quantity: string;
  /** The provider's tax type code (Xero `OUTPUT2`, e-Logo `KDV20` or an exemption code `301`). */
  tax_type: string;
  tax_total: string;
  discount_total: string;
  unit_price: string;
  /** quantity × unit_price − discount_total, tax excluded (see above). */
  price: string;
}

/** An invoice as lists and the detail show it (spec §3 Invoice). Customer fields are masked for data-protection roles. */
export interface InvoiceDto {
  id: number;
  uuid: string;
  store_id: number;
  /** The accounting channel it goes to; null once that channel is deleted. */
  channel_id: number | null;
  channel_name: string | null;
  channel_type: string | null;
  invoice_number: string;
  order_reference: string | null;
  customer_name: string;
  customer_email: string | null;
  invoice_date: string;
  currency: string;
  status: InvoiceStatus;
  sync_status: InvoiceSyncStatus;
  synced_at: string | null;
  total_invoice_lines: number;
  subtotal: string;
  discount_total: string;
  tax_total: string;
  total: string;
  created_at: string;
  updated_at: string;
}

export interface InvoiceDetailDto extends InvoiceDto {
  lines: InvoiceLineDto[];
}

/** An accounting channel of the store, as `GET invoices/{storeId}/channels` lists it. */
export interface InvoiceChannelDto {
  id: number;
  name: string;
  type: string;
  is_active: boolean;
}

/** An account (nominal code) of the accounting provider (`GET stores/{storeId}/accounts`). */
export interface AccountingAccountDto {
  code: string;
  name: string;
  type: string;
}

/** A tax type of the accounting provider (`GET stores/{storeId}/taxTypes`). */
export interface AccountingTaxTypeDto {
  code: string;
  name: string;
  /** Percent as a decimal string ("20.00"); "0.00" for exemptions. */
  rate: string;
  /** e-Logo: a Turkish VAT exemption code (GİB 201–350, 351 = not exempt, other). */
  exemption?: boolean;
}

/** Reference data per accounting channel of the store. */
export interface AccountingReferenceDto<T> {
  channel_id: number;
  channel_type: string;
  /** `static` until a connector fetches the provider's own list. */
  source: 'static';
  items: T[];
}
