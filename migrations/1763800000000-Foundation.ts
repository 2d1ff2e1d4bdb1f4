import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Businesses and keys, catalog and stock, customers, sales, loyalty, invoices, finance, the event
 * outbox and idempotency records. Every business table carries business_id and every unique index
 * leads with it. High-volume tables (sale items, movements, loyalty transactions, finance, outbox)
 * have no foreign key to `businesses`: each insert would take a key-share lock on that one row,
 * measured as a contention point of parallel orders; their parent row already carries the business.
 */
export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE businesses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        name text NOT NULL,
        currency char(3) NOT NULL DEFAULT 'USD',
        timezone text NOT NULL DEFAULT 'UTC',
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL REFERENCES businesses(id),
        key_hash char(64) NOT NULL,
        key_prefix text NOT NULL,
        revoked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX api_keys_key_hash_uq ON api_keys (key_hash);
      CREATE INDEX api_keys_business_idx ON api_keys (business_id);

      -- Gapless per-business numbers (sale, invoice, sku): one row per (business, counter).
      CREATE TABLE business_counters (
        business_id uuid NOT NULL REFERENCES businesses(id),
        name text NOT NULL,
        value bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (business_id, name)
      );

      CREATE TABLE categories (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL REFERENCES businesses(id),
        name text NOT NULL,
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX categories_business_name_uq ON categories (business_id, lower(name));

      CREATE TABLE warehouses (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL REFERENCES businesses(id),
        name text NOT NULL,
        address text,
        is_default boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX warehouses_business_idx ON warehouses (business_id, name);
      CREATE UNIQUE INDEX warehouses_one_default_uq ON warehouses (business_id) WHERE is_default;

      CREATE TABLE products (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL REFERENCES businesses(id),
        category_id uuid REFERENCES categories(id),
        name text NOT NULL,
        sku text NOT NULL,
        price numeric(14,2) NOT NULL CHECK (price >= 0),
        cost_price numeric(14,2) CHECK (cost_price >= 0),
        unit text NOT NULL DEFAULT 'unit',
        description text,
        barcode text,
        min_stock numeric(14,3) NOT NULL DEFAULT 0 CHECK (min_stock >= 0),
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX products_business_sku_uq ON products (business_id, sku);
      CREATE INDEX products_business_name_idx ON products (business_id, is_active, name);
      CREATE INDEX products_business_category_idx ON products (business_id, category_id);

      CREATE TABLE stock_levels (
        business_id uuid NOT NULL,
        warehouse_id uuid NOT NULL REFERENCES warehouses(id),
        product_id uuid NOT NULL REFERENCES products(id),
        quantity numeric(14,3) NOT NULL DEFAULT 0 CHECK (quantity >= 0),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, warehouse_id, product_id)
      );
      CREATE INDEX stock_levels_product_idx ON stock_levels (business_id, product_id);

      CREATE TABLE stock_movements (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        product_id uuid NOT NULL,
        warehouse_id uuid NOT NULL,
        type text NOT NULL,
        quantity numeric(14,3) NOT NULL,
        quantity_after numeric(14,3) NOT NULL,
        reason text,
        note text,
        sale_id uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX stock_movements_business_created_idx ON stock_movements (business_id, created_at DESC);
      CREATE INDEX stock_movements_product_idx ON stock_movements (business_id, product_id, created_at DESC);
      CREATE INDEX stock_movements_sale_idx ON stock_movements (business_id, sale_id) WHERE sale_id IS NOT NULL;

      CREATE TABLE customers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL REFERENCES businesses(id),
        name text,
        email text,
        email_normalized text,
        phone text,
        phone_normalized text,
        notes text,
        total_spent numeric(14,2) NOT NULL DEFAULT 0,
        total_orders integer NOT NULL DEFAULT 0,
        last_purchase_date timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX customers_business_email_uq ON customers (business_id, email_normalized) WHERE email_normalized IS NOT NULL;
      CREATE UNIQUE INDEX customers_business_phone_uq ON customers (business_id, phone_normalized) WHERE phone_normalized IS NOT NULL;
      CREATE INDEX customers_business_created_idx ON customers (business_id, created_at DESC);

      CREATE TABLE sales (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        number bigint NOT NULL,
        sale_number text NOT NULL,
        customer_id uuid,
        warehouse_id uuid NOT NULL,
        status text NOT NULL,
        payment_status text NOT NULL,
        payment_method text NOT NULL,
        currency char(3) NOT NULL,
        subtotal numeric(14,2) NOT NULL,
        tax_amount numeric(14,2) NOT NULL,
        shipping_amount numeric(14,2) NOT NULL,
        discount_amount numeric(14,2) NOT NULL,
        total numeric(14,2) NOT NULL,
        loyalty_points_earned integer NOT NULL DEFAULT 0,
        loyalty_transaction_id uuid,
        notes text,
        cancelled_at timestamptz,
        cancel_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX sales_business_number_uq ON sales (business_id, number);
      CREATE INDEX sales_business_created_idx ON sales (business_id, created_at DESC);
      CREATE INDEX sales_business_customer_idx ON sales (business_id, customer_id, created_at DESC);
      CREATE INDEX sales_business_status_idx ON sales (business_id, status, created_at DESC);

      CREATE TABLE sale_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        sale_id uuid NOT NULL,
        line_no integer NOT NULL,
        product_id uuid NOT NULL,
        product_name text NOT NULL,
        sku text NOT NULL,
        quantity numeric(14,3) NOT NULL,
        unit_price numeric(14,2) NOT NULL,
        discount numeric(14,2) NOT NULL,
        total numeric(14,2) NOT NULL
      );
      CREATE INDEX sale_items_sale_idx ON sale_items (business_id, sale_id, line_no);
      CREATE INDEX sale_items_product_idx ON sale_items (business_id, product_id);

      CREATE TABLE loyalty_accounts (
        business_id uuid NOT NULL,
        customer_id uuid NOT NULL,
        balance integer NOT NULL DEFAULT 0 CHECK (balance >= 0),
        lifetime_earned integer NOT NULL DEFAULT 0,
        lifetime_redeemed integer NOT NULL DEFAULT 0,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, customer_id)
      );

      CREATE TABLE loyalty_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        customer_id uuid NOT NULL,
        type text NOT NULL,
        points integer NOT NULL,
        sale_id uuid,
        description text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      CREATE INDEX loyalty_transactions_customer_idx ON loyalty_transactions (business_id, customer_id, created_at DESC);

      CREATE TABLE invoices (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        number bigint NOT NULL,
        invoice_number text NOT NULL,
        customer_id uuid,
        sale_id uuid,
        status text NOT NULL,
        currency char(3) NOT NULL,
        subtotal numeric(14,2) NOT NULL,
        tax_amount numeric(14,2) NOT NULL,
        total numeric(14,2) NOT NULL,
        due_date date NOT NULL,
        paid_date date,
        notes text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX invoices_business_number_uq ON invoices (business_id, number);
      CREATE INDEX invoices_business_created_idx ON invoices (business_id, created_at DESC);
      CREATE INDEX invoices_business_status_idx ON invoices (business_id, status, created_at DESC);
      CREATE INDEX invoices_business_customer_idx ON invoices (business_id, customer_id, created_at DESC);
      CREATE INDEX invoices_business_sale_idx ON invoices (business_id, sale_id) WHERE sale_id IS NOT NULL;

      CREATE TABLE invoice_items (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        invoice_id uuid NOT NULL,
        line_no integer NOT NULL,
        product_id uuid NOT NULL,
        product_name text NOT NULL,
        quantity numeric(14,3) NOT NULL,
        unit_price numeric(14,2) NOT NULL,
        total numeric(14,2) NOT NULL
      );
      CREATE INDEX invoice_items_invoice_idx ON invoice_items (business_id, invoice_id, line_no);

      CREATE TABLE finance_transactions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        type text NOT NULL,
        category text NOT NULL,
        amount numeric(14,2) NOT NULL CHECK (amount >= 0),
        description text,
        sale_id uuid,
        invoice_id uuid,
        reference_id uuid,
        occurred_on date NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX finance_transactions_business_created_idx ON finance_transactions (business_id, created_at DESC);
      CREATE INDEX finance_transactions_business_type_idx ON finance_transactions (business_id, type, created_at DESC);

      -- Transactional outbox: written with the work that caused the event, delivered after commit.
      CREATE TABLE outbox_events (
        seq bigserial PRIMARY KEY,
        id uuid NOT NULL UNIQUE,
        business_id uuid NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        dispatched_at timestamptz
      );
      CREATE INDEX outbox_events_business_seq_idx ON outbox_events (business_id, seq);
      CREATE INDEX outbox_events_pending_idx ON outbox_events (seq) WHERE dispatched_at IS NULL;

      CREATE TABLE idempotency_keys (
        business_id uuid NOT NULL,
        key text NOT NULL,
        method text NOT NULL,
        path text NOT NULL,
        request_hash char(64) NOT NULL,
        status text NOT NULL,
        response_status integer,
        response_body jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (business_id, key)
      );
      CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE IF EXISTS idempotency_keys, outbox_events, finance_transactions, invoice_items, invoices,
        loyalty_transactions, loyalty_accounts, sale_items, sales, customers, stock_movements, stock_levels,
        products, warehouses, categories, business_counters, api_keys, businesses;
    `);
  }
}
