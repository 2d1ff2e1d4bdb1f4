import { selectEntityColumns } from '../../../database/entity-columns';
import { defineStatement } from '../../../database/statement';
import { Product } from '../entities/product.entity';
import { ProductFields } from '../products.mapper';
import { ProductStockColumns, productStockColumns } from './product-stock.sql';

/** A row of a page: a product as GET /products shows it with its stock, and the page's total. */
export type ProductPageRow = Omit<ProductFields, 'id'> &
  ProductStockColumns & {
    total_count: number;
    /** null on the one row of an empty page */
    id: string | null;
  };

/**
 * GET /products without a search, category or stock filter (the usual first page), prepared: one
 * page of business $1's products with is_active $2, by lower(name), name, id (the order of
 * products_business_list_order_idx), LIMIT $3 OFFSET $4, each row with the total (one row of nulls
 * but the total when the page is empty; past the last page the products are counted, not walked
 * again to OFFSET), and each product's stock (productStockColumns). Its product columns are every
 * column of the Product entity under its property name (selectEntityColumns, from the entity's
 * metadata): a column added to the entity is read here without editing this text, and
 * test/entity-reads.e2e-spec.ts checks the rows carry every one. The entity query builds, plans
 * and maps the same page for every request: measured, this one took GET /products?page=1 from
 * 325-342 to 507-517 req/s (BENCHMARKS.md).
 * Run on its generic plan (runPageOnGenericPlan), for the reason readLatestSalePage is (0.24 ms
 * of planning a page); checked at 200,000 products: the page walks products_business_list_order_idx
 * on either plan, and the total is counted over the business's products either way.
 */
export const readProductPage = defineStatement<[businessId: string, isActive: boolean, limit: number, offset: number], ProductPageRow>(
  'products.page',
  `SELECT c.total_count, p.*, ${productStockColumns('p.id')} FROM (
     SELECT count(*)::int AS total_count FROM products WHERE business_id = $1 AND is_active = $2
   ) c
   LEFT JOIN LATERAL (
     SELECT ${selectEntityColumns(Product, 'p')},
            CASE WHEN cat.id IS NULL THEN NULL ELSE json_build_object('id', cat.id, 'name', cat.name) END AS category,
            lower(p.name) AS sort_name
       FROM products p
       LEFT JOIN categories cat ON cat.id = p.category_id AND cat.business_id = p.business_id
      WHERE p.business_id = $1 AND p.is_active = $2 AND $4 < c.total_count
      ORDER BY lower(p.name), p.name, p.id
      LIMIT $3 OFFSET $4
   ) p ON true
   ORDER BY p.sort_name, p.name, p.id`,
);
