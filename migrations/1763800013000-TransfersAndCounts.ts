import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Stock transfers and counts (docs/api.md 14): transfers with their lines (what was shipped, received
 * and lost, never more than shipped), the ledger position where a transfer closed (`closed_seq`, for
 * the average-cost replay: losses leave the on-hand stock there), counts with their lines, the transfer
 * or count a movement came from, products' reorder_quantity, receipt lines by product (a reorder
 * suggestion's last receipt), and the two new counters for every existing business.
 */
export class TransfersAndCounts1763800013000 implements MigrationInterface {
  name = 'TransfersAndCounts1763800013000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE transfers (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        number bigint NOT NULL,
        transfer_number text NOT NULL,
        from_warehouse_id uuid NOT NULL,
        to_warehouse_id uuid NOT NULL,
        status text NOT NULL,
        notes text,
        closed_seq bigint,
        created_at timestamptz NOT NULL DEFAULT now(),
        received_at timestamptz,
        cancelled_at timestamptz,
        CONSTRAINT transfers_pkey PRIMARY KEY (id),
        CONSTRAINT transfers_warehouses_check CHECK (from_warehouse_id <> to_warehouse_id)
      );
      CREATE UNIQUE INDEX transfers_business_number_uq ON transfers (business_id, number);
      CREATE INDEX transfers_business_created_idx ON transfers (business_id, created_at);
      CREATE INDEX transfers_in_transit_idx ON transfers (business_id) WHERE status = 'in_transit';

      CREATE TABLE transfer_items (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        transfer_id uuid NOT NULL,
        line_no integer NOT NULL,
        product_id uuid NOT NULL,
        quantity numeric(14,3) NOT NULL,
        received_quantity numeric(14,3) NOT NULL DEFAULT '0',
        lost_quantity numeric(14,3) NOT NULL DEFAULT '0',
        CONSTRAINT transfer_items_pkey PRIMARY KEY (id),
        CONSTRAINT transfer_items_quantities_check
          CHECK (quantity > 0 AND received_quantity >= 0 AND lost_quantity >= 0 AND received_quantity + lost_quantity <= quantity)
      );
      CREATE INDEX transfer_items_transfer_idx ON transfer_items (business_id, transfer_id, line_no);

      CREATE TABLE stock_counts (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        number bigint NOT NULL,
        count_number text NOT NULL,
        warehouse_id uuid NOT NULL,
        note text,
        created_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT stock_counts_pkey PRIMARY KEY (id)
      );
      CREATE UNIQUE INDEX stock_counts_business_number_uq ON stock_counts (business_id, number);

      CREATE TABLE stock_count_items (
        id uuid NOT NULL DEFAULT gen_random_uuid(),
        business_id uuid NOT NULL,
        count_id uuid NOT NULL,
        line_no integer NOT NULL,
        product_id uuid NOT NULL,
        expected_quantity numeric(14,3) NOT NULL,
        counted_quantity numeric(14,3) NOT NULL,
        difference numeric(15,3) NOT NULL,
        CONSTRAINT stock_count_items_pkey PRIMARY KEY (id),
        CONSTRAINT stock_count_items_quantities_check
          CHECK (counted_quantity >= 0 AND expected_quantity >= 0 AND difference = counted_quantity - expected_quantity)
      );
      CREATE INDEX stock_count_items_count_idx ON stock_count_items (business_id, count_id, line_no);

      ALTER TABLE stock_movements ADD transfer_id uuid, ADD count_id uuid;
      CREATE INDEX receipt_items_product_idx ON receipt_items (business_id, product_id);
      ALTER TABLE products ADD reorder_quantity numeric(14,3) NOT NULL DEFAULT '0',
        ADD CONSTRAINT products_reorder_quantity_check CHECK (reorder_quantity >= 0);

      INSERT INTO business_counters (business_id, name)
      SELECT id, n FROM businesses, unnest(ARRAY['transfer', 'stock_count']) n ON CONFLICT DO NOTHING;
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DELETE FROM business_counters WHERE name IN ('transfer', 'stock_count');
      ALTER TABLE products DROP CONSTRAINT products_reorder_quantity_check, DROP COLUMN reorder_quantity;
      DROP INDEX receipt_items_product_idx;
      ALTER TABLE stock_movements DROP COLUMN transfer_id, DROP COLUMN count_id;
      DROP TABLE stock_count_items;
      DROP TABLE stock_counts;
      DROP TABLE transfer_items;
      DROP TABLE transfers;
    `);
  }
}
