import { QueryRunner } from 'typeorm';
import { runStatement, runPageOnGenericPlan } from '../src/database/run-statement';
import { defineStatement } from '../src/database/statement';
import { Tx } from '../src/database/transaction';
import { readLatestSalePage, readSale } from '../src/modules/orders/persistence/orders-read.sql';
import { readProductPage } from '../src/modules/products/persistence/product-page.sql';
import { keptGenericPlan, plannedRuns } from './helpers/kept-plan';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
  /** Citus's plan on the coordinator: each task's plan on its worker, whose relations are shards (`sales_102189`) */
  'Distributed Query'?: { Job: { Tasks: { 'Remote Plan': { Plan: PlanNode }[][] }[] } };
}

/** What the planner is told while a statement runs. */
const SETTINGS_SQL = `SELECT current_setting('plan_cache_mode') AS mode, current_setting('max_parallel_workers_per_gather') AS workers,
    current_setting('enable_seqscan') AS seqscan, current_setting('enable_bitmapscan') AS bitmapscan, current_setting('enable_sort') AS sort,
    current_setting('jit') AS jit`;
interface PlanSettings {
  mode: string;
  workers: string;
  seqscan: string;
  bitmapscan: string;
  sort: string;
  jit: string;
}
const planSettings = defineStatement<[], PlanSettings>('test.planSettings', SETTINGS_SQL);
/**
 * On Citus a page read is planned with its values on every run (forCitus, database/transaction.ts:
 * Citus refuses a generic plan of a statement of CTEs), with the same planner settings; the plan kept
 * as the tables grow is a plain PostgreSQL's alone.
 */
const onCitus = Boolean(process.env.TEST_CITUS_WORKERS);
const itOnPlainPostgres = onCitus ? it.skip : it;
const ON_PAGE_PLAN: PlanSettings = {
  mode: onCitus ? 'force_custom_plan' : 'force_generic_plan',
  workers: '0',
  seqscan: 'off',
  bitmapscan: 'off',
  sort: 'off',
  jit: 'off',
};

/**
 * The unfiltered first pages of GET /orders and GET /products run on their generic plans, serial,
 * made as index walks (runPageOnGenericPlan): planned once per connection instead of on every
 * request, with the planner settings of the connection, and of a transaction around them, left as
 * they were. A page past the last does not walk the business's rows to its OFFSET. The plan, made
 * here on a business of three sales and tables without statistics, is the one kept as they grow.
 */
describe('page reads on their generic plan', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let runner: QueryRunner;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { stock: '100' });
    for (let n = 0; n < 3; n++) {
      await t
        .http()
        .post('/api/v1/orders')
        .set(biz.auth)
        .send({ items: [{ product_id: product, quantity: 1 }] })
        .expect(201);
    }
  });
  beforeEach(async () => {
    runner = t.db.createQueryRunner();
    await runner.connect();
  });
  afterEach(() => runner.release());
  afterAll(() => t.close());

  const settingsOfConnection = async () => ((await runner.query(SETTINGS_SQL)) as PlanSettings[])[0];
  const plansOf = async (statementText: string) =>
    (await runner.query(`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement LIKE $1`, [
      `PREPARE w\\_% AS ${statementText.slice(0, 60).replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    ])) as { generic: number; custom: number }[];

  /** The generic plan this connection keeps for a page statement. */
  const keptPlan = (statementText: string, literals: string) => keptGenericPlan(runner, 'w_', statementText, literals);

  it('plans the orders page once per connection, with the rows of the prepared statement', async () => {
    const before = await settingsOfConnection();
    const tx = new Tx(runner.manager);
    const expected = await runStatement(tx, readLatestSalePage, [biz.business_id, 20, 0]);
    expect(expected.map((row) => row.sale_number)).toEqual(['S-0003', 'S-0002', 'S-0001']);
    for (let run = 1; run <= 7; run++) {
      expect(await runPageOnGenericPlan(tx, readLatestSalePage, [biz.business_id, 20, 0])).toEqual(expected);
      expect(await settingsOfConnection()).toEqual(before);
    }
    expect(await runPageOnGenericPlan(tx, readLatestSalePage, [biz.business_id, 2, 1])).toEqual(expected.slice(1, 3));
    expect(await plansOf(readLatestSalePage.text)).toEqual([plannedRuns(8)]);
  });

  it('plans the products page once per connection', async () => {
    const tx = new Tx(runner.manager);
    const expected = await runStatement(tx, readProductPage, [biz.business_id, true, 20, 0]);
    expect(expected).toHaveLength(1);
    for (let run = 1; run <= 6; run++) {
      expect(await runPageOnGenericPlan(tx, readProductPage, [biz.business_id, true, 20, 0])).toEqual(expected);
    }
    expect(await plansOf(readProductPage.text)).toEqual([plannedRuns(6)]);
  });

  itOnPlainPostgres('keeps index walks for plans made while the business was small: no table read whole, no sort of all its rows', async () => {
    const tx = new Tx(runner.manager);
    await runPageOnGenericPlan(tx, readLatestSalePage, [biz.business_id, 20, 0]);
    await runPageOnGenericPlan(tx, readProductPage, [biz.business_id, true, 20, 0]);
    const orders = await keptPlan(readLatestSalePage.text, `'${biz.business_id}', 20, 0`);
    const products = await keptPlan(readProductPage.text, `'${biz.business_id}', true, 20, 0`);
    const fullSort = /(?<!Incremental )Sort {2}\(/;
    for (const plan of [orders, products]) {
      expect(plan).not.toMatch(/Seq Scan|Bitmap Heap Scan/);
      expect(plan).not.toMatch(/JIT/);
    }
    // the sales walked in index order, the ties on created_at sorted as they come: no sort of all the sales
    expect(orders).not.toMatch(fullSort);
    expect(orders).toMatch(/Incremental Sort[^\n]*\n\s+Sort Key: s\.created_at DESC, s\.number DESC/);
    expect(orders).toMatch(/Index Scan using sales_business_created_idx on sales/);
    // each order's first invoice: one probe of (business_id, sale_id, number), not the business's invoices filtered
    // (the business given as the sale's or as $1, which each table names too for Citus: the same probe)
    expect(orders).toMatch(/invoices_business_sale_idx on invoices i[^\n]*\n\s+Index Cond: \(\(business_id = (s\.business_id|\$1)\) AND \(sale_id = s\.id\)\)/);
    // and its lines: one probe of (business_id, sale_id, line_no)
    expect(orders).toMatch(/sale_items_sale_idx on sale_items si[^\n]*\n\s+Index Cond: \(\(business_id = (s\.business_id|\$1)\) AND \(sale_id = s\.id\)\)/);
    expect(products).toMatch(/Index Scan using products_business_list_order_idx on products p/);
    // the one full sort is the page's own rows, at the top, after the LIMIT
    expect(products.split('\n')[0]).toMatch(fullSort);
    expect(products.split('\n').slice(1).join('\n')).not.toMatch(fullSort);
  });

  it('runs serial on its generic plan, outside a transaction and inside one, and restores every setting', async () => {
    const before = await settingsOfConnection();
    // jit is off on every connection of the app (data-source-options.ts); the page read turns the rest off
    expect(before).toMatchObject({ mode: 'auto', seqscan: 'on', bitmapscan: 'on', sort: 'on', jit: 'off' });
    expect(before.workers).not.toBe('0');
    const outside = await runPageOnGenericPlan(new Tx(runner.manager), planSettings, []);
    expect(outside).toEqual([ON_PAGE_PLAN]);
    expect(await settingsOfConnection()).toEqual(before);

    await runner.startTransaction();
    await runner.query(`SET LOCAL statement_timeout = '5s'`);
    const inside = await runPageOnGenericPlan(new Tx(runner.manager), planSettings, []);
    expect(inside).toEqual([ON_PAGE_PLAN]);
    expect(await settingsOfConnection()).toEqual(before);
    expect((await runner.query(`SHOW statement_timeout`))[0].statement_timeout).toBe('5s');
    await runner.rollbackTransaction();
  });

  it('runs a lookup by key unprepared, planned for its values on every run (plannedPerRun)', async () => {
    const before = await settingsOfConnection();
    const tx = new Tx(runner.manager);
    const [page] = await runStatement(tx, readLatestSalePage, [biz.business_id, 1, 0]);
    for (let run = 1; run <= 7; run++) {
      expect((await runStatement(tx, readSale, [biz.business_id, page.id])).map((row) => row.sale_number)).toEqual(['S-0003']);
    }
    // not prepared: an unnamed statement is planned for its values at each run
    const prepared = (await runner.query(`SELECT name FROM pg_prepared_statements WHERE position($1 in statement) > 0`, [readSale.text])) as unknown[];
    expect(prepared).toEqual([]);
    expect(await settingsOfConnection()).toEqual(before);
  });

  /** How many times the plan of `statement` scanned `table` (EXPLAIN ANALYZE, the statement's parameters bound). */
  async function scansOf(statement: { text: string }, params: unknown[], table: string): Promise<number> {
    const [{ 'QUERY PLAN': plan }] = (await runner.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, params)) as {
      'QUERY PLAN': { Plan: PlanNode }[];
    }[];
    const scansTable = (name: string | undefined) => name === table || new RegExp(`^${table}_\\d+$`).test(name ?? '');
    const children = (node: PlanNode): PlanNode[] => [
      ...(node.Plans ?? []),
      ...(node['Distributed Query']?.Job.Tasks.flatMap((task) => task['Remote Plan'].flat().map((remote) => remote.Plan)) ?? []),
    ];
    const loops = (node: PlanNode): number =>
      (scansTable(node['Relation Name']) ? node['Actual Loops'] : 0) + children(node).reduce((sum, child) => sum + loops(child), 0);
    return loops(plan[0].Plan);
  }

  it('reads a page past the last without walking the business rows to its OFFSET', async () => {
    expect(await scansOf(readLatestSalePage, [biz.business_id, 20, 0], 'sales')).toBe(1);
    expect(await scansOf(readLatestSalePage, [biz.business_id, 20, 3], 'sales')).toBe(0);
    expect(await scansOf(readLatestSalePage, [biz.business_id, 1, 2], 'sales')).toBe(1);
    expect(await scansOf(readProductPage, [biz.business_id, true, 20, 0], 'products')).toBe(2);
    expect(await scansOf(readProductPage, [biz.business_id, true, 20, 1], 'products')).toBe(1);
  });

  it('answers GET /orders and GET /products from those plans as before', async () => {
    const orders = await t.http().get('/api/v1/orders?page=1&per_page=2').set(biz.auth).expect(200);
    expect(orders.body.data.map((o: { order_number: string }) => o.order_number)).toEqual(['S-0003', 'S-0002']);
    expect(orders.body.meta).toEqual({ page: 1, per_page: 2, total: 3, total_pages: 2 });
    const products = await t.http().get('/api/v1/products?page=1').set(biz.auth).expect(200);
    expect(products.body.meta).toMatchObject({ total: 1 });
  });
});
