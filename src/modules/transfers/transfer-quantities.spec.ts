import { firstRepeatedProduct } from '../../common/validation/one-line-per-product';
import { arrivals, perProduct, ReceiptExceedsShipped, UnknownTransferProduct } from './transfer-quantities';

const shipped = [
  { productId: 'a', quantity: '10' },
  { productId: 'b', quantity: '2.5' },
  { productId: 'c', quantity: '1' },
];
const figures = (rows: ReturnType<typeof arrivals>) => rows.map((r) => [r.productId, r.received.toString(), r.lost.toString()]);

describe('arrivals', () => {
  it('takes everything shipped as arrived when no items are given', () => {
    expect(figures(arrivals(shipped))).toEqual([
      ['a', '10', '0'],
      ['b', '2.5', '0'],
      ['c', '1', '0'],
    ]);
  });

  it('records what did not arrive as lost, a product not named as lost entirely', () => {
    const rows = arrivals(shipped, [
      { productId: 'b', quantity: 2.25 },
      { productId: 'a', quantity: 10 },
    ]);
    expect(figures(rows)).toEqual([
      ['a', '10', '0'],
      ['b', '2.25', '0.25'],
      ['c', '0', '1'],
    ]);
  });

  it('accepts 0 arrived (all lost)', () => {
    expect(figures(arrivals(shipped, [{ productId: 'a', quantity: 0 }]))[0]).toEqual(['a', '0', '10']);
  });

  it('refuses more than shipped, also on the sum of lines naming one product, and a product not shipped', () => {
    expect(() => arrivals(shipped, [{ productId: 'b', quantity: 2.501 }])).toThrow(ReceiptExceedsShipped);
    expect(() => arrivals(shipped, [{ productId: 'z', quantity: 1 }])).toThrow(UnknownTransferProduct);
    expect(() =>
      arrivals(shipped, [
        { productId: 'b', quantity: 1.5 },
        { productId: 'b', quantity: 1.001 },
      ]),
    ).toThrow(ReceiptExceedsShipped);
  });

  it('fills the lines of a product shipped on several lines in line order', () => {
    const split = [
      { productId: 'a', quantity: '3' },
      { productId: 'b', quantity: '1' },
      { productId: 'a', quantity: '2' },
    ];
    expect(figures(arrivals(split, [{ productId: 'a', quantity: 4 }]))).toEqual([
      ['a', '3', '0'],
      ['b', '0', '1'],
      ['a', '1', '1'],
    ]);
    expect(
      figures(
        arrivals(split, [
          { productId: 'a', quantity: 2 },
          { productId: 'a', quantity: 0.5 },
        ]),
      ),
    ).toEqual([
      ['a', '2.5', '0.5'],
      ['b', '0', '1'],
      ['a', '0', '2'],
    ]);
  });
});

describe('perProduct', () => {
  it('adds the lines of each product, in the order of its first line', () => {
    expect(
      perProduct([
        { productId: 'a', quantity: '1.5' },
        { productId: 'b', quantity: 2 },
        { productId: 'a', quantity: '0.25' },
      ]),
    ).toEqual([
      { productId: 'a', quantity: '1.75' },
      { productId: 'b', quantity: '2' },
    ]);
  });
});

describe('firstRepeatedProduct', () => {
  it("finds the first line naming an earlier line's product", () => {
    expect(firstRepeatedProduct([{ productId: 'a' }, { productId: 'b' }])).toBe(-1);
    expect(firstRepeatedProduct([{ productId: 'a' }, { productId: 'b' }, { productId: 'a' }, { productId: 'b' }])).toBe(2);
  });
});
