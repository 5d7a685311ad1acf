import {
  allowedSyncStatusActions,
  canChangeSyncStatus,
  commonSyncStatusTargets,
  ORDER_SYNC_STATUS,
  ORDER_SYNC_TRANSITIONS,
  syncStatusRefusedMessage,
} from '../index';
import { normalisedOrderSchema } from '../order.dto';

const S = Object.fromEntries(ORDER_SYNC_STATUS.entries.map((entry) => [entry.key, entry.value])) as Record<
  string,
  number
>;

describe('order sync-status transitions', () => {
  it('lets failed, excluded and updated orders be resent, and held orders be released', () => {
    expect(canChangeSyncStatus(S.failed!, S.pending!)).toBe(true);
    expect(canChangeSyncStatus(S.excluded!, S.pending!)).toBe(true);
    expect(canChangeSyncStatus(S.updated!, S.pending!)).toBe(true);
    expect(canChangeSyncStatus(S.on_hold!, S.pending!)).toBe(true);
    expect(canChangeSyncStatus(S.on_hold!, S.excluded!)).toBe(true);
    expect(canChangeSyncStatus(S.pending!, S.on_hold!)).toBe(true);
  });

  it('refuses everything but cancellation for a synced order, and anything for work in progress or a cancelled order', () => {
    for (const to of ORDER_SYNC_STATUS.values) {
      expect(canChangeSyncStatus(S.synced!, to)).toBe(to === S.cancelled);
      expect(canChangeSyncStatus(S.in_progress!, to)).toBe(false);
      expect(canChangeSyncStatus(S.rule_engine_in_progress!, to)).toBe(false);
      expect(canChangeSyncStatus(S.cancelled!, to)).toBe(false);
    }
  });

  it('never allows a status to itself, nor unknown numbers', () => {
    for (const from of ORDER_SYNC_STATUS.values) expect(canChangeSyncStatus(from, from)).toBe(false);
    expect(canChangeSyncStatus(5, S.pending!)).toBe(false);
    expect(canChangeSyncStatus(S.failed!, 99)).toBe(false);
  });

  it('names every action and agrees with the table', () => {
    expect(allowedSyncStatusActions(S.failed!)).toEqual([
      { to: S.pending, toKey: 'pending', label: 'Resend' },
      { to: S.on_hold, toKey: 'on_hold', label: 'Put on hold' },
      { to: S.excluded, toKey: 'excluded', label: 'Exclude' },
    ]);
    expect(allowedSyncStatusActions(S.in_progress!)).toEqual([]);
    for (const entry of ORDER_SYNC_STATUS.entries) {
      expect(allowedSyncStatusActions(entry.value).map((action) => action.toKey)).toEqual(
        ORDER_SYNC_TRANSITIONS[entry.key],
      );
    }
  });

  it('offers a selection only the moves allowed for all of it', () => {
    expect(commonSyncStatusTargets([S.failed!, S.excluded!])).toEqual([S.pending]);
    expect(commonSyncStatusTargets([S.failed!, S.synced!])).toEqual([]);
    expect(commonSyncStatusTargets([])).toEqual([]);
  });

  it('words a refusal for a person', () => {
    expect(syncStatusRefusedMessage(S.synced!, S.pending!)).toBe(
      'An order that is synced cannot be set to pending.',
    );
  });
});

describe('normalised order schema', () => {
  const order = {
    remote_id: '1001',
    order_number: '#1001',
    status: 'Unshipped',
    currency: 'gbp',
    total: 12.5,
    order_date: '2026-11-20T10:00:00Z',
    shipping_address: { country: 'gb' },
    lines: [{ remote_id: 'L1', sku: 'A', quantity: 2, price: '6.25' }],
  };

  it('normalises money to strings, codes to upper case and fills defaults', () => {
    const parsed = normalisedOrderSchema.parse(order);
    expect(parsed.total).toBe('12.5');
    expect(parsed.currency).toBe('GBP');
    expect(parsed.shipping_address?.country).toBe('GB');
    expect(parsed.payment_status).toBe('Blank');
    expect(parsed.order_date).toEqual(new Date('2026-11-20T10:00:00Z'));
    expect(parsed.lines[0]!.options).toEqual([]);
  });

  it('takes numeric ids as text', () => {
    const parsed = normalisedOrderSchema.parse({ ...order, remote_id: 1001, order_number: 1001 });
    expect([parsed.remote_id, parsed.order_number]).toEqual(['1001', '1001']);
    expect(normalisedOrderSchema.safeParse({ ...order, remote_id: '  ' }).success).toBe(false);
  });

  it('refuses an order without lines, a bad date or a zero quantity', () => {
    expect(normalisedOrderSchema.safeParse({ ...order, lines: [] }).success).toBe(false);
    expect(normalisedOrderSchema.safeParse({ ...order, order_date: 'yesterday-ish' }).success).toBe(false);
    expect(
      normalisedOrderSchema.safeParse({ ...order, lines: [{ sku: 'A', quantity: 0, price: 1 }] }).success,
    ).toBe(false);
  });
});
