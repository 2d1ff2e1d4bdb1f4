import { priceInvoice } from './invoice-pricing';

describe('priceInvoice', () => {
  it('totals lines exactly, each rounded to the cent half away from zero', () => {
    expect(
      priceInvoice([
        { quantity: 3, unitPrice: 0.1 },
        { quantity: 1.255, unitPrice: 10 },
        { quantity: 0.333, unitPrice: 1.5 },
      ]),
    ).toEqual({
      lines: [
        { quantity: '3', unitPrice: '0.1', total: '0.3' },
        { quantity: '1.255', unitPrice: '10', total: '12.55' },
        { quantity: '0.333', unitPrice: '1.5', total: '0.5' },
      ],
      subtotal: '13.35',
      taxAmount: '0',
      total: '13.35',
    });
  });

  it('allows a zero price and refuses a total beyond the money range', () => {
    expect(priceInvoice([{ quantity: 2, unitPrice: 0 }])?.total).toBe('0');
    expect(priceInvoice([{ quantity: 2, unitPrice: 999_999_999_999.99 }])).toBeNull();
  });
});
