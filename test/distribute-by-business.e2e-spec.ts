import { readdirSync } from 'fs';
import { join } from 'path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { REFERENCE_TABLES } from '../src/database/citus';
import { dataSourceOptions } from '../src/database/data-source-options';
import { migrate } from '../src/database/migrate';
import { createDatabase } from './helpers/test-app';

/**
 * The schema that distributes by business (issue 46; migrations/<ts>-DistributeByBusiness.ts):
 * a database filled by the schema before it keeps every row, and comes out with business_id in every
 * key of a tenant table and on both sides of every foreign key between them; on Citus every tenant
 * table is distributed on business_id in one co-location group and the reference tables replicated.
 */
const MIGRATIONS = join(__dirname, '..', 'migrations');
const distributeFile = readdirSync(MIGRATIONS).find((f) => /^\d{13}-DistributeByBusiness\.ts$/.test(f))!;
const distributeStamp = Number(distributeFile.slice(0, 13));

const B1 = '11111111-1111-4111-8111-111111111111';
const B2 = '22222222-2222-4222-8222-222222222222';

async function migrateBefore(url: string): Promise<void> {
  const options = dataSourceOptions(url, 2);
  const earlier = readdirSync(MIGRATIONS)
    .filter((f) => /^\d{13}-\w+\.ts$/.test(f) && Number(f.slice(0, 13)) < distributeStamp)
    .map((f) => join(MIGRATIONS, f));
  const ds = new DataSource({ ...options, migrations: earlier });
  await ds.initialize();
  try {
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    await ds.destroy();
  }
}

/** Rows of the old schema: two businesses with categories, products, stock, webhooks and their deliveries, payroll, staff, a password reset mail. */
const FILL = `
  INSERT INTO businesses (id, name) VALUES ('${B1}', 'One'), ('${B2}', 'Two');
  INSERT INTO users (id, email, name) VALUES ('a0000000-0000-4000-8000-000000000001', 'ann@one.test', 'Ann');
  INSERT INTO roles (id, business_id, name, scopes) VALUES ('a0000000-0000-4000-8000-000000000002', '${B1}', 'Clerks', '{products:read}');
  INSERT INTO business_members (id, business_id, user_id, role_id) VALUES ('a0000000-0000-4000-8000-000000000003', '${B1}', 'a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002');
  INSERT INTO staff_tokens (kind, user_id, member_id, expires_at) VALUES ('invite', 'a0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', now() + interval '1 day');
  INSERT INTO categories (id, business_id, name) VALUES ('a0000000-0000-4000-8000-000000000004', '${B1}', 'Tea'), ('a0000000-0000-4000-8000-000000000005', '${B2}', 'Tea');
  INSERT INTO products (id, business_id, name, sku, price, category_id) VALUES
    ('a0000000-0000-4000-8000-000000000006', '${B1}', 'Green', 'G-1', 4.50, 'a0000000-0000-4000-8000-000000000004'),
    ('a0000000-0000-4000-8000-000000000007', '${B2}', 'Black', 'B-1', 3.25, 'a0000000-0000-4000-8000-000000000005');
  INSERT INTO warehouses (id, business_id, name, is_default) VALUES ('a0000000-0000-4000-8000-000000000008', '${B1}', 'Main', true), ('a0000000-0000-4000-8000-000000000009', '${B2}', 'Main', true);
  INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) VALUES
    ('${B1}', 'a0000000-0000-4000-8000-000000000008', 'a0000000-0000-4000-8000-000000000006', 12),
    ('${B2}', 'a0000000-0000-4000-8000-000000000009', 'a0000000-0000-4000-8000-000000000007', 7);
  INSERT INTO webhooks (id, business_id, url, events) VALUES ('a0000000-0000-4000-8000-00000000000a', '${B1}', 'https://hooks.one.test/x', '{order.created}');
  INSERT INTO outbox_events (id, business_id, type, data) VALUES ('a0000000-0000-4000-8000-00000000000b', '${B1}', 'order.created', '{}'), ('a0000000-0000-4000-8000-00000000000c', '${B2}', 'order.created', '{}');
  INSERT INTO webhook_deliveries (business_id, webhook_id, event_id, event, status, attempt_limit) VALUES ('${B1}', 'a0000000-0000-4000-8000-00000000000a', 'a0000000-0000-4000-8000-00000000000b', 'order.created', 'pending', 5);
  INSERT INTO invoice_emails (business_id, kind, staff_token_id, recipient, status, attempt_limit)
    SELECT NULL, 'password_reset', id, 'ann@one.test', 'pending', 5 FROM staff_tokens;
`;

/** Tenant tables of the migrations between issue 46's branch point and DistributeByBusiness (taxes, imports, window reports). */
const LATER_TENANT_TABLES = [
  'tax_rates',
  'sale_tax_lines',
  'refund_tax_lines',
  'imports',
  'import_rows',
  'analytics_window_products',
  'analytics_window_product_state',
];

const COUNTED = [
  'businesses',
  'users',
  'roles',
  'business_members',
  'staff_tokens',
  'categories',
  'products',
  'warehouses',
  'stock_levels',
  'webhooks',
  'outbox_events',
  'webhook_deliveries',
  'invoice_emails',
];

async function counts(c: Client): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of COUNTED) out[t] = (await c.query(`SELECT count(*)::int AS n FROM ${t}`)).rows[0].n;
  return out;
}

// (a Citus coordinator also holds shards of the reference tables, `<table>_<shard id>`: not the schema's tables)
describe('the schema distributes by business', () => {
  let url: string;
  let c: Client;
  let before: Record<string, number>;

  beforeAll(async () => {
    url = await createDatabase();
    await migrateBefore(url);
    c = new Client({ connectionString: url });
    await c.connect();
    await c.query(FILL);
    before = await counts(c);
    await migrate(url);
  }, 180_000);
  afterAll(() => c?.end());

  it('keeps every row of a database filled by the schema before it', async () => {
    expect(await counts(c)).toEqual(before);
    const { rows } = await c.query(`SELECT business_id FROM invoice_emails WHERE kind = 'password_reset'`);
    expect(rows).toEqual([{ business_id: '00000000-0000-0000-0000-000000000000' }]);
  });

  it('puts business_id in every primary key and unique index of a tenant table', async () => {
    const { rows } = await c.query<{ table: string; index: string }>(
      `SELECT i.indrelid::regclass::text AS "table", i.indexrelid::regclass::text AS "index"
         FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
        WHERE n.nspname = 'public' AND (i.indisunique OR i.indisprimary) AND t.relname !~ '_[0-9]+$'
          AND EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = 'business_id')
          AND NOT EXISTS (SELECT 1 FROM pg_attribute a WHERE a.attrelid = t.oid AND a.attname = 'business_id' AND a.attnum = ANY (i.indkey))`,
    );
    expect(rows.filter((r) => !(REFERENCE_TABLES as readonly string[]).includes(r.table))).toEqual([]);
  });

  it('names business_id on both sides of every foreign key between tenant tables, and none from a reference table to one', async () => {
    const { rows } = await c.query<{ name: string; child: string; parent: string; ok: boolean }>(
      `SELECT c.conname AS name, c.conrelid::regclass::text AS child, c.confrelid::regclass::text AS parent,
              EXISTS (SELECT 1 FROM unnest(c.conkey, c.confkey) k(a, b)
                        JOIN pg_attribute x ON x.attrelid = c.conrelid AND x.attnum = k.a
                        JOIN pg_attribute y ON y.attrelid = c.confrelid AND y.attnum = k.b
                       WHERE x.attname = 'business_id' AND y.attname = 'business_id') AS ok
         FROM pg_constraint c JOIN pg_namespace n ON n.oid = c.connamespace
        WHERE n.nspname = 'public' AND c.contype = 'f' AND c.conrelid::regclass::text !~ '_[0-9]+$'`,
    );
    const reference = REFERENCE_TABLES as readonly string[];
    const tenantToTenant = rows.filter((r) => !reference.includes(r.child) && !reference.includes(r.parent) && r.parent !== 'businesses');
    expect(tenantToTenant.length).toBeGreaterThanOrEqual(6);
    expect(tenantToTenant.filter((r) => !r.ok).map((r) => r.name)).toEqual([]);
    expect(rows.filter((r) => reference.includes(r.child) && !reference.includes(r.parent)).map((r) => r.name)).toEqual([]);
  });

  it("refuses a product in another business's category: the composite key holds", async () => {
    await expect(
      c.query(`INSERT INTO products (business_id, name, sku, price, category_id) VALUES ('${B2}', 'X', 'X-1', 1, 'a0000000-0000-4000-8000-000000000004')`),
    ).rejects.toThrow(/products_category_id_fkey/);
  });

  it('on Citus: every tenant table distributed on business_id in one co-location group, the reference tables replicated', async () => {
    const citus = (await c.query(`SELECT 1 FROM pg_extension WHERE extname = 'citus'`)).rowCount! > 0;
    const tenant = (
      await c.query<{ t: string }>(
        `SELECT DISTINCT c.table_name AS t FROM information_schema.columns c JOIN information_schema.tables t USING (table_schema, table_name)
          WHERE c.table_schema = 'public' AND c.column_name = 'business_id' AND t.table_type = 'BASE TABLE'`,
      )
    ).rows
      .map((r) => r.t)
      .filter((t) => !(REFERENCE_TABLES as readonly string[]).includes(t))
      .sort();
    expect(tenant.length).toBeGreaterThanOrEqual(40);
    expect(tenant).toEqual(expect.arrayContaining(LATER_TENANT_TABLES));
    if (!citus) {
      // a plain PostgreSQL stays plain: no Citus catalog at all
      expect((await c.query(`SELECT to_regclass('pg_dist_partition') AS r`)).rows[0].r).toBeNull();
      return;
    }
    const { rows } = await c.query<{ t: string; kind: string; col: string | null; colocation: number }>(
      `SELECT table_name::text AS t, citus_table_type AS kind, distribution_column AS col, colocation_id AS colocation FROM citus_tables`,
    );
    const distributed = rows.filter((r) => r.kind === 'distributed');
    expect(distributed.map((r) => r.t).sort()).toEqual(tenant);
    expect(new Set(distributed.map((r) => r.col))).toEqual(new Set(['business_id']));
    expect(new Set(distributed.map((r) => r.colocation)).size).toBe(1);
    // the tables of the taxes, the imports and the window reports, made by migrations before this one
    expect(distributed.map((r) => r.t)).toEqual(expect.arrayContaining(LATER_TENANT_TABLES));
    // every distributed table has shards on both workers, none on the coordinator
    const placed = await c.query<{ t: string; nodes: string[] }>(
      `SELECT s.logicalrelid::regclass::text AS t, array_agg(DISTINCT n.nodeport::text ORDER BY n.nodeport::text) AS nodes
         FROM pg_dist_shard s JOIN pg_dist_placement p USING (shardid) JOIN pg_dist_node n USING (groupid)
        WHERE s.logicalrelid IN (SELECT logicalrelid FROM pg_dist_partition WHERE partmethod = 'h') GROUP BY 1 ORDER BY 1`,
    );
    const workers = (
      await c.query<{ port: string }>(`SELECT nodeport::text AS port FROM pg_dist_node WHERE groupid <> 0 AND noderole = 'primary' ORDER BY 1`)
    ).rows.map((r) => r.port);
    expect(workers.length).toBe(2);
    expect(placed.rows.map((r) => r.t).sort()).toEqual(tenant);
    expect(placed.rows.filter((r) => r.nodes.join() !== workers.join())).toEqual([]);
    expect(
      rows
        .filter((r) => r.kind === 'reference')
        .map((r) => r.t)
        .sort(),
    ).toEqual([...REFERENCE_TABLES].sort());
  });
});
