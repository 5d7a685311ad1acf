import { HELD_UNTIL_ORDERS_IMPORTED, lowersFirst, relistGuard } from '../relist-guard';

const fresh = { oldestUnimportedAt: null, ordersRunPending: false };
const webhookSaidSo = { oldestUnimportedAt: new Date('2026-11-24T10:00:00Z'), ordersRunPending: false };
const downloading = { oldestUnimportedAt: null, ordersRunPending: true };

describe('the relist guard', () => {
  it('lets every push through when the channel’s orders are all imported', () => {
    expect(relistGuard(5, 9, fresh)).toEqual({ action: 'push' });
    expect(relistGuard(null, 9, fresh)).toEqual({ action: 'push' });
  });

  it.each([
    ['a webhook announced an order not imported yet', webhookSaidSo],
    ['an order download is running or overdue', downloading],
  ])('holds a raise while %s, and lets a lower or an equal push go', (_why, freshness) => {
    expect(relistGuard(5, 9, freshness)).toEqual({ action: 'hold', note: HELD_UNTIL_ORDERS_IMPORTED });
    expect(relistGuard(9, 5, freshness)).toEqual({ action: 'push' });
    expect(relistGuard(5, 5, freshness)).toEqual({ action: 'push' });
    // Nothing known of what the channel shows: it may be a raise, so it waits.
    expect(relistGuard(null, 0, freshness).action).toBe('hold');
  });

  it('orders lowers first, the deepest cut first, unknown befores last', () => {
    const levels = [
      { sku: 'raise', previous: 1, quantity: 4 },
      { sku: 'unknown', previous: null, quantity: 2 },
      { sku: 'small-cut', previous: 5, quantity: 4 },
      { sku: 'deep-cut', previous: 9, quantity: 0 },
      { sku: 'same', previous: 3, quantity: 3 },
    ];
    expect(lowersFirst(levels).map((level) => level.sku)).toEqual([
      'deep-cut',
      'small-cut',
      'same',
      'raise',
      'unknown',
    ]);
  });
});
