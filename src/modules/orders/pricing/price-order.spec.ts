import { DomainError } from '../../../common/errors/domain-error';
import { priceOrder, PricedLineInput } from './price-order';

const P1 = '11111111-1111-4111-8111-111111111111';
const P2 = '22222222-2222-4222-8222-222222222222';
const P3 = '33333333-3333-4333-8333-333333333333';

function line(overrides: Partial<PricedLineInput> = {}): PricedLineInput {
  return { productId: P1, quantity: 1, productPrice: '10.00', ...overrides };
}

function caught(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    if (err instanceof DomainError) return err;
    throw err;
  }
  throw new Error('expected a DomainError');
}

function plain(price: ReturnType<typeof priceOrder>) {
  return {
    lines: price.lines.map((l) => ({
      productId: l.productId,
      quantity: l.quantity.toString(),
      unitPrice: l.unitPrice.toFixed(2),
      discount: l.discount.toFixed(2),
      total: l.total.toFixed(2),
    })),
    subtotal: price.subtotal.toFixed(2),
    taxAmount: price.taxAmount.toFixed(2),
    shippingAmount: price.shippingAmount.toFixed(2),
    discountAmount: price.discountAmount.toFixed(2),
    total: price.total.toFixed(2),
    points: price.points,
  };
}

describe('priceOrder', () => {
  it('prices a full order: product price, override, line discount, tax, shipping, order discount', () => {
    const price = priceOrder(
      [
        line({ productId: P1, quantity: 2, productPrice: '19.99' }),
        line({ productId: P2, quantity: 1, productPrice: '50.00', price: 45.5 }),
        line({ productId: P3, quantity: 3, productPrice: '5.25', discount: 1.75 }),
      ],
      { taxAmount: 8.12, shippingAmount: 4.99, discountAmount: 10 },
    );
    expect(plain(price)).toEqual({
      lines: [
        { productId: P1, quantity: '2', unitPrice: '19.99', discount: '0.00', total: '39.98' },
        { productId: P2, quantity: '1', unitPrice: '45.50', discount: '0.00', total: '45.50' },
        { productId: P3, quantity: '3', unitPrice: '5.25', discount: '1.75', total: '14.00' },
      ],
      subtotal: '99.48',
      taxAmount: '8.12',
      shippingAmount: '4.99',
      discountAmount: '10.00',
      total: '102.59',
      points: 102,
    });
  });

  it('uses the override price even when it is zero or above the product price', () => {
    expect(priceOrder([line({ price: 0 })]).total.toFixed(2)).toBe('0.00');
    expect(priceOrder([line({ price: 12.34 })]).lines[0].unitPrice.toFixed(2)).toBe('12.34');
    expect(priceOrder([line({ price: null })]).lines[0].unitPrice.toFixed(2)).toBe('10.00');
  });

  it('adds 3 x 0.10 plus 0.20 tax to exactly 0.50', () => {
    const price = priceOrder([line({ quantity: 3, productPrice: '0.10' })], { taxAmount: 0.2 });
    expect(price.subtotal.toString()).toBe('0.3');
    expect(price.total.toString()).toBe('0.5');
    expect(price.total.toNumber()).toBe(0.5);
  });

  it('sums ten 0.1 lines to exactly 1.00', () => {
    const price = priceOrder(Array.from({ length: 10 }, () => line({ productPrice: '0.1' })));
    expect(price.total.toFixed(2)).toBe('1.00');
    expect(price.points).toBe(1);
  });

  it('rounds fractional quantities to the cent, half up, per line', () => {
    const price = priceOrder([line({ quantity: 0.333, productPrice: '1.99' }), line({ quantity: 0.5, productPrice: '0.25' })]);
    // 0.66267 -> 0.66 ; 0.125 -> 0.13
    expect(price.lines.map((l) => l.total.toFixed(2))).toEqual(['0.66', '0.13']);
    expect(price.subtotal.toFixed(2)).toBe('0.79');
  });

  it('floors points: 99.99 earns 99, 0.99 earns 0, 100 earns 100', () => {
    expect(priceOrder([line({ productPrice: '99.99' })]).points).toBe(99);
    expect(priceOrder([line({ productPrice: '0.99' })]).points).toBe(0);
    expect(priceOrder([line({ productPrice: '100.00' })]).points).toBe(100);
  });

  it('allows a line discount equal to the line amount (a free line)', () => {
    const price = priceOrder([line({ quantity: 2, productPrice: '3.50', discount: 7 })]);
    expect(price.lines[0].total.toFixed(2)).toBe('0.00');
    expect(price.total.toFixed(2)).toBe('0.00');
  });

  it('refuses a line discount larger than the line amount, naming the line', () => {
    const err = caught(() => priceOrder([line(), line({ productId: P2, quantity: 2, productPrice: '3.50', discount: 7.01 })]));
    expect(err.code).toBe('NEGATIVE_TOTAL');
    expect(err.details).toEqual([{ line: 1, product_id: P2, quantity: 2, unit_price: 3.5, amount: 7, discount: 7.01 }]);
  });

  it('compares the line discount with the exact amount, before rounding', () => {
    // 0.333 x 1.99 = 0.66267: a 0.66 discount fits, 0.67 does not
    expect(priceOrder([line({ quantity: 0.333, productPrice: '1.99', discount: 0.66 })]).lines[0].total.toFixed(2)).toBe('0.00');
    expect(caught(() => priceOrder([line({ quantity: 0.333, productPrice: '1.99', discount: 0.67 })])).code).toBe('NEGATIVE_TOTAL');
  });

  it('allows an order discount down to a zero total', () => {
    const price = priceOrder([line()], { taxAmount: 1, shippingAmount: 2, discountAmount: 13 });
    expect(price.total.toFixed(2)).toBe('0.00');
    expect(price.points).toBe(0);
  });

  it('refuses an order discount that takes the total below zero, with the sums', () => {
    const err = caught(() => priceOrder([line()], { taxAmount: 1, shippingAmount: 2, discountAmount: 13.01 }));
    expect(err.code).toBe('NEGATIVE_TOTAL');
    expect(err.details).toEqual([{ subtotal: 10, tax_amount: 1, shipping_amount: 2, discount_amount: 13.01, total: -0.01 }]);
  });

  it('treats absent adjustments as zero', () => {
    const price = priceOrder([line()], { taxAmount: null });
    expect([price.taxAmount, price.shippingAmount, price.discountAmount].map((d) => d.toFixed(2))).toEqual(['0.00', '0.00', '0.00']);
    expect(price.total.toFixed(2)).toBe('10.00');
  });

  it('keeps large amounts exact', () => {
    const price = priceOrder([line({ quantity: 3, productPrice: '333333333.33' })], { taxAmount: 0.01 });
    expect(price.total.toFixed(2)).toBe('1000000000.00');
  });
});
