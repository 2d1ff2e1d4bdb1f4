import { defineStatement } from '../../../database/statement';

/** A product as an import compares it: the writable fields, as stored. */
export interface ProductTargetRow {
  id: string;
  sku: string;
  name: string;
  price: string;
  cost_price: string | null;
  unit: string;
  description: string | null;
  barcode: string | null;
  is_active: boolean;
  min_stock: string;
  reorder_quantity: string;
  category_name: string | null;
}

const PRODUCT_TARGETS = `SELECT p.id, p.sku, p.name, p.price, p.cost_price, p.unit, p.description, p.barcode, p.is_active,
          p.min_stock, p.reorder_quantity, c.name AS category_name
     FROM products p
     LEFT JOIN categories c ON c.business_id = p.business_id AND c.id = p.category_id
    WHERE p.business_id = $1 AND p.sku = ANY($2::text[])`;

/** The products of business $1 whose SKU is one of $2 (a validation's preview). */
export const productsBySku = defineStatement<[businessId: string, skus: string[]], ProductTargetRow>('imports.productsBySku', PRODUCT_TARGETS, {
  plannedPerRun: true,
});

/** The same, their rows locked until the apply's chunk commits (a concurrent edit waits, then is seen). */
export const productsBySkuForUpdate = defineStatement<[businessId: string, skus: string[]], ProductTargetRow>(
  'imports.productsBySkuForUpdate',
  `${PRODUCT_TARGETS} FOR UPDATE OF p`,
  { plannedPerRun: true },
);

/** Categories of business $1 by lower-cased name ($2), the key of their unique index. */
export const categoriesByName = defineStatement<[businessId: string, lowerNames: string[]], { id: string; name: string }>(
  'imports.categoriesByName',
  `SELECT id, name FROM categories WHERE business_id = $1 AND lower(name) = ANY($2::text[])`,
  { plannedPerRun: true },
);

/** Categories $2 of business $1 created where missing (a name taken in any letter case is left). */
export const insertCategories = defineStatement<[businessId: string, names: string[]], { id: string }>(
  'imports.insertCategories',
  `INSERT INTO categories (business_id, name) SELECT $1, n FROM unnest($2::text[]) AS n ON CONFLICT DO NOTHING RETURNING id`,
);

/**
 * New products of business $1 from $2 (a JSON array of their fields; absent ones take the columns'
 * defaults, the average cost starts at the cost price); a SKU taken meanwhile is skipped (not
 * returned), and the caller redoes its chunk.
 */
export const insertProducts = defineStatement<[businessId: string, rows: string], { id: string; sku: string }>(
  'imports.insertProducts',
  `INSERT INTO products (business_id, sku, name, price, cost_price, unit, description, barcode, is_active, category_id,
                         min_stock, reorder_quantity, average_cost, opening_cost)
   SELECT $1, r.sku, r.name, r.price, r.cost_price, COALESCE(r.unit, 'unit'), r.description, r.barcode, COALESCE(r.is_active, true),
          r.category_id, COALESCE(r.min_stock, 0), COALESCE(r.reorder_quantity, 0), COALESCE(r.cost_price, 0), COALESCE(r.cost_price, 0)
     FROM jsonb_to_recordset($2::jsonb) AS r(sku text, name text, price numeric, cost_price numeric, unit text, description text,
                                             barcode text, is_active boolean, category_id uuid, min_stock numeric, reorder_quantity numeric)
   ON CONFLICT (business_id, sku) DO NOTHING
   RETURNING id, sku`,
);

/** Products of business $1 changed by $2 (a JSON array: id and the fields given; an absent field keeps its value). */
export const updateProducts = defineStatement<[businessId: string, rows: string], { id: string }>(
  'imports.updateProducts',
  `UPDATE products p
      SET name = COALESCE(r.name, p.name), price = COALESCE(r.price, p.price), cost_price = COALESCE(r.cost_price, p.cost_price),
          unit = COALESCE(r.unit, p.unit), description = COALESCE(r.description, p.description), barcode = COALESCE(r.barcode, p.barcode),
          is_active = COALESCE(r.is_active, p.is_active), category_id = COALESCE(r.category_id, p.category_id),
          min_stock = COALESCE(r.min_stock, p.min_stock), reorder_quantity = COALESCE(r.reorder_quantity, p.reorder_quantity),
          updated_at = now()
     FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, name text, price numeric, cost_price numeric, unit text, description text,
                                             barcode text, is_active boolean, category_id uuid, min_stock numeric, reorder_quantity numeric)
    WHERE p.business_id = $1 AND p.id = r.id
   RETURNING p.id`,
  { plannedPerRun: true },
);

/** A customer as an import compares it. */
export interface CustomerTargetRow {
  id: string;
  name: string | null;
  email: string | null;
  email_normalized: string | null;
  phone: string | null;
  phone_normalized: string | null;
  notes: string | null;
}

const CUSTOMER_TARGETS = `SELECT id, name, email, email_normalized, phone, phone_normalized, notes
     FROM customers
    WHERE business_id = $1 AND (email_normalized = ANY($2::text[]) OR phone_normalized = ANY($3::text[]))`;

/** The customers of business $1 with one of the normalised emails $2 or phones $3. */
export const customersByIdentity = defineStatement<[businessId: string, emails: string[], phones: string[]], CustomerTargetRow>(
  'imports.customersByIdentity',
  CUSTOMER_TARGETS,
  { plannedPerRun: true },
);

/** The same, their rows locked until the apply's chunk commits. */
export const customersByIdentityForUpdate = defineStatement<[businessId: string, emails: string[], phones: string[]], CustomerTargetRow>(
  'imports.customersByIdentityForUpdate',
  `${CUSTOMER_TARGETS} FOR UPDATE`,
  { plannedPerRun: true },
);

/** New customers of business $1 from $2; an email or phone taken meanwhile is skipped (not returned), and the caller redoes its chunk. */
export const insertCustomers = defineStatement<[businessId: string, rows: string], CustomerTargetRow>(
  'imports.insertCustomers',
  `INSERT INTO customers (business_id, name, email, email_normalized, phone, phone_normalized, notes)
   SELECT $1, r.name, r.email, r.email_normalized, r.phone, r.phone_normalized, r.notes
     FROM jsonb_to_recordset($2::jsonb) AS r(name text, email text, email_normalized text, phone text, phone_normalized text, notes text)
   ON CONFLICT DO NOTHING
   RETURNING id, name, email, email_normalized, phone, phone_normalized, notes`,
);

/** Customers of business $1 changed by $2 (id and the fields given; an absent field keeps its value). */
export const updateCustomers = defineStatement<[businessId: string, rows: string], { id: string }>(
  'imports.updateCustomers',
  `UPDATE customers c
      SET name = COALESCE(r.name, c.name), email = COALESCE(r.email, c.email), email_normalized = COALESCE(r.email_normalized, c.email_normalized),
          phone = COALESCE(r.phone, c.phone), phone_normalized = COALESCE(r.phone_normalized, c.phone_normalized),
          notes = COALESCE(r.notes, c.notes), updated_at = now()
     FROM jsonb_to_recordset($2::jsonb) AS r(id uuid, name text, email text, email_normalized text, phone text, phone_normalized text, notes text)
    WHERE c.business_id = $1 AND c.id = r.id
   RETURNING c.id`,
  { plannedPerRun: true },
);

/** Products of business $1 by SKU ($2), for stock rows: the id. */
export const productIdsBySku = defineStatement<[businessId: string, skus: string[]], { id: string; sku: string }>(
  'imports.productIdsBySku',
  `SELECT id, sku FROM products WHERE business_id = $1 AND sku = ANY($2::text[])`,
  { plannedPerRun: true },
);

/** The stock levels of business $1 of products $2 (all their warehouses). */
export const levelsOfProducts = defineStatement<[businessId: string, productIds: string[]], { product_id: string; warehouse_id: string; quantity: string }>(
  'imports.levelsOfProducts',
  `SELECT product_id, warehouse_id, quantity FROM stock_levels WHERE business_id = $1 AND product_id = ANY($2::uuid[])`,
  { plannedPerRun: true },
);

/** Every warehouse of business $1 (a business has few). */
export const warehousesOf = defineStatement<[businessId: string], { id: string; name: string }>(
  'imports.warehousesOf',
  `SELECT id, name FROM warehouses WHERE business_id = $1`,
);
