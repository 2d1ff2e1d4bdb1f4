/**
 * What a level-crossing check needs of a product whose stock changed: the row every stock statement
 * (taken, entered, adjusted, counted) returns per product. In a file of its own so that those
 * statements share it without importing one another.
 */
export interface LevelRow {
  product_id: string;
  name: string;
  sku: string;
  min_stock: string;
  total_after: string;
  delta: string;
}
