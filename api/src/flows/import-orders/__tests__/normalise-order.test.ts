import { normalisedOrderSchema } from '@syncdesk/contracts';
import { fastNormalise, normaliseOrder } from '../normalise-order';

/**
 * The hand-written path must give exactly what zod gives (the content hash is taken over it, so
 * even the key order counts), and leave to zod everything it is not sure of.
 */

const clean = () => ({
  remote_id: 'R-1',
  order_number: '1001',
  status: 'Unshipped',
  payment_status: 'Paid',
  currency: 'GBP',
  subtotal: '20.00',
  shipping_total: '3.95',
  tax_total: '4.00',
  discount_total: null as unknown,
  total: '23.95',
  order_date: '2026-11-20T10:15:00Z',
  customer: { name: 'Ada Lovelace', email: 'ada@example.test', phone: '+44 20 7946 0000', remote_id: 'C-1' },
  shipping_address: { name: 'Ada', line1: '1 High St', city: 'London', postcode: 'N1 1AA', country: 'GB' },
  invoice_address: null as unknown,
  shipping_method: 'Royal Mail 48',
  tags: ['web', 'gift'],
  order_type: null as unknown,
  lines: [
    {
      remote_id: 'L1',
      sku: 'MUG-1',
      title: 'Mug',
      quantity: 2,
      price: '10.00',
      tax_total: '2.00',
      options: [{ option_name: 'Colour', option_value: 'Blue' }],
    },
    { sku: null, quantity: 1, price: '0.5' },
  ] as unknown[],
});

type Input = ReturnType<typeof clean>;

/** Each variant changes one thing; together they walk every field's edge. */
const variants: [string, (input: Input) => unknown][] = [
  ['as is', (input) => input],
  ['numeric ids', (input) => ({ ...input, remote_id: 42, order_number: 1001 })],
  ['no payment status', (input) => ({ ...input, payment_status: undefined })],
  ['null payment status', (input) => ({ ...input, payment_status: null })],
  ['lower-case currency', (input) => ({ ...input, currency: 'gbp' })],
  ['money as numbers', (input) => ({ ...input, total: 23.951, subtotal: 20 })],
  ['money with spaces', (input) => ({ ...input, total: ' 23.95 ' })],
  ['too many decimals', (input) => ({ ...input, total: '1.23456' })],
  ['no total', (input) => ({ ...input, total: undefined })],
  ['a Date', (input) => ({ ...input, order_date: new Date('2026-11-20T10:15:00Z') })],
  ['an invalid Date', (input) => ({ ...input, order_date: new Date('nope') })],
  ['a date-only string', (input) => ({ ...input, order_date: '2026-11-20' })],
  ['a padded date', (input) => ({ ...input, order_date: ' 2026-11-20 ' })],
  ['no customer', (input) => ({ ...input, customer: undefined })],
  ['null customer', (input) => ({ ...input, customer: null })],
  ['empty e-mail', (input) => ({ ...input, customer: { ...input.customer, email: '' } })],
  ['padded name', (input) => ({ ...input, customer: { ...input.customer, name: ' Ada ' } })],
  ['long name', (input) => ({ ...input, customer: { ...input.customer, name: 'x'.repeat(191) } })],
  ['extra keys', (input) => ({ ...input, extra: 1, customer: { ...input.customer, vip: true } })],
  ['lower-case country', (input) => ({ ...input, shipping_address: { country: 'gb' } })],
  ['empty country', (input) => ({ ...input, shipping_address: { country: '' } })],
  ['bad status', (input) => ({ ...input, status: 'Lost' })],
  ['no tags', (input) => ({ ...input, tags: undefined })],
  ['a number tag', (input) => ({ ...input, tags: [1] })],
  ['no lines', (input) => ({ ...input, lines: [] })],
  ['zero quantity', (input) => ({ ...input, lines: [{ quantity: 0 }] })],
  ['fractional quantity', (input) => ({ ...input, lines: [{ quantity: 1.5 }] })],
  ['line id null', (input) => ({ ...input, lines: [{ remote_id: null, quantity: 1 }] })],
  ['line id undefined', (input) => ({ ...input, lines: [{ remote_id: undefined, quantity: 1 }] })],
  ['line id number', (input) => ({ ...input, lines: [{ remote_id: 7, quantity: 1 }] })],
  ['empty line id', (input) => ({ ...input, lines: [{ remote_id: '', quantity: 1 }] })],
  [
    'option missing a value',
    (input) => ({ ...input, lines: [{ quantity: 1, options: [{ option_name: 'A' }] }] }),
  ],
  ['not an object', () => 'order'],
  ['an array', () => []],
];

describe('normalising an incoming order', () => {
  it.each(variants)('%s: the same order, or the same failure, as zod', (_name, variant) => {
    const input = variant(clean());
    const parsed = normalisedOrderSchema.safeParse(input);
    const fast = fastNormalise(input);
    if (fast) {
      expect(parsed.success).toBe(true);
      expect(JSON.stringify(fast)).toBe(JSON.stringify(parsed.data));
      expect(fast).toEqual(parsed.data);
    }
    const outcome = normaliseOrder(input);
    expect(outcome.ok).toBe(parsed.success);
    if (outcome.ok) expect(JSON.stringify(outcome.order)).toBe(JSON.stringify(parsed.data));
    else expect(outcome.issues).toEqual(parsed.error!.issues);
  });

  it('takes the clean shape connectors send without zod', () => {
    expect(fastNormalise(clean())).not.toBeNull();
    expect(
      fastNormalise({ ...clean(), customer: undefined, tags: undefined, payment_status: undefined }),
    ).not.toBeNull();
  });
});
