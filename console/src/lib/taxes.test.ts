import { describe, expect, it } from 'vitest';
import { productRateOptions, rateLabel, rateText, sumDecimals, taxRows } from './taxes';

const vat = { tax_rate_id: 'a', name: 'VAT', rate: 19, taxable_amount: 25, tax_amount: 4.75 };
const reduced = { tax_rate_id: 'b', name: 'Reduced', rate: '7.5000', taxable_amount: '10.00', tax_amount: '0.75' };

describe('rateText and rateLabel', () => {
  it('writes the rate with its exact digits, trailing zeros dropped', () => {
    expect(rateText(19)).toBe('19%');
    expect(rateText('7.5000')).toBe('7.5%');
    expect(rateText('0.0625')).toBe('0.0625%');
    expect(rateText(0)).toBe('0%');
    expect(rateText('20.00')).toBe('20%');
  });

  it('names the rate once', () => {
    expect(rateLabel({ name: 'VAT', rate: 19 })).toBe('VAT 19%');
    expect(rateLabel({ name: 'VAT 19%', rate: 19 })).toBe('VAT 19%');
  });
});

describe('taxRows', () => {
  it('is the single Tax figure without tax lines', () => {
    expect(taxRows({ tax_amount: 1.2, tax_lines: [] })).toEqual([{ key: 'tax', label: 'Tax', amount: 1.2, taxable: null }]);
    expect(taxRows({ tax_amount: '0.00' })).toEqual([{ key: 'tax', label: 'Tax', amount: '0.00', taxable: null }]);
  });

  it('is one figure per rate, in the API order, with its taxable amount', () => {
    expect(taxRows({ tax_amount: 5.5, tax_lines: [vat, reduced], tax_included: false })).toEqual([
      { key: 'a-0', label: 'VAT 19%', amount: 4.75, taxable: 25 },
      { key: 'b-1', label: 'Reduced 7.5%', amount: '0.75', taxable: '10.00' },
    ]);
  });

  it('says incl. when the prices include the tax', () => {
    expect(taxRows({ tax_amount: 4.75, tax_lines: [vat], tax_included: true }).map((r) => r.label)).toEqual(['incl. VAT 19%']);
  });
});

describe('sumDecimals', () => {
  it('adds exactly where floats do not', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumDecimals([0.1, 0.2])).toBe('0.30');
    expect(sumDecimals(['90071992547409.93', '0.01'])).toBe('90071992547409.94');
    expect(sumDecimals([])).toBe('0.00');
  });

  it('keeps negative amounts and up to four decimals', () => {
    expect(sumDecimals([-4.05, 1])).toBe('-3.05');
    expect(sumDecimals(['1.2345', '0.0005'])).toBe('1.235');
    expect(() => sumDecimals(['1.23456'])).toThrow();
  });
});

describe('productRateOptions', () => {
  const rates = [
    { id: 'r1', name: 'VAT', rate: 19, is_default: true, archived_at: null },
    { id: 'r2', name: 'Reduced', rate: 7, is_default: false, archived_at: null },
    { id: 'r3', name: 'Old', rate: 16, is_default: false, archived_at: '2026-11-01T00:00:00.000Z' },
  ];

  it('offers the default first, then the active rates', () => {
    expect(productRateOptions(rates, null)).toEqual([
      { value: '', label: 'Default rate (VAT 19%)' },
      { value: 'r1', label: 'VAT 19%' },
      { value: 'r2', label: 'Reduced 7%' },
    ]);
  });

  it('says untaxed when no rate is the default', () => {
    expect(productRateOptions([rates[1]], null)[0]).toEqual({ value: '', label: 'Default rate (none: untaxed)' });
  });

  it("keeps a product's archived rate, named as archived", () => {
    expect(productRateOptions(rates, 'r3').at(-1)).toEqual({ value: 'r3', label: 'Old 16% (archived)' });
    expect(productRateOptions(rates.slice(0, 2), 'gone').at(-1)).toEqual({ value: 'gone', label: 'An archived rate' });
  });
});
