import { pointsToReverse } from './loyalty-rules';

describe('pointsToReverse', () => {
  it('takes back everything earned when the balance holds it', () => {
    expect(pointsToReverse(125, 125)).toBe(125);
    expect(pointsToReverse(125, 400)).toBe(125);
  });

  it('takes back only what is left when some was redeemed since', () => {
    expect(pointsToReverse(125, 30)).toBe(30);
    expect(pointsToReverse(125, 0)).toBe(0);
  });

  it('takes nothing for an order that earned nothing', () => {
    expect(pointsToReverse(0, 50)).toBe(0);
  });
});
