import { PageRequest } from '../../common/pagination/pagination';
import { SqlRunner } from '../../database/sql-runner';
import { containsPattern } from './like-pattern';

export interface ProductRow {
  id: string;
  name: string;
  sku: string;
  price: string;
  cost_price: string | null;
  unit: string;
  description: string | null;
  barcode: string | null;
  min_stock: string;
  is_active: boolean;
  category_id: string | null;
  category_name: string | null;
  created_at: Date;
  updated_at: Date;
}

export interface StockCell {
  product_id: string;
  warehouse_id: string;
  warehouse_name: string;
  quantity: string;
}

export interface ProductFilter {
  search?: string;
  categoryId?: string;
  inStock?: boolean;
  isActive: boolean;
}

const PRODUCT_COLUMNS = `
  p.id, p.name, p.sku, p.price, p.cost_price, p.unit, p.description, p.barcode, p.min_stock, p.is_active,
  p.category_id, c.name AS category_name, p.created_at, p.updated_at`;

const FROM_PRODUCTS = `
  FROM products p LEFT JOIN categories c ON c.id = p.category_id AND c.business_id = p.business_id`;

const HAS_STOCK = `EXISTS (SELECT 1 FROM stock_levels s WHERE s.business_id = p.business_id AND s.product_id = p.id AND s.quantity > 0)`;

/** A product's rows, with the stock it holds in every warehouse of the business (zero where none). */
export async function findProduct(db: SqlRunner, businessId: string, id: string): Promise<{ row: ProductRow; stock: StockCell[] } | undefined> {
  const rows: ProductRow[] = await db.query(`SELECT ${PRODUCT_COLUMNS} ${FROM_PRODUCTS} WHERE p.business_id = $1 AND p.id = $2`, [businessId, id]);
  if (rows.length === 0) return undefined;
  return { row: rows[0], stock: await stockOf(db, businessId, [id]) };
}

/** One page of products sorted by name, and the filtered total (window count: one query). */
export async function findProductPage(
  db: SqlRunner,
  businessId: string,
  filter: ProductFilter,
  page: PageRequest,
): Promise<{ rows: ProductRow[]; total: number }> {
  const params: unknown[] = [businessId, filter.isActive];
  const where = ['p.business_id = $1', 'p.is_active = $2'];
  if (filter.search) {
    params.push(containsPattern(filter.search));
    where.push(`p.name ILIKE $${params.length}`);
  }
  if (filter.categoryId) {
    params.push(filter.categoryId);
    where.push(`p.category_id = $${params.length}`);
  }
  if (filter.inStock !== undefined) where.push(filter.inStock ? HAS_STOCK : `NOT ${HAS_STOCK}`);
  const conditions = where.join(' AND ');
  params.push(page.limit, page.offset);
  const rows: (ProductRow & { total: string })[] = await db.query(
    `SELECT ${PRODUCT_COLUMNS}, count(*) OVER () AS total ${FROM_PRODUCTS}
      WHERE ${conditions}
      ORDER BY lower(p.name), p.name, p.id
      LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  if (rows.length > 0) return { rows, total: Number(rows[0].total) };
  if (page.offset === 0) return { rows, total: 0 };
  // past the last page: the window count has no row to ride on
  const [count] = await db.query(`SELECT count(*)::int AS n ${FROM_PRODUCTS} WHERE ${conditions}`, params.slice(0, -2));
  return { rows, total: count.n };
}

/** Stock of the given products in every warehouse of the business, default warehouse first, then by name. */
export async function stockOf(db: SqlRunner, businessId: string, productIds: string[]): Promise<StockCell[]> {
  if (productIds.length === 0) return [];
  return db.query(
    `SELECT x.product_id, w.id AS warehouse_id, w.name AS warehouse_name, COALESCE(s.quantity, 0) AS quantity
       FROM unnest($2::uuid[]) AS x(product_id)
       CROSS JOIN warehouses w
       LEFT JOIN stock_levels s ON s.business_id = $1 AND s.warehouse_id = w.id AND s.product_id = x.product_id
      WHERE w.business_id = $1
      ORDER BY w.is_default DESC, lower(w.name), w.id`,
    [businessId, productIds],
  );
}
