import { taxLinesText } from './order-csv';

describe('taxLinesText: the tax lines of an order as one CSV cell (docs/api.md 22)', () => {
  it('writes each rate as `name (rate%): tax on taxable`, two places, highest rate first as given', () => {
    const lines = [
      { tax_rate_id: 'a', name: 'VAT 19%', rate: 19, taxable_amount: 32.8, tax_amount: 6.24 },
      { tax_rate_id: 'b', name: 'Reduced', rate: 5.5, taxable_amount: 10, tax_amount: 0.55 },
    ];
    expect(taxLinesText(lines)).toBe('VAT 19% (19%): 6.24 on 32.80; Reduced (5.5%): 0.55 on 10.00');
  });

  it('is empty for an order whose tax was given', () => {
    expect(taxLinesText([])).toBe('');
  });
});
