import fc from 'fast-check';
import { dec, Decimal } from '../../common/money/money';
import { ReturnableOrder, returnAmounts, ReturnExceedsSold, ReturnRequestLine, UnknownReturnLine } from './return-amounts';

/** Applies a return to the order the way the service records it, for the next return. */
function afterReturn(order: ReturnableOrder, request: ReturnRequestLine[], refundShipping: boolean) {
  const amounts = returnAmounts(order, request, refundShipping);
  const returned = new Map(amounts.lines.map((line) => [line.lineId, line.quantity]));
  const next: ReturnableOrder = {
    ...order,
    refundedAmount: amounts.refundedAfter,
    shippingRefunded: order.shippingRefunded || amounts.shippingAmount.greaterThan(0) || (refundShipping && dec(order.shippingAmount).isZero()),
    lines: order.lines.map((line) => ({ ...line, returnedQuantity: dec(line.returnedQuantity).plus(returned.get(line.id) ?? 0) })),
  };
  return { amounts, next };
}

describe('returnAmounts: docs/api.md 12', () => {
  // 3 lines: 2 x 10.00, 3 x 3.33 (9.99), 1 x 0.05; tax 2.00, discount 1.50, shipping 4.99
  const order: ReturnableOrder = {
    subtotal: '30.04',
    taxAmount: '2.00',
    discountAmount: '1.50',
    shippingAmount: '4.99',
    total: '35.53',
    pointsEarned: 35,
    refundedAmount: '0',
    shippingRefunded: false,
    lines: [
      { id: 'a', quantity: '2', total: '20.00', returnedQuantity: '0' },
      { id: 'b', quantity: '3', total: '9.99', returnedQuantity: '0' },
      { id: 'c', quantity: '1', total: '0.05', returnedQuantity: '0' },
    ],
  };

  it('computes a partial return from cumulative figures, by hand', () => {
    const { amounts, next } = afterReturn(order, [{ lineId: 'b', quantity: '1' }], false);
    // b: round(9.99 x 1/3) = 3.33; tax round(2.00 x 3.33/30.04) = 0.22; discount round(1.50 x 3.33/30.04) = 0.17
    expect(amounts.lines.map((l) => [l.lineId, l.amount.toString()])).toEqual([['b', '3.33']]);
    expect([amounts.subtotal, amounts.taxAmount, amounts.discountAmount, amounts.shippingAmount, amounts.total].map(String)).toEqual([
      '3.33',
      '0.22',
      '0.17',
      '0',
      '3.38',
    ]);
    // points: floor(35 x 3.38 / 35.53) = 3
    expect(amounts.points).toBe(3);

    // the second third of b: cumulative round(9.99 x 2/3) = 6.66, so 3.33 again; G = 6.66
    const second = afterReturn(next, [{ lineId: 'b', quantity: '1' }], false);
    // tax: round(2.00 x 6.66/30.04) = 0.44, minus 0.22; discount: round(1.50 x 6.66/30.04) = 0.33, minus 0.17
    expect([second.amounts.subtotal, second.amounts.taxAmount, second.amounts.discountAmount, second.amounts.total].map(String)).toEqual([
      '3.33',
      '0.22',
      '0.16',
      '3.39',
    ]);
  });

  it('refunds exactly the total when the rest is returned with shipping', () => {
    let state = afterReturn(order, [{ lineId: 'b', quantity: '1' }], false).next;
    const last = afterReturn(
      state,
      [
        { lineId: 'a', quantity: '2' },
        { lineId: 'b', quantity: '2' },
        { lineId: 'c', quantity: '1' },
      ],
      true,
    );
    state = last.next;
    expect(last.amounts.shippingAmount.toString()).toBe('4.99');
    expect(state.refundedAmount.toString()).toBe('35.53');
    expect(last.amounts.points).toBe(35 - 3);
  });

  it('refunds shipping once', () => {
    const first = afterReturn(order, [{ lineId: 'c', quantity: '1' }], true);
    expect(first.amounts.shippingAmount.toString()).toBe('4.99');
    expect(afterReturn(first.next, [{ lineId: 'a', quantity: '1' }], true).amounts.shippingAmount.toString()).toBe('0');
  });

  it('checks the same line twice on the sum, and refuses lines of other orders', () => {
    expect(() =>
      returnAmounts(
        order,
        [
          { lineId: 'a', quantity: '1.5' },
          { lineId: 'a', quantity: '0.501' },
        ],
        false,
      ),
    ).toThrow(ReturnExceedsSold);
    let error: unknown;
    try {
      returnAmounts(order, [{ lineId: 'a', quantity: '3' }], false);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ReturnExceedsSold);
    expect(error).toMatchObject({ lineId: 'a', sold: dec(2), returned: dec(0), requested: dec(3) });
    expect(() => returnAmounts(order, [{ lineId: 'zzz', quantity: '1' }], false)).toThrow(UnknownReturnLine);
  });

  it('never refunds a negative amount: a step whose discount share outweighs its goods refunds 0', () => {
    const discounted: ReturnableOrder = {
      ...order,
      subtotal: '10.00',
      taxAmount: '0',
      discountAmount: '10.00',
      shippingAmount: '5.00',
      total: '5.00',
      pointsEarned: 5,
      lines: [{ id: 'a', quantity: '1', total: '10.00', returnedQuantity: '0' }],
    };
    const { amounts } = afterReturn(discounted, [{ lineId: 'a', quantity: '1' }], false);
    expect(amounts.total.toString()).toBe('0');
    expect(afterReturn(afterReturn(discounted, [{ lineId: 'a', quantity: '1' }], false).next, [], true).amounts.total.toString()).toBe('5');
  });

  describe('an order whose subtotal is 0: the tax and discount shares follow quantities', () => {
    // 2 x a price-0 product, tax 5.00, shipping 3.00: total 8.00, 8 points
    const free: ReturnableOrder = {
      subtotal: '0',
      taxAmount: '5.00',
      discountAmount: '0',
      shippingAmount: '3.00',
      total: '8.00',
      pointsEarned: 8,
      refundedAmount: '0',
      shippingRefunded: false,
      lines: [{ id: 'a', quantity: '2', total: '0', returnedQuantity: '0' }],
    };

    it('everything returned at once with shipping refunds exactly the total', () => {
      const { amounts } = afterReturn(free, [{ lineId: 'a', quantity: '2' }], true);
      expect([amounts.subtotal, amounts.taxAmount, amounts.shippingAmount, amounts.total].map(String)).toEqual(['0', '5', '3', '8']);
      expect(amounts.refundedAfter.toString()).toBe('8');
      expect(amounts.points).toBe(8);
    });

    it('in steps: round(tax x Q) cumulative, Q = quantity returned over quantity sold', () => {
      const first = afterReturn(free, [{ lineId: 'a', quantity: '1' }], false);
      // Q = 1/2: tax round(5.00 x 0.5) = 2.50; points floor(8 x 2.50 / 8.00) = 2
      expect([first.amounts.taxAmount, first.amounts.total].map(String)).toEqual(['2.5', '2.5']);
      expect(first.amounts.points).toBe(2);
      const last = afterReturn(first.next, [{ lineId: 'a', quantity: '1' }], true);
      expect([last.amounts.taxAmount, last.amounts.shippingAmount, last.amounts.total].map(String)).toEqual(['2.5', '3', '5.5']);
      expect(last.next.refundedAmount.toString()).toBe('8');
      expect(last.amounts.points).toBe(6);
    });

    it('Q counts every line together, and the discount share follows it too', () => {
      const twoLines: ReturnableOrder = {
        ...free,
        taxAmount: '1.00',
        discountAmount: '0.50',
        shippingAmount: '2.00',
        total: '2.50',
        pointsEarned: 2,
        lines: [
          { id: 'a', quantity: '1', total: '0', returnedQuantity: '0' },
          { id: 'b', quantity: '2', total: '0', returnedQuantity: '0' },
        ],
      };
      // Q = 1/3: tax round(0.333) = 0.33, discount round(0.1667) = 0.17
      const first = afterReturn(twoLines, [{ lineId: 'b', quantity: '1' }], false);
      expect([first.amounts.taxAmount, first.amounts.discountAmount, first.amounts.total].map(String)).toEqual(['0.33', '0.17', '0.16']);
      // Q = 2/3: tax round(0.667) = 0.67, discount round(0.333) = 0.33
      const second = afterReturn(first.next, [{ lineId: 'a', quantity: '1' }], false);
      expect([second.amounts.taxAmount, second.amounts.discountAmount, second.amounts.total].map(String)).toEqual(['0.34', '0.16', '0.18']);
      const last = afterReturn(second.next, [{ lineId: 'b', quantity: '1' }], true);
      expect(last.next.refundedAmount.toString()).toBe('2.5');
    });
  });

  // An order of 1 to 4 lines with cents, tax, shipping and an order discount that keeps the total >= 0,
  // and a plan: every line's quantity cut into 1 to 3 parts, all parts shuffled into returns, the
  // shipping refunded with one of them.
  const orderAndPlan = fc
    .record({
      lines: fc.array(fc.record({ thousandths: fc.integer({ min: 1, max: 20_000 }), cents: fc.integer({ min: 0, max: 1_000_000 }) }), {
        minLength: 1,
        maxLength: 4,
      }),
      taxPercent: fc.integer({ min: 0, max: 30 }),
      shippingCents: fc.integer({ min: 0, max: 5_000 }),
      // the tax of an order whose lines are all free (a subtotal of 0)
      freeTaxCents: fc.integer({ min: 0, max: 2_000 }),
      discountPermille: fc.integer({ min: 0, max: 1000 }),
      cuts: fc.array(fc.integer({ min: 1, max: 999 }), { minLength: 8, maxLength: 8 }),
      seed: fc.integer(),
      shippingWith: fc.nat(),
    })
    // a third of the orders have only free lines
    .map((o) => (o.seed % 3 === 0 ? { ...o, lines: o.lines.map((l) => ({ ...l, cents: 0 })) } : o));

  it('property: any sequence of partial returns never refunds more than the total, and everything with shipping refunds exactly it', () => {
    fc.assert(
      fc.property(orderAndPlan, (o) => {
        const subtotalCents = o.lines.reduce((acc, l) => acc + l.cents, 0);
        const taxCents = subtotalCents === 0 ? o.freeTaxCents : Math.floor((subtotalCents * o.taxPercent) / 100);
        const discountCents = Math.floor(((subtotalCents + taxCents + o.shippingCents) * o.discountPermille) / 1000);
        const totalCents = subtotalCents + taxCents + o.shippingCents - discountCents;
        const cents = (c: number) => new Decimal(c).dividedBy(100);
        let state: ReturnableOrder = {
          subtotal: cents(subtotalCents),
          taxAmount: cents(taxCents),
          discountAmount: cents(discountCents),
          shippingAmount: cents(o.shippingCents),
          total: cents(totalCents),
          pointsEarned: Math.floor(totalCents / 100),
          refundedAmount: 0,
          shippingRefunded: false,
          lines: o.lines.map((l, i) => ({ id: `l${i}`, quantity: new Decimal(l.thousandths).dividedBy(1000), total: cents(l.cents), returnedQuantity: 0 })),
        };
        const parts = o.lines.flatMap((l, i) => {
          const first = Math.max(1, Math.floor((l.thousandths * o.cuts[i]) / 1000));
          const split = first < l.thousandths ? [first, l.thousandths - first] : [l.thousandths];
          return split.map((t) => ({ lineId: `l${i}`, quantity: new Decimal(t).dividedBy(1000) }));
        });
        const order = parts.map((part, i) => ({ part, key: (o.seed * (i + 7)) % 97 })).sort((a, b) => a.key - b.key);
        const shippingStep = o.shippingWith % order.length;
        let pointsReversed = 0;
        order.forEach(({ part }, step) => {
          const { amounts, next } = afterReturn(state, [part], step === shippingStep);
          expect(amounts.total.greaterThanOrEqualTo(0)).toBe(true);
          expect(amounts.points).toBeGreaterThanOrEqual(0);
          expect(amounts.lines.reduce((acc, l) => acc.plus(l.amount), dec(0)).equals(amounts.subtotal)).toBe(true);
          pointsReversed += amounts.points;
          state = next;
          expect(dec(state.refundedAmount).lessThanOrEqualTo(dec(state.total))).toBe(true);
          expect(pointsReversed).toBeLessThanOrEqual(state.pointsEarned);
        });
        expect(dec(state.refundedAmount).equals(cents(totalCents))).toBe(true);
        expect(pointsReversed).toBe(state.pointsEarned);
      }),
      { numRuns: 500 },
    );
  });
});
