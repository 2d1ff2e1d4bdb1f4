import { MigrationInterface, QueryRunner } from 'typeorm';
import { distributeSchema, hasCitus } from '../src/database/citus';

/**
 * The schema that distributes by business (issue 46, docs/scale-out.md): `business_id` leads
 * every primary key and unique constraint of a tenant table, and every foreign key between tenant
 * tables names `business_id` on both sides, as Citus requires of a distributed table; then, only when
 * the `citus` extension is present, the reference tables are replicated and every tenant table is
 * distributed on `business_id` in one co-location group (src/database/citus.ts). On a plain
 * PostgreSQL the tables stay plain, with the same keys. The rows stay as they are.
 *
 * `outbox_events` keys on `(business_id, seq)`, its event id unique per business; `staff_tokens`
 * (a reference table: a token is found by its hash before the business is known) loses its foreign
 * key to `business_members`, a distributed table: removing a membership removes its tokens in code.
 * A password reset's mail, of no one business, takes the nil UUID as its business (USER_MAIL_BUSINESS).
 */
const ID_KEYED = [
  'business_members',
  'categories',
  'credit_notes',
  'customers',
  'expenses',
  'finance_transactions',
  'invoice_emails',
  'invoice_items',
  'invoices',
  'loyalty_transactions',
  'payroll_items',
  'payroll_runs',
  'products',
  'purchase_order_items',
  'purchase_orders',
  'receipt_items',
  'receipts',
  'return_items',
  'returns',
  'roles',
  'sale_items',
  'sales',
  'stock_count_items',
  'stock_counts',
  'stock_movements',
  'suppliers',
  'transfer_items',
  'transfers',
  'warehouses',
  'webhook_deliveries',
  'webhooks',
];

/** [table, constraint, columns, referenced table, referenced columns, ON DELETE] */
const TENANT_FOREIGN_KEYS: [string, string, string, string, string, string][] = [
  ['business_members', 'business_members_role_id_fkey', 'role_id', 'roles', 'id', 'NO ACTION'],
  ['payroll_items', 'payroll_items_run_id_fkey', 'run_id', 'payroll_runs', 'id', 'NO ACTION'],
  ['products', 'products_category_id_fkey', 'category_id', 'categories', 'id', 'NO ACTION'],
  ['stock_levels', 'stock_levels_warehouse_id_fkey', 'warehouse_id', 'warehouses', 'id', 'NO ACTION'],
  ['stock_levels', 'stock_levels_product_id_fkey', 'product_id', 'products', 'id', 'NO ACTION'],
  ['webhook_deliveries', 'webhook_deliveries_webhook_id_fkey', 'webhook_id', 'webhooks', 'id', 'CASCADE'],
];

export class DistributeByBusiness1795913699953 implements MigrationInterface {
  name = 'DistributeByBusiness1795913699953';

  async up(q: QueryRunner): Promise<void> {
    for (const [table, name] of TENANT_FOREIGN_KEYS) await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    await q.query(`ALTER TABLE staff_tokens DROP CONSTRAINT staff_tokens_member_id_fkey`);
    // a password reset's mail, of no one business, gets the nil UUID (USER_MAIL_BUSINESS): business_id keys every row
    await q.query(`UPDATE invoice_emails SET business_id = '00000000-0000-0000-0000-000000000000' WHERE business_id IS NULL`);
    for (const table of ID_KEYED) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD CONSTRAINT ${table}_pkey PRIMARY KEY (business_id, id)`);
    }
    await q.query(
      `ALTER TABLE outbox_events DROP CONSTRAINT outbox_events_pkey, DROP CONSTRAINT outbox_events_id_key,
         ADD CONSTRAINT outbox_events_pkey PRIMARY KEY (business_id, seq), ADD CONSTRAINT outbox_events_business_id_uq UNIQUE (business_id, id)`,
    );
    await q.query(`DROP INDEX webhook_deliveries_webhook_event_uq`);
    await q.query(`CREATE UNIQUE INDEX webhook_deliveries_webhook_event_uq ON webhook_deliveries (business_id, webhook_id, event_id)`);
    await q.query(`DROP INDEX credit_notes_return_uq`);
    await q.query(`CREATE UNIQUE INDEX credit_notes_return_uq ON credit_notes (business_id, return_id)`);
    // the webhook dispatcher reaches claimed deliveries by id alone (settleAndClaim on plain PostgreSQL)
    await q.query(`CREATE INDEX webhook_deliveries_id_idx ON webhook_deliveries (id)`);
    // the clock of a counter's step, read into the row on Citus (counterStepSql)
    await q.query(`ALTER TABLE business_counters ADD COLUMN stepped_at timestamptz`);
    for (const [table, name, column, parent, parentColumn, onDelete] of TENANT_FOREIGN_KEYS) {
      await q.query(
        `ALTER TABLE ${table} ADD CONSTRAINT ${name} FOREIGN KEY (business_id, ${column}) REFERENCES ${parent} (business_id, ${parentColumn}) ON DELETE ${onDelete}`,
      );
    }
    if (await hasCitus(q)) {
      // a write to a reference table is a two-phase commit on every node, and a prepared transaction
      // cannot NOTIFY: the key cache's notifications (1763800015000-ApiKeyChangeNotifications) come
      // from the coordinator's placement only, which commits as the coordinator's own transaction
      await q.query(`
        CREATE OR REPLACE FUNCTION notify_api_key_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF (SELECT groupid FROM pg_dist_local_group) = 0 THEN PERFORM pg_notify('api_keys_changed', OLD.key_hash); END IF;
          RETURN NULL;
        END $$`);
      await q.query(`
        CREATE OR REPLACE FUNCTION notify_businesses_changed() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF (SELECT groupid FROM pg_dist_local_group) = 0 THEN PERFORM pg_notify('api_keys_changed', '*'); END IF;
          RETURN NULL;
        END $$`);
      await distributeSchema(q);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    if (await hasCitus(q)) {
      throw new Error('DistributeByBusiness cannot be reverted on Citus: undistribute the tables first (undistribute_table)');
    }
    for (const [table, name] of TENANT_FOREIGN_KEYS) await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${name}`);
    await q.query(`ALTER TABLE business_counters DROP COLUMN stepped_at`);
    await q.query(`DROP INDEX webhook_deliveries_id_idx`);
    await q.query(`DROP INDEX credit_notes_return_uq`);
    await q.query(`CREATE UNIQUE INDEX credit_notes_return_uq ON credit_notes (return_id)`);
    await q.query(`DROP INDEX webhook_deliveries_webhook_event_uq`);
    await q.query(`CREATE UNIQUE INDEX webhook_deliveries_webhook_event_uq ON webhook_deliveries (webhook_id, event_id)`);
    await q.query(
      `ALTER TABLE outbox_events DROP CONSTRAINT outbox_events_business_id_uq, DROP CONSTRAINT outbox_events_pkey,
         ADD CONSTRAINT outbox_events_pkey PRIMARY KEY (seq), ADD CONSTRAINT outbox_events_id_key UNIQUE (id)`,
    );
    for (const table of ID_KEYED) {
      await q.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD CONSTRAINT ${table}_pkey PRIMARY KEY (id)`);
    }
    await q.query(`ALTER TABLE invoice_emails ALTER COLUMN business_id DROP NOT NULL`);
    await q.query(`UPDATE invoice_emails SET business_id = NULL WHERE business_id = '00000000-0000-0000-0000-000000000000'`);
    await q.query(
      `ALTER TABLE staff_tokens ADD CONSTRAINT staff_tokens_member_id_fkey FOREIGN KEY (member_id) REFERENCES business_members (id) ON DELETE CASCADE`,
    );
    for (const [table, name, column, parent, parentColumn, onDelete] of TENANT_FOREIGN_KEYS) {
      await q.query(`ALTER TABLE ${table} ADD CONSTRAINT ${name} FOREIGN KEY (${column}) REFERENCES ${parent} (${parentColumn}) ON DELETE ${onDelete}`);
    }
  }
}
