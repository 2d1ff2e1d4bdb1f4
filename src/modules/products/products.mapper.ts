import { groupBy } from '../../common/collections/group-by';
import { dec, moneyNumber, quantityNumber } from '../../common/money/money';
import { ProductRow, StockCell } from './product.reader';

export interface ProductJson {
  id: string;
  name: string;
  sku: string;
  price: number;
  cost_price: number | null;
  unit: string;
  description: string | null;
  barcode: string | null;
  is_active: boolean;
  category: { id: string; name: string } | null;
  stock: number;
  stock_by_warehouse: { warehouse_id: string; warehouse_name: string; quantity: number }[];
  min_stock: number;
  created_at: string;
  updated_at: string;
}

/** SPEC.md 2.6 plus min_stock; `stock` is the exact sum of the warehouse quantities. */
export function toProductJson(row: ProductRow, stock: StockCell[]): ProductJson {
  const own = stock.filter((s) => s.product_id === row.id);
  const total = own.reduce((acc, s) => acc.plus(s.quantity), dec(0));
  return {
    id: row.id,
    name: row.name,
    sku: row.sku,
    price: moneyNumber(row.price),
    cost_price: row.cost_price === null ? null : moneyNumber(row.cost_price),
    unit: row.unit,
    description: row.description,
    barcode: row.barcode,
    is_active: row.is_active,
    category: row.category_id && row.category_name !== null ? { id: row.category_id, name: row.category_name } : null,
    stock: quantityNumber(total),
    stock_by_warehouse: own.map((s) => ({
      warehouse_id: s.warehouse_id,
      warehouse_name: s.warehouse_name,
      quantity: quantityNumber(s.quantity),
    })),
    min_stock: quantityNumber(row.min_stock),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

/** A page's products with their stock, grouped once rather than filtered per product. */
export function toProductJsonList(rows: ProductRow[], stock: StockCell[]): ProductJson[] {
  const byProduct = groupBy(stock, (cell) => cell.product_id);
  return rows.map((row) => toProductJson(row, byProduct.get(row.id) ?? []));
}
