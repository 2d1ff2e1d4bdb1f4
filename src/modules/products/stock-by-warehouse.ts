import { WarehouseStockTuple } from './persistence/product-stock.sql';

/** What a product holds in one warehouse of its business (zero where it has no stock row). */
export interface WarehouseStock {
  warehouseId: string;
  warehouseName: string;
  /** exact decimal string */
  quantity: string;
}

/** A product's stock as its row carries it (productStockColumns), in the order read. */
export function warehouseStockOf(tuples: WarehouseStockTuple[] | null): WarehouseStock[] {
  return (tuples ?? []).map(([warehouseId, warehouseName, quantity]) => ({ warehouseId, warehouseName, quantity }));
}
