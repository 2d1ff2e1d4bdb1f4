import fc from 'fast-check';
import { dec, Decimal } from '../../common/money/money';
import { lineValues, refundTaxLines, returnedValue, spreadDiscount, TaxableOrder, taxOn, taxOrder, TaxRateInfo } from './tax-arithmetic';

const VAT = { id: 'vat', name: 'VAT 19%', rate: '19' };
const REDUCED = { id: 'reduced', name: 'VAT 7%', rate: '7' };

/** docs/api.md 22's worked example (docs/api.md, "Taxes"): 3 × 9.99 at 19%, 2 × 4.50 at 7%, 5.00 untaxed, 3.00 off, 4.90 shipping at 19%. */
function example(inclusive: boolean): TaxableOrder {
  return {
    lines: [
      { total: '29.97', rate: VAT },
      { total: '9.00', rate: REDUCED },
      { total: '5.00', rate: null },
    ],
    discountAmount: '3.00',
    shippingAmount: '4.90',
    shippingRate: VAT,
    inclusive,
  };
}

const money = (d: Decimal) => d.toFixed(2);
const lineFigures = (tax: ReturnType<typeof taxOrder>) =>
  tax.lines.map((l) => ({ id: l.taxRateId, base: money(l.base), taxable: money(l.taxableAmount), tax: money(l.taxAmount) }));

describe('tax arithmetic (docs/api.md 22)', () => {
  it('spreads the order discount by largest remainder, to the cent', () => {
    expect(spreadDiscount(['29.97', '9.00', '5.00'], '3.00').map(money)).toEqual(['2.05', '0.61', '0.34']);
    // equal weights: the remainder cents go to the earlier lines
    expect(spreadDiscount(['1.00', '1.00', '1.00'], '0.10').map(money)).toEqual(['0.04', '0.03', '0.03']);
    // never more than the lines are worth, nothing over lines worth 0
    expect(spreadDiscount(['1.00', '2.00'], '10.00').map(money)).toEqual(['1.00', '2.00']);
    expect(spreadDiscount(['0.00', '0.00'], '1.00').map(money)).toEqual(['0.00', '0.00']);
  });

  it('exclusive prices: tax = round_half_up(net × rate / 100) per rate; the worked example', () => {
    const tax = taxOrder(example(false));
    expect(lineFigures(tax)).toEqual([
      { id: 'vat', base: '32.82', taxable: '32.82', tax: '6.24' },
      { id: 'reduced', base: '8.39', taxable: '8.39', tax: '0.59' },
    ]);
    expect(money(tax.taxAmount)).toBe('6.83');
    expect(tax.lines.map((l) => [l.lineIndexes, l.shipping])).toEqual([
      [[0], true],
      [[1], false],
    ]);
  });

  it('inclusive prices: tax = gross - round_half_up(gross / (1 + rate / 100)); taxable is net', () => {
    const tax = taxOrder(example(true));
    expect(lineFigures(tax)).toEqual([
      { id: 'vat', base: '32.82', taxable: '27.58', tax: '5.24' },
      { id: 'reduced', base: '8.39', taxable: '7.84', tax: '0.55' },
    ]);
    expect(money(tax.taxAmount)).toBe('5.79');
  });

  it('rounds half up on the rate’s sum, not per line', () => {
    // 3 lines of 0.10 at 5%: per line 0.005 -> 0.01 each would be 0.03; on the sum 0.015 -> 0.02
    const tax = taxOrder({
      lines: [0, 1, 2].map(() => ({ total: '0.10', rate: { id: 'r', name: '5%', rate: '5' } })),
      discountAmount: 0,
      shippingAmount: 0,
      shippingRate: null,
      inclusive: false,
    });
    expect(money(tax.taxAmount)).toBe('0.02');
    expect(money(taxOn('0.50', '5', false).taxAmount)).toBe('0.03'); // 0.025 half up
  });

  it('shipping is untaxed without a shipping rate; 0% rates still list their taxable amount', () => {
    const tax = taxOrder({ ...example(false), shippingRate: null, lines: [{ total: '10.00', rate: { id: 'zero', name: 'Zero', rate: '0' } }] });
    expect(lineFigures(tax)).toEqual([{ id: 'zero', base: '7.00', taxable: '7.00', tax: '0.00' }]);
  });

  it('a partial return refunds round_half_up(tax × G / V) per rate; the rest refunds exactly the remainder', () => {
    const order = example(false);
    const tax = taxOrder(order);
    const values = lineValues(
      order.lines.map((l) => l.total),
      order.discountAmount,
    );
    const sold = ['3', '2', '1'];
    const first = refundTaxLines(
      { lines: tax.lines, lineValues: values, inclusive: false, shippingAmount: order.shippingAmount },
      sold.map((s, i) => ({ sold: s, before: 0, after: i === 0 ? 1 : 0 })),
      { before: false, after: false },
    );
    // 27.92 × 1/3 = 9.31 returned; 6.24 × 9.31 / 32.82 = 1.77
    expect(first.map((l) => [l.taxRateId, money(l.base), money(l.taxableAmount), money(l.taxAmount)])).toEqual([['vat', '9.31', '9.31', '1.77']]);
    const rest = refundTaxLines(
      { lines: tax.lines, lineValues: values, inclusive: false, shippingAmount: order.shippingAmount },
      sold.map((s, i) => ({ sold: s, before: i === 0 ? 1 : 0, after: s })),
      { before: false, after: true },
    );
    expect(rest.map((l) => [l.taxRateId, money(l.taxAmount)])).toEqual([
      ['vat', '4.47'],
      ['reduced', '0.59'],
    ]);
  });

  // ---- properties: random carts and random sequences of partial returns ----

  const cents = (max: number) => fc.integer({ min: 0, max }).map((c) => dec(c).dividedBy(100));
  const rateArb = fc
    .tuple(fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 0, max: 3 }))
    .map(([r, i]): TaxRateInfo => ({ id: `r${i}`, name: `Rate ${i}`, rate: dec(r).dividedBy(10_000).toFixed() }));
  const lineArb = fc.record({
    quantity: fc.integer({ min: 1, max: 50_000 }).map((q) => dec(q).dividedBy(1000)),
    unitPrice: cents(100_000),
    rateIndex: fc.integer({ min: -1, max: 3 }),
  });
  const cartArb = fc.record({
    rates: fc.array(rateArb, { minLength: 1, maxLength: 4 }),
    lines: fc.array(lineArb, { minLength: 1, maxLength: 50 }),
    discount: cents(500_000),
    shipping: cents(5_000),
    shippingRateIndex: fc.integer({ min: -1, max: 3 }),
    inclusive: fc.boolean(),
    seed: fc.integer(),
  });

  type Cart = typeof cartArb extends fc.Arbitrary<infer T> ? T : never;

  /** one rate per id (the arbitrary may draw an id twice), lines and shipping pointing at them */
  function orderOf(cart: Cart): { order: TaxableOrder; quantities: Decimal[] } {
    const rates = new Map(cart.rates.map((r) => [r.id, r]));
    const rateAt = (i: number) => (i < 0 ? null : (rates.get(`r${i}`) ?? null));
    const lines = cart.lines.map((l) => ({ total: l.quantity.times(l.unitPrice).toDecimalPlaces(2, Decimal.ROUND_HALF_UP), rate: rateAt(l.rateIndex) }));
    return {
      order: { lines, discountAmount: cart.discount, shippingAmount: cart.shipping, shippingRate: rateAt(cart.shippingRateIndex), inclusive: cart.inclusive },
      quantities: cart.lines.map((l) => l.quantity),
    };
  }

  it('property: the discount shares sum to the discount spread and never exceed a line', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { order } = orderOf(cart);
        const shares = spreadDiscount(
          order.lines.map((l) => l.total),
          order.discountAmount,
        );
        const sum = order.lines.reduce((a, l) => a.plus(l.total), dec(0));
        expect(money(shares.reduce((a, s) => a.plus(s), dec(0)))).toBe(money(Decimal.min(sum, dec(order.discountAmount))));
        shares.forEach((s, i) => {
          expect(s.gte(0) && s.lte(order.lines[i].total)).toBe(true);
          expect(s.decimalPlaces()).toBeLessThanOrEqual(2);
        });
      }),
      { numRuns: 300 },
    );
  });

  it('property: tax per rate is the rule on the rate’s sum, and the order’s tax is their sum', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const { order } = orderOf(cart);
        const tax = taxOrder(order);
        const shares = spreadDiscount(
          order.lines.map((l) => l.total),
          order.discountAmount,
        );
        const expected = new Map<string, Decimal>();
        order.lines.forEach((l, i) => l.rate && expected.set(l.rate.id, (expected.get(l.rate.id) ?? dec(0)).plus(dec(l.total).minus(shares[i]))));
        if (order.shippingRate && dec(order.shippingAmount).gt(0))
          expected.set(order.shippingRate.id, (expected.get(order.shippingRate.id) ?? dec(0)).plus(order.shippingAmount));
        expect(tax.lines.map((l) => l.taxRateId).sort()).toEqual([...expected.keys()].sort());
        for (const line of tax.lines) {
          const v = expected.get(line.taxRateId)!;
          expect(money(line.base)).toBe(money(v));
          const r = dec(line.rate);
          if (order.inclusive) {
            const net = v.dividedBy(r.dividedBy(100).plus(1)).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
            expect(money(line.taxAmount)).toBe(money(v.minus(net)));
            expect(money(line.taxableAmount)).toBe(money(net));
          } else {
            expect(money(line.taxAmount)).toBe(money(v.times(r).dividedBy(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP)));
            expect(money(line.taxableAmount)).toBe(money(v));
          }
          expect(line.taxAmount.gte(0)).toBe(true);
        }
        expect(money(tax.taxAmount)).toBe(money(tax.lines.reduce((a, l) => a.plus(l.taxAmount), dec(0))));
      }),
      { numRuns: 300 },
    );
  });

  it('property: any sequence of partial returns refunds exactly the order’s tax per rate, never more on the way', () => {
    fc.assert(
      fc.property(cartArb, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 1, max: 1000 }), fc.boolean()), { maxLength: 12 }), (cart, steps) => {
        const { order, quantities } = orderOf(cart);
        const tax = taxOrder(order);
        const values = lineValues(
          order.lines.map((l) => l.total),
          order.discountAmount,
        );
        const returned = quantities.map(() => dec(0));
        let shippingBack = false;
        const refunded = new Map<string, Decimal>();
        const refundedTaxable = new Map<string, Decimal>();
        const apply = (after: Decimal[], shippingAfter: boolean) => {
          const lines = refundTaxLines(
            { lines: tax.lines, lineValues: values, inclusive: order.inclusive, shippingAmount: order.shippingAmount },
            quantities.map((sold, i) => ({ sold, before: returned[i], after: after[i] })),
            { before: shippingBack, after: shippingAfter },
          );
          for (const l of lines) {
            expect(l.taxAmount.gte(0)).toBe(true);
            refunded.set(l.taxRateId, (refunded.get(l.taxRateId) ?? dec(0)).plus(l.taxAmount));
            refundedTaxable.set(l.taxRateId, (refundedTaxable.get(l.taxRateId) ?? dec(0)).plus(l.taxableAmount));
          }
          after.forEach((q, i) => (returned[i] = q));
          shippingBack = shippingAfter;
          for (const line of tax.lines) expect((refunded.get(line.taxRateId) ?? dec(0)).lte(line.taxAmount)).toBe(true);
        };
        for (const [pick, fraction, withShipping] of steps) {
          const i = pick % quantities.length;
          const left = quantities[i].minus(returned[i]);
          const q = left.times(fraction).dividedBy(1000).toDecimalPlaces(3, Decimal.ROUND_DOWN);
          const after = [...returned];
          after[i] = returned[i].plus(q);
          apply(after, shippingBack || withShipping);
        }
        apply([...quantities], true);
        for (const line of tax.lines) {
          expect(money(refunded.get(line.taxRateId) ?? dec(0))).toBe(money(line.taxAmount));
          expect(money(refundedTaxable.get(line.taxRateId) ?? dec(0))).toBe(money(line.taxableAmount));
        }
      }),
      { numRuns: 300 },
    );
  });

  it('returnedValue is the cumulative line rule, all of it once all is returned', () => {
    expect(money(returnedValue('27.92', '1', '3'))).toBe('9.31');
    expect(money(returnedValue('27.92', '3', '3'))).toBe('27.92');
    expect(money(returnedValue('1.00', '1', '0'))).toBe('0.00');
  });
});
