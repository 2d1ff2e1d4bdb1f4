import { DomainError } from '../../common/errors/domain-error';
import { MAX_QUANTITY, quantityNumber, quantityString } from '../../common/money/money';

/** A level that a movement would take past MAX_QUANTITY, the most a stock level holds (numeric(14,3)). */
export interface LevelOverLimit {
  productId: string;
  warehouseId: string;
  /** what would have entered the level (exact decimal string) */
  quantity: string;
}

/**
 * 422 STOCK_LIMIT (docs/api.md 3) naming every level a movement would take past the limit: one limit,
 * MAX_QUANTITY, shared with the quantity validators, adjustments and the stock-entry statement.
 */
export function stockLimitError(levels: LevelOverLimit[]): DomainError {
  return new DomainError(
    'STOCK_LIMIT',
    `A stock level of a product in a warehouse is at most ${quantityString(MAX_QUANTITY)}`,
    levels.map((l) => ({ product_id: l.productId, warehouse_id: l.warehouseId, quantity: quantityNumber(l.quantity), limit: MAX_QUANTITY })),
  );
}
