import { createHash, randomUUID } from 'node:crypto';
import type { NormalisedOrder } from '@syncdesk/contracts';
import type { ImportSettings } from './import-settings';
import { jsonOf } from '../../db/json-column';
import type { SqlValue } from '../../db/sql-statements';

/** The sync statuses the import sets (ORDER_SYNC_STATUS values). */
export const SYNC = {
  pending: 0,
  updated: 1,
  synced: 2,
  onHold: 3,
  failed: 7,
  cancelled: 14,
  rulesInProgress: 15,
} as const;
export const CANCELLED = 'Cancelled';

/** The columns the upsert writes, in statement order (uuid, created_at only on insert). */
export const ORDER_COLUMNS = [
  'uuid',
  'company_id',
  'store_id',
  'channel_id',
  'remote_id',
  'order_number',
  'status',
  'sync_status',
  'payment_status',
  'currency',
  'subtotal',
  'shipping_total',
  'tax_total',
  'discount_total',
  'total',
  'total_order_items',
  'order_date',
  'customer_name',
  'customer_email',
  'customer_phone',
  'channel_customer_id',
  'customer_id',
  'shipping_country',
  'invoice_country',
  'shipping_address',
  'invoice_address',
  'shipping_method',
  'tags',
  'order_type',
  'channel_fields',
  'content_hash',
  'failure_reason',
  'held_sync_status',
  'created_at',
  'updated_at',
] as const;
export type OrderColumn = (typeof ORDER_COLUMNS)[number];
export type OrderRow = Record<OrderColumn, SqlValue>;

const KEPT_ON_UPDATE = new Set<OrderColumn>([
  'uuid',
  'company_id',
  'store_id',
  'channel_id',
  'remote_id',
  'created_at',
  // Set on insert when the order waits for its import rules; the rule runner clears it.
  'held_sync_status',
]);
/** What a changed order's upsert rewrites. */
export const ORDER_UPDATES: OrderColumn[] = ORDER_COLUMNS.filter((column) => !KEPT_ON_UPDATE.has(column));
/** A failed re-import keeps what the order had (its customer too) and only says why it failed. */
export const FAILED_UPDATES: OrderColumn[] = ['sync_status', 'failure_reason', 'content_hash', 'updated_at'];

/** The fields whose change an `order.updated` activity names (old → new). */
export const DIFFED: OrderColumn[] = [
  'order_number',
  'status',
  'sync_status',
  'payment_status',
  'currency',
  'total',
  'order_date',
  'customer_name',
  'customer_email',
  'customer_phone',
  'shipping_address',
  'invoice_address',
  'shipping_method',
  'tags',
  'order_type',
];

/** What the import reads of an order it has already (locked for the batch). */
export interface StoredOrder {
  id: number;
  remote_id: string;
  content_hash: string;
  status: string | null;
  sync_status: number;
  customer_id: number | null;
  values: Record<string, unknown>;
}

/** The columns read back for `StoredOrder`. */
export const STORED_COLUMNS = [
  'id',
  'remote_id',
  'content_hash',
  'customer_id',
  'channel_customer_id',
  'channel_fields',
  ...DIFFED,
] as const;

export const contentHash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** A bad order may hold anything (a BigInt, a cycle): its hash must not throw and sink the batch. */
export function safeContentHash(value: unknown): string {
  try {
    return contentHash(value);
  } catch {
    return contentHash(String(randomUUID()));
  }
}

/** A zod issue list as the failed record's reason: "lines #1 quantity: must be at least 1". */
export function reasonOf(issues: { path: PropertyKey[]; message: string }[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => {
      const path = issue.path
        .map((part) => (typeof part === 'number' ? `#${part + 1}` : String(part).replace(/_/g, ' ')))
        .join(' ');
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

export interface OrderOwner {
  companyId: number;
  storeId: number;
  channelId: number;
  now: Date;
}

/**
 * The fields of an order's row that rules may change, as the channel sent them (and its item count,
 * which a rule's multiplier changes).
 */
export function sentFieldsOf(order: NormalisedOrder) {
  let items = 0;
  for (const line of order.lines) items += line.quantity;
  return {
    tags: JSON.stringify(order.tags),
    shipping_method: order.shipping_method,
    order_type: order.order_type,
    channel_fields: null,
    total_order_items: items,
  } satisfies Partial<OrderRow>;
}

/** The same tags in the same order. */
export const sameTags = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);

/**
 * `orders.channel_fields`: what the channel had sent for the rule-owned fields, kept from the first
 * time a rule changed one of them (keepRuleChanges merges a re-import against it).
 */
export function channelFieldsJson(sent: {
  tags: readonly string[];
  shipping_method: string | null;
  order_type: string | null;
}): string {
  return JSON.stringify({
    tags: sent.tags,
    shipping_method: sent.shipping_method,
    order_type: sent.order_type,
  });
}

/** The order's row; `sync_status` and `customer_id` are decided in the transaction. */
export function orderRowOf(order: NormalisedOrder, settings: ImportSettings, owner: OrderOwner): OrderRow {
  const orderNumber = `${settings.prefix}${order.order_number}`.slice(0, 190);
  return {
    uuid: randomUUID(),
    company_id: owner.companyId,
    store_id: owner.storeId,
    channel_id: owner.channelId,
    remote_id: order.remote_id,
    order_number: orderNumber,
    status: order.status,
    sync_status: null,
    payment_status: order.payment_status,
    currency: order.currency,
    subtotal: order.subtotal,
    shipping_total: order.shipping_total,
    tax_total: order.tax_total,
    discount_total: order.discount_total,
    total: order.total,
    order_date: order.order_date,
    customer_name: order.customer.name,
    customer_email: order.customer.email,
    customer_phone: order.customer.phone,
    channel_customer_id: order.customer.remote_id,
    customer_id: null,
    shipping_country: order.shipping_address?.country ?? null,
    invoice_country: order.invoice_address?.country ?? null,
    shipping_address: order.shipping_address ? JSON.stringify(order.shipping_address) : null,
    invoice_address: order.invoice_address ? JSON.stringify(order.invoice_address) : null,
    ...sentFieldsOf(order),
    content_hash: contentHash({ order, orderNumber }),
    failure_reason: null,
    held_sync_status: null,
    created_at: owner.now,
    updated_at: owner.now,
  };
}

/** A failed record: what can be read of the order, and why it failed. */
export function failedRowOf(
  input: unknown,
  remoteId: string,
  reason: string,
  settings: ImportSettings,
  owner: OrderOwner,
): OrderRow {
  const rawNumber = (input as { order_number?: unknown }).order_number;
  const number =
    typeof rawNumber === 'string' || typeof rawNumber === 'number' ? String(rawNumber).trim() : remoteId;
  const row = Object.fromEntries(ORDER_COLUMNS.map((column) => [column, null])) as OrderRow;
  return {
    ...row,
    uuid: randomUUID(),
    company_id: owner.companyId,
    store_id: owner.storeId,
    channel_id: owner.channelId,
    remote_id: remoteId,
    order_number: `${settings.prefix}${number || remoteId}`.slice(0, 190),
    sync_status: SYNC.failed,
    total_order_items: 0,
    content_hash: safeContentHash({ failed: input ?? null, prefix: settings.prefix }),
    failure_reason: reason,
    created_at: owner.now,
    updated_at: owner.now,
  };
}

/** Comparable form of a stored value (DECIMAL strings, dates and JSON text differ by dialect). */
function comparable(column: OrderColumn, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column === 'order_date') return new Date(value as string | Date).toISOString();
  if (column === 'total') return Number(value).toFixed(2);
  if (column === 'shipping_address' || column === 'invoice_address' || column === 'tags') {
    return typeof value === 'string' ? value : JSON.stringify(value);
  }
  return value;
}

/** The `order.updated` activity's old and new values: the DIFFED fields that changed. */
export function orderChanges(
  before: StoredOrder,
  row: OrderRow,
): { oldValues: Record<string, unknown>; newValues: Record<string, unknown> } {
  const oldValues: Record<string, unknown> = {};
  const newValues: Record<string, unknown> = {};
  for (const column of DIFFED) {
    const was = comparable(column, before.values[column]);
    const now = comparable(column, row[column]);
    if (JSON.stringify(was) !== JSON.stringify(now)) {
      oldValues[column] = was;
      newValues[column] = now;
    }
  }
  return { oldValues, newValues };
}

function tagsOf(value: unknown): string[] {
  const parsed = jsonOf<unknown>(value);
  return Array.isArray(parsed) ? parsed.filter((tag): tag is string => typeof tag === 'string') : [];
}

/**
 * A changed order coming back from its channel keeps what rules did to it. Once a rule changed its
 * tags, shipping method or order type, the order holds what the channel had sent for them
 * (`channel_fields`); against that, a field the channel did not change since keeps the stored
 * value (the rule's), a field the channel changed takes the channel's, and tags merge: the tags
 * rules added stay beside the channel's tags of now. Orders no rule changed are taken as sent.
 */
export function keepRuleChanges(before: StoredOrder, row: OrderRow, order: NormalisedOrder): void {
  const base = jsonOf<unknown>(before.values.channel_fields) as {
    tags?: unknown;
    shipping_method?: string | null;
    order_type?: string | null;
  } | null;
  if (!base || typeof base !== 'object') return;
  const baseTags = Array.isArray(base.tags) ? base.tags.filter((tag) => typeof tag === 'string') : [];
  const added = tagsOf(before.values.tags).filter((tag) => !baseTags.includes(tag));
  row.tags = JSON.stringify([...new Set([...order.tags, ...added])]);
  if (order.shipping_method === (base.shipping_method ?? null))
    row.shipping_method = (before.values.shipping_method as string | null) ?? null;
  if (order.order_type === (base.order_type ?? null))
    row.order_type = (before.values.order_type as string | null) ?? null;
  row.channel_fields = channelFieldsJson(order);
}

/** The sync status of a new order, or of a changed one given what it had. */
export function syncStatusOf(
  before: StoredOrder | undefined,
  status: string,
  settings: ImportSettings,
): number {
  const cancelled = status === CANCELLED;
  if (!before) return cancelled ? SYNC.cancelled : settings.autoHold ? SYNC.onHold : SYNC.pending;
  if (cancelled && before.status !== CANCELLED) return SYNC.cancelled;
  if (before.sync_status === SYNC.synced) return SYNC.updated;
  if (before.sync_status === SYNC.failed) return settings.autoHold ? SYNC.onHold : SYNC.pending;
  return before.sync_status;
}
