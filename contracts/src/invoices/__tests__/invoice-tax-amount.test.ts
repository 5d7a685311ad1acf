import { lineAmounts, taxAmount } from '../invoice-totals';

describe('taxAmount (the form’s suggested line tax)', () => {
  it('is the price at the rate, half-up to the penny, never negative', () => {
    expect(taxAmount('33.34', '20.00')).toBe('6.67');
    expect(taxAmount('0.025', '100')).toBe('0.03');
    expect(taxAmount('10.00', '0.00')).toBe('0.00');
    expect(taxAmount('-5.00', '20.00')).toBe('0.00');
  });

  it('works on the line price the server computes', () => {
    const line = lineAmounts({ quantity: '1', unit_price: '4.995', discount_total: '0', tax_total: '0' });
    expect(line.price).toBe('5.00');
    expect(taxAmount(line.price, '20.00')).toBe('1.00');
  });
});
