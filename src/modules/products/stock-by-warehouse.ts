/** What a product holds in one warehouse of its business (zero where it has no stock row). */
export interface WarehouseStock {
  warehouseId: string;
  warehouseName: string;
  /** exact decimal string */
  quantity: string;
}

/** A warehouse of the business, with the stock row of one of the products when there is one. */
export interface StockCell {
  warehouseId: string;
  warehouseName: string;
  productId: string | null;
  quantity: string | null;
}

/**
 * Every product's quantity in every warehouse of the cells, in the order the warehouses first appear,
 * '0' where the product has no stock row there.
 */
export function stockByProduct(productIds: string[], cells: StockCell[]): Map<string, WarehouseStock[]> {
  const warehouses = new Map<string, string>();
  const quantities = new Map<string, string>();
  for (const cell of cells) {
    warehouses.set(cell.warehouseId, cell.warehouseName);
    if (cell.productId !== null && cell.quantity !== null) quantities.set(`${cell.productId}/${cell.warehouseId}`, cell.quantity);
  }
  const stockOf = (productId: string): WarehouseStock[] =>
    [...warehouses].map(([warehouseId, warehouseName]) => ({ warehouseId, warehouseName, quantity: quantities.get(`${productId}/${warehouseId}`) ?? '0' }));
  return new Map(productIds.map((id) => [id, stockOf(id)]));
}
