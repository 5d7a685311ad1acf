import { describeSyncs, notSynchronisedText } from '../sync-capabilities';

describe('what a type synchronises, in words', () => {
  it('lists capabilities in the vocabulary order, whatever order a provider declares them in', () => {
    expect(describeSyncs(['fulfilment_out', 'orders_in', 'stock_out'])).toBe(
      'Orders in, stock out and fulfilment out',
    );
    expect(describeSyncs(['stock_out'])).toBe('Stock out');
    expect(describeSyncs([])).toBe('');
  });

  it('says what stays untouched for a type that does not sync yet', () => {
    expect(notSynchronisedText('WooCommerce', 'channel')).toBe(
      'Syncdesk does not synchronise WooCommerce yet: orders, stock and fulfilment stay as they are',
    );
    expect(notSynchronisedText('Xero', 'accounting')).toBe(
      'Syncdesk does not synchronise Xero yet: invoices stay as they are',
    );
  });
});
