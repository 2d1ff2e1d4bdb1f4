import { ReceiptExceedsOrdered, receiveQuantities, UnknownReceiptLine } from './receipt-quantities';

describe('receiving quantities (docs/api.md 13)', () => {
  const lines = [
    { id: 'a', quantity: '10', receivedQuantity: '4' },
    { id: 'b', quantity: '2.5', receivedQuantity: '0' },
  ];

  it('adds what arrives to each line and tells when everything is in', () => {
    const partial = receiveQuantities(lines, [{ lineId: 'a', quantity: '6' }]);
    expect([partial.after.get('a')!.toString(), partial.after.has('b'), partial.complete]).toEqual(['10', false, false]);
    const full = receiveQuantities(lines, [
      { lineId: 'a', quantity: '5' },
      { lineId: 'b', quantity: '2.5' },
      { lineId: 'a', quantity: '1' },
    ]);
    expect(full.complete).toBe(true);
  });

  it('refuses more than ordered, the same line twice on its sum, and lines of other orders', () => {
    expect(() => receiveQuantities(lines, [{ lineId: 'a', quantity: '6.001' }])).toThrow(ReceiptExceedsOrdered);
    expect(() =>
      receiveQuantities(lines, [
        { lineId: 'b', quantity: '2' },
        { lineId: 'b', quantity: '1' },
      ]),
    ).toThrow(ReceiptExceedsOrdered);
    const refusal = (() => {
      try {
        receiveQuantities(lines, [
          { lineId: 'b', quantity: '2' },
          { lineId: 'b', quantity: '1' },
        ]);
      } catch (err) {
        return err as ReceiptExceedsOrdered;
      }
    })();
    expect([refusal?.lineId, refusal?.received.toString(), refusal?.requested.toString()]).toEqual(['b', '0', '3']);
    expect(() => receiveQuantities(lines, [{ lineId: 'z', quantity: '1' }])).toThrow(new UnknownReceiptLine(0));
  });
});
