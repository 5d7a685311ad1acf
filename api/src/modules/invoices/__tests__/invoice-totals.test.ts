import { invoiceTotals, lineAmounts } from '../invoice-totals';

const line = (quantity: string, unit_price: string, discount_total = '0', tax_total = '0') =>
  lineAmounts({ quantity, unit_price, discount_total, tax_total });

describe('invoice totals (exact decimals, half-up to the penny)', () => {
  it('adds 0.10 + 0.20 to exactly 0.30', () => {
    const totals = invoiceTotals([line('1', '0.1'), line('1', '0.2')]);
    expect(totals).toEqual({ subtotal: '0.30', discount_total: '0.00', tax_total: '0.00', total: '0.30' });
  });

  it('makes 3 × 33.33 = 99.99 and 3 × 33.3333 = 100.00', () => {
    expect(line('3', '33.33').price).toBe('99.99');
    expect(line('3', '33.3333').price).toBe('100.00');
    expect(invoiceTotals([line('1', '33.33'), line('1', '33.33'), line('1', '33.33')]).total).toBe('99.99');
  });

  it('rounds half-up at the half penny, never by binary floats', () => {
    // 1.005 is 1.00499999… as a float; exactly 1.005 here.
    expect(line('1', '1.005').price).toBe('1.01');
    expect(line('3', '0.335').price).toBe('1.01'); // 1.005
    expect(line('1', '1.0049').price).toBe('1.00');
    expect(line('0.5', '0.05').price).toBe('0.03'); // 0.025
  });

  it('keeps large quantities exact', () => {
    expect(line('9999999', '99999.9999').price).toBe('999999899000.00'); // 999999899000.0001
    expect(line('1234567', '0.07').price).toBe('86419.69');
    const totals = invoiceTotals([
      line('1000000', '0.01', '0.01', '2000.00'),
      line('7', '19.99', '0.93', '27.80'),
    ]);
    expect(totals).toEqual({
      subtotal: '10138.99',
      discount_total: '0.94',
      tax_total: '2027.80',
      total: '12166.79',
    });
  });

  it('takes the discount off the rounded line amount, tax excluded', () => {
    expect(line('2', '10.005', '0.01', '4.00')).toMatchObject({
      gross: '20.01',
      price: '20.00',
      tax_total: '4.00',
    });
    expect(line('1', '5', '6').price).toBe('-1.00');
  });
});
