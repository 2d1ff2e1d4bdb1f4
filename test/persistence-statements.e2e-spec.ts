import * as fs from 'fs';
import * as path from 'path';
import { Client } from 'pg';
import { registeredStatements, Statement } from '../src/database/statement';
import { cloneTemplateDatabase } from './helpers/test-app';

/** Every `persistence/*.sql.ts` file under src: the only places hand-written statements may live. */
function persistenceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return persistenceFiles(full);
    return path.basename(dir) === 'persistence' && entry.name.endsWith('.sql.ts') ? [full] : [];
  });
}

describe('hand-written statements (persistence/*.sql.ts)', () => {
  let client: Client;
  const files = persistenceFiles(path.join(__dirname, '..', 'src'));
  // loading a persistence file registers its statements; the list is only known at run time
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  files.forEach((file) => require(file));
  const statements = registeredStatements();

  beforeAll(async () => {
    client = new Client({ connectionString: await cloneTemplateDatabase() });
    await client.connect();
  });
  afterAll(() => client.end());

  it('are registered from the persistence files', () => {
    expect(files.length).toBeGreaterThan(0);
    expect(statements.length).toBeGreaterThanOrEqual(files.length);
  });

  /** PREPARE parses, resolves every table, column and parameter type, and plans nothing yet. */
  async function prepare(statement: Statement): Promise<void> {
    await client.query(`PREPARE check_statement AS ${statement.text}`);
    await client.query('DEALLOCATE check_statement');
  }

  it.each(statements.map((s) => [s.name, s] as const))('%s prepares against the migrated schema', async (_name, statement) => {
    await expect(prepare(statement)).resolves.toBeUndefined();
  });

  /**
   * The plans plain PostgreSQL keeps (generic, forced: transaction.ts). On Citus the service plans each
   * statement for its values (force_custom_plan) and Citus routes it to the business's shard, which
   * test/citus-router-plans.e2e-spec.ts checks instead.
   */
  const describePlainPlans = process.env.TEST_CITUS_WORKERS ? describe.skip : describe;
  describePlainPlans('generic plans on plain PostgreSQL', () => {
    /**
     * The generic plan of `statement` on the migrated schema, its tables empty unless `setup` (run in the
     * same transaction, rolled back) fills them, and without statistics: the plan a connection can make
     * before the tables grow and keep while they do (this server runs without autovacuum).
     */
    async function genericPlanOnEmptyTables(statement: Statement, setup: string[] = []): Promise<string> {
      await client.query('BEGIN');
      try {
        for (const sql of setup) await client.query(sql);
        await client.query('SET LOCAL plan_cache_mode = force_generic_plan');
        await client.query(`PREPARE check_plan AS ${statement.text}`);
        const [{ n }] = (await client.query(`SELECT cardinality(parameter_types) AS n FROM pg_prepared_statements WHERE name = 'check_plan'`)).rows;
        const nulls = Array.from({ length: n }, () => 'NULL').join(', ');
        const plan = await client.query(`EXPLAIN EXECUTE check_plan${n > 0 ? `(${nulls})` : ''}`);
        return plan.rows.map((row) => row['QUERY PLAN']).join('\n');
      } finally {
        await client.query('ROLLBACK');
        await client.query('DEALLOCATE ALL');
      }
    }

    /**
     * A list parameter (`= ANY ($n)`) applied as a filter walks every row of the business under the index
     * condition (GET /orders fell from 971 to 291 req/s as one business grew to 15,000 sales).
     */
    const listFiltered = (plan: string) => plan.split('\n').filter((line) => /Filter: .*= ANY \(\$\d+\)/.test(line));

    it.each(statements.filter((s) => !s.plannedPerRun).map((s) => [s.name, s] as const))(
      '%s: no list parameter is a filter in the generic plan made on empty tables',
      async (_name, statement) => {
        expect(listFiltered(await genericPlanOnEmptyTables(statement))).toEqual([]);
      },
    );

    /**
     * A key (`id`, `sale_id`, ...) filtered right under an index condition on business_id alone: the
     * plan reads every row of the business to find one. A statement whose generic plan does so must be
     * planned per run (`plannedPerRun`), where each plan is made for the values and the table's size.
     */
    const keyFilteredInBusiness = (plan: string) =>
      plan.split('\n').filter((line, i, lines) => /Index Cond: \(business_id = \$\d+\)$/.test(line) && /Filter: .*\b\w*id = \$\d+/.test(lines[i + 1] ?? ''));

    it.each(statements.filter((s) => !s.plannedPerRun).map((s) => [s.name, s] as const))(
      '%s: no key is filtered among all the rows of a business in the generic plan made on empty tables',
      async (_name, statement) => {
        expect(keyFilteredInBusiness(await genericPlanOnEmptyTables(statement))).toEqual([]);
      },
    );

    /** Tables that grow with the business's activity: a plan kept while they grow must not read them whole. */
    const GROWING_TABLES = [
      'sales',
      'sale_items',
      'invoices',
      'invoice_items',
      'customers',
      'stock_movements',
      'loyalty_transactions',
      'finance_transactions',
      'returns',
      'return_items',
      'credit_notes',
      'outbox_events',
      'webhook_deliveries',
      'idempotency_keys',
    ];
    /** Whole-table work by design: `cli verify` (once per run of the command) and the purges by age. */
    const READS_WHOLE_TABLES = (name: string) =>
      name.startsWith('verify.') || ['idempotency.purgeExpired', 'webhooks.purgeFinishedDeliveries', 'webhooks.purgeDispatchedEvents'].includes(name);
    const growingTablesReadWhole = (plan: string) =>
      plan.split('\n').filter((line) => GROWING_TABLES.some((table) => new RegExp(`Seq Scan on ${table}\\b`).test(line)));

    it.each(statements.filter((s) => !s.plannedPerRun && !READS_WHOLE_TABLES(s.name)).map((s) => [s.name, s] as const))(
      '%s: no table that grows is read whole in the generic plan made on empty tables',
      async (_name, statement) => {
        expect(growingTablesReadWhole(await genericPlanOnEmptyTables(statement))).toEqual([]);
      },
    );

    it('the check sees a growing table read whole (the events of claimed deliveries joined, not probed)', async () => {
      const earlier: Statement = {
        name: 'check.earlierClaimedEvents',
        text: 'SELECT c.id, o.type FROM (SELECT unnest($1::uuid[]) AS id, unnest($2::uuid[]) AS event_id) c LEFT JOIN outbox_events o ON o.id = c.event_id',
      };
      expect(growingTablesReadWhole(await genericPlanOnEmptyTables(earlier))).toEqual([expect.stringContaining('Seq Scan on outbox_events')]);
    });

    it('the check sees a key filtered among the business rows (transfers in transit from a warehouse, on an index of business_id alone)', async () => {
      // sales are keyed (business_id, id) now, so orders.get no longer shows it
      const earlier: Statement = {
        name: 'check.transfersFromWarehouse',
        text: `SELECT id FROM transfers WHERE business_id = $1 AND status = 'in_transit' AND from_warehouse_id = $2`,
      };
      expect(keyFilteredInBusiness(await genericPlanOnEmptyTables(earlier))).not.toEqual([]);
    });

    it('the check sees a list parameter filtered (an earlier read of the sale lines of a page)', async () => {
      const earlier: Statement = {
        name: 'check.earlierItems',
        text: 'SELECT id FROM sale_items WHERE business_id = $1 AND sale_id = ANY($2::uuid[]) ORDER BY sale_id, line_no',
      };
      expect(listFiltered(await genericPlanOnEmptyTables(earlier))).toHaveLength(1);
    });

    it.each(['orders.latestPage', 'orders.page', 'orders.get'])(
      '%s probes the lines of each sale read, in a plan made on 3,000 lines without statistics too',
      async (name) => {
        const read = statements.find((s) => s.name === name)!;
        const plan = await genericPlanOnEmptyTables(read, [
          `INSERT INTO sale_items (business_id, sale_id, line_no, product_id, product_name, sku, quantity, unit_price, discount, total)
       SELECT '00000000-0000-4000-8000-000000000001', gen_random_uuid(), 1, gen_random_uuid(), 'p', 's', 1, 1, 0, 1 FROM generate_series(1, 3000)`,
        ]);
        expect(plan).not.toMatch(/Hash Join|Bitmap Heap Scan on sale_items|Seq Scan on sale_items/);
        // the business either as the sale's column or as the statement's own `$1` (as Citus needs it to route)
        expect(plan).toMatch(
          /sale_items_sale_idx on sale_items si[^\n]*\n\s+Index Cond: \(\(business_id = (?:s\w*\.business_id|\$1)\) AND \(sale_id = s\w*\.id\)\)/,
        );
      },
    );

    it('webhooks.settleAndClaim, planned for its values on 5,000 deliveries without statistics, reaches each delivery by key', async () => {
      const settle = statements.find((s) => s.name === 'webhooks.settleAndClaim')!;
      const webhook = '00000000-0000-4000-8000-0000000000a1';
      const business = '00000000-0000-4000-8000-0000000000b1';
      const due = Array.from({ length: 16 }, (_, i) => `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`);
      await client.query('BEGIN');
      try {
        // the rows alone, without their business and events: their keys are not the point
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(
          `INSERT INTO webhooks (id, business_id, url, events) VALUES ('${webhook}', gen_random_uuid(), 'https://example.test/', '{sale.completed}')`,
        );
        await client.query(
          `INSERT INTO webhook_deliveries (id, business_id, webhook_id, event_id, event, status, attempts, attempt_limit, next_attempt_at)
         SELECT CASE WHEN n <= 16 THEN ('00000000-0000-4000-8000-' || lpad(n::text, 12, '0'))::uuid ELSE gen_random_uuid() END,
                CASE WHEN n <= 16 THEN '${business}'::uuid ELSE gen_random_uuid() END, '${webhook}', gen_random_uuid(), 'sale.completed',
                CASE WHEN n <= 16 THEN 'delivering' WHEN n <= 32 THEN 'pending' ELSE 'succeeded' END, 1, 8, CASE WHEN n <= 32 THEN now() END
           FROM generate_series(1, 5000) n`,
        );
        await client.query(`INSERT INTO outbox_events (id, business_id, type, data) SELECT event_id, business_id, event, '{}' FROM webhook_deliveries`);
        const outcome = due.map(() => null);
        // the dispatcher's defaults: 64 free slots, 16 a webhook
        const { rows } = await client.query(`EXPLAIN ${settle.text}`, [
          64,
          16,
          [],
          [],
          30_000,
          due,
          due.map(() => 1),
          due.map(() => 'succeeded'),
          due.map(() => 200),
          due.map(() => 3),
          outcome,
          outcome,
          due.map(() => business),
        ]);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).not.toMatch(/Seq Scan on (webhook_deliveries|outbox_events)|Hash Join/);
        // the claim by id (webhook_deliveries_id_idx); since the key became (business_id, id) the settle of
        // 16 delivering rows may read the open deliveries through webhook_deliveries_due_idx instead
        expect(plan.match(/Index Cond: \(id = ANY/g)?.length).toBeGreaterThanOrEqual(1);
        expect(plan).toMatch(/Index Scan using outbox_events_business_id_uq on outbox_events/);
      } finally {
        await client.query('ROLLBACK');
      }
    });

    it('webhooks.settleAndClaim visits only the webhooks with open deliveries, however many webhooks there are', async () => {
      const settle = statements.find((s) => s.name === 'webhooks.settleAndClaim')!;
      await client.query('BEGIN');
      try {
        await client.query('SET LOCAL session_replication_role = replica');
        await client.query(
          `INSERT INTO webhooks (business_id, url, events) SELECT gen_random_uuid(), 'https://example.test/', '{sale.completed}' FROM generate_series(1, 2000)`,
        );
        // three of them with open deliveries: two due (20 and 5), one retrying later; and finished ones
        await client.query(
          `INSERT INTO webhook_deliveries (business_id, webhook_id, event_id, event, status, attempt_limit, next_attempt_at)
         SELECT gen_random_uuid(), ranked.id, gen_random_uuid(), 'sale.completed', spec.status, 8, spec.due + n * interval '1 ms'
           FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM webhooks) ranked
           JOIN (VALUES (1, 20, 'pending', now() - interval '1 minute'), (2, 5, 'pending', now() - interval '1 minute'),
                        (3, 5, 'pending', now() + interval '1 hour'), (4, 30, 'succeeded', NULL::timestamptz)
                ) AS spec(k, count, status, due) ON spec.k = ranked.k
          CROSS JOIN LATERAL generate_series(1, spec.count) n`,
        );
        const none: never[] = [];
        const { rows } = await client.query(`EXPLAIN (ANALYZE, COSTS OFF, TIMING OFF) ${settle.text}`, [
          64,
          16,
          none,
          none,
          30_000,
          none,
          none,
          none,
          none,
          none,
          none,
          none,
          none,
        ]);
        const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
        // the per-webhook probe of due deliveries runs once per webhook with open deliveries (3), not per webhook
        const probe = plan.match(
          /Index Scan using webhook_deliveries_due_idx on webhook_deliveries d[^\n]*\(actual rows=\d+ loops=(\d+)\)\n\s+Index Cond: \(\(webhook_id = h\w*\.webhook_id\)/,
        );
        expect(probe?.[1]).toBe('3');
        expect(plan).not.toMatch(/Seq Scan on webhooks/);
        // and claims what is due, 16 at most a webhook
        const claimed = await client.query(`SELECT count(*)::int AS n FROM webhook_deliveries WHERE status = 'delivering'`);
        expect(claimed.rows[0].n).toBe(21);
      } finally {
        await client.query('ROLLBACK');
      }
    });
  });

  it('a statement naming a column the schema lacks fails to prepare', async () => {
    const broken: Statement = { name: 'check.broken', text: 'SELECT no_such_column FROM products WHERE business_id = $1' };
    await expect(prepare(broken)).rejects.toThrow(/no_such_column/);
  });
});
