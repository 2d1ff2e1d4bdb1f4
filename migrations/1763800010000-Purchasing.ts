import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Suppliers, purchase orders and goods receipts (docs/api.md 13): supplier names unique per business
 * case-insensitively (like categories), purchase orders with their lines, received quantities never
 * above ordered and payments never above the total (CHECKs), receipts and their lines, the receipt a
 * `receipt` stock movement came from, and the two new counters for every existing business.
 */
export class Purchasing1763800010000 implements MigrationInterface {
  name = 'Purchasing1763800010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE suppliers (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        name text NOT NULL,
        email text,
        phone text,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT suppliers_pkey PRIMARY KEY (id),
        CONSTRAINT suppliers_business_id_fkey FOREIGN KEY (business_id) REFERENCES businesses (id)
      );
      CREATE UNIQUE INDEX suppliers_business_name_uq ON suppliers (business_id, lower(name));

      CREATE TABLE purchase_orders (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        number bigint NOT NULL,
        purchase_order_number text NOT NULL,
        supplier_id uuid NOT NULL,
        warehouse_id uuid NOT NULL,
        status text NOT NULL,
        expected_date date,
        notes text,
        total numeric(14,2) NOT NULL,
        paid_amount numeric(14,2) NOT NULL DEFAULT '0',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT purchase_orders_pkey PRIMARY KEY (id),
        CONSTRAINT purchase_orders_paid_amount_check CHECK (paid_amount >= 0 AND paid_amount <= total)
      );
      CREATE UNIQUE INDEX purchase_orders_business_number_uq ON purchase_orders (business_id, number);
      CREATE INDEX purchase_orders_business_created_idx ON purchase_orders (business_id, created_at);
      CREATE INDEX purchase_orders_business_supplier_idx ON purchase_orders (business_id, supplier_id);

      CREATE TABLE purchase_order_items (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        purchase_order_id uuid NOT NULL,
        line_no integer NOT NULL,
        product_id uuid NOT NULL,
        quantity numeric(14,3) NOT NULL,
        unit_cost numeric(18,4) NOT NULL,
        total numeric(14,2) NOT NULL,
        received_quantity numeric(14,3) NOT NULL DEFAULT '0',
        CONSTRAINT purchase_order_items_pkey PRIMARY KEY (id),
        CONSTRAINT purchase_order_items_received_quantity_check CHECK (received_quantity >= 0 AND received_quantity <= quantity),
        CONSTRAINT purchase_order_items_unit_cost_check CHECK (unit_cost >= 0)
      );
      CREATE INDEX purchase_order_items_order_idx ON purchase_order_items (business_id, purchase_order_id, line_no);

      CREATE TABLE receipts (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        number bigint NOT NULL,
        receipt_number text NOT NULL,
        purchase_order_id uuid NOT NULL,
        warehouse_id uuid NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT receipts_pkey PRIMARY KEY (id)
      );
      CREATE UNIQUE INDEX receipts_business_number_uq ON receipts (business_id, number);
      CREATE INDEX receipts_business_order_idx ON receipts (business_id, purchase_order_id);

      CREATE TABLE receipt_items (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        receipt_id uuid NOT NULL,
        line_no integer NOT NULL,
        purchase_order_item_id uuid NOT NULL,
        product_id uuid NOT NULL,
        quantity numeric(14,3) NOT NULL,
        unit_cost numeric(18,4) NOT NULL,
        CONSTRAINT receipt_items_pkey PRIMARY KEY (id),
        CONSTRAINT receipt_items_quantity_check CHECK (quantity > 0)
      );
      CREATE INDEX receipt_items_receipt_idx ON receipt_items (business_id, receipt_id, line_no);

      ALTER TABLE stock_movements ADD receipt_id uuid;

      INSERT INTO business_counters (business_id, name)
      SELECT id, n FROM businesses, unnest(ARRAY['purchase_order', 'receipt']) n ON CONFLICT DO NOTHING;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM business_counters WHERE name IN ('purchase_order', 'receipt');
      ALTER TABLE stock_movements DROP COLUMN receipt_id;
      DROP TABLE receipt_items;
      DROP TABLE receipts;
      DROP TABLE purchase_order_items;
      DROP TABLE purchase_orders;
      DROP TABLE suppliers;
    `);
  }
}
