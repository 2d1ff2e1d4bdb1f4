import Decimal from 'decimal.js';

export interface LevelChange {
  before: Decimal;
  after: Decimal;
  minStock: Decimal;
}

/**
 * `stock.low` when a product's total stock crosses below min_stock (it was at or
 * above it, now it is below), `stock.out` when the total reaches 0 from above.
 */
export function detectLevelCrossing({ before, after, minStock }: LevelChange): { low: boolean; out: boolean } {
  return {
    low: before.gte(minStock) && after.lt(minStock),
    out: before.gt(0) && after.lte(0),
  };
}
