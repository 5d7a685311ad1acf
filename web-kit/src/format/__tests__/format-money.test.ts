import { formatMoney } from '../format-money';

describe('formatMoney', () => {
  it('defaults to GBP with exactly two decimals', () => {
    expect(formatMoney(12, undefined, 'en-GB')).toBe('£12.00');
    expect(formatMoney(1234.5, undefined, 'en-GB')).toBe('£1,234.50');
    expect(formatMoney(0.005, 'GBP', 'en-GB')).toBe('£0.01');
    expect(formatMoney(3.14159, 'GBP', 'en-GB')).toBe('£3.14');
  });

  it('accepts decimal strings and other currencies and locales', () => {
    expect(formatMoney('19.9', 'EUR', 'de-DE')).toBe('19,90\u00a0€');
    expect(formatMoney(-5, 'USD', 'en-US')).toBe('-$5.00');
  });

  it("uses the browser's locale by default", () => {
    expect(formatMoney(7)).toBe(
      new Intl.NumberFormat(navigator.language, { style: 'currency', currency: 'GBP' }).format(7),
    );
  });

  it('gives an empty string for nothing or non-numbers', () => {
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney('')).toBe('');
    expect(formatMoney('abc')).toBe('');
  });

  it('survives a bad currency code', () => {
    expect(formatMoney(1, 'NOT-A-CODE', 'en-GB')).toBe('£1.00');
  });
});
