import Decimal from 'decimal.js';
import { detectLevelCrossing } from './stock-level-crossing';

const change = (before: number, after: number, minStock: number) =>
  detectLevelCrossing({ before: new Decimal(before), after: new Decimal(after), minStock: new Decimal(minStock) });

describe('detectLevelCrossing', () => {
  it('fires low only when crossing below min_stock', () => {
    expect(change(10, 4, 5)).toEqual({ low: true, out: false });
    expect(change(5, 4, 5)).toEqual({ low: true, out: false });
    expect(change(4, 3, 5)).toEqual({ low: false, out: false });
    expect(change(10, 5, 5)).toEqual({ low: false, out: false });
  });

  it('fires out when reaching zero from above', () => {
    expect(change(2, 0, 0)).toEqual({ low: false, out: true });
    expect(change(2, 0, 1)).toEqual({ low: true, out: true });
    expect(change(6, 0, 5)).toEqual({ low: true, out: true });
    expect(change(0, 0, 0)).toEqual({ low: false, out: false });
  });

  it('never fires on an increase', () => {
    expect(change(0, 10, 5)).toEqual({ low: false, out: false });
    expect(change(3, 4, 5)).toEqual({ low: false, out: false });
  });
});
