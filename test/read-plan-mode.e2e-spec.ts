import { QueryRunner } from 'typeorm';
import { runStatement, runStatementOnGenericPlan } from '../src/database/run-statement';
import { defineStatement } from '../src/database/statement';
import { Tx } from '../src/database/transaction';
import { readLatestSalePage } from '../src/modules/orders/persistence/orders-read.sql';
import { readProductPage } from '../src/modules/products/persistence/product-page.sql';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

interface PlanNode {
  'Relation Name'?: string;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** What the planner is told while a statement runs. */
const planSettings = defineStatement<[], { mode: string; workers: string }>(
  'test.planSettings',
  `SELECT current_setting('plan_cache_mode') AS mode, current_setting('max_parallel_workers_per_gather') AS workers`,
);

/**
 * The unfiltered first pages of GET /orders and GET /products run on their generic plans, serial
 * (runStatementOnGenericPlan): planned once per connection instead of on every request, with the
 * planner settings of the connection, and of a transaction around them, left as they were. A page
 * past the last does not walk the business's rows to its OFFSET.
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

  const settingsOfConnection = async () =>
    (
      (await runner.query(`SELECT current_setting('plan_cache_mode') AS mode, current_setting('max_parallel_workers_per_gather') AS workers`)) as {
        mode: string;
        workers: string;
      }[]
    )[0];
  const plansOf = async (statementText: string) =>
    (await runner.query(`SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement LIKE $1`, [
      `PREPARE g\\_% AS ${statementText.slice(0, 60).replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    ])) as { generic: number; custom: number }[];

  it('plans the orders page once per connection, with the rows of the prepared statement', async () => {
    const before = await settingsOfConnection();
    const tx = new Tx(runner.manager);
    const expected = await runStatement(tx, readLatestSalePage, [biz.business_id, 20, 0]);
    expect(expected.map((row) => row.sale_number)).toEqual(['S-0003', 'S-0002', 'S-0001']);
    for (let run = 1; run <= 7; run++) {
      expect(await runStatementOnGenericPlan(tx, readLatestSalePage, [biz.business_id, 20, 0])).toEqual(expected);
      expect(await settingsOfConnection()).toEqual(before);
    }
    expect(await runStatementOnGenericPlan(tx, readLatestSalePage, [biz.business_id, 2, 1])).toEqual(expected.slice(1, 3));
    expect(await plansOf(readLatestSalePage.text)).toEqual([{ generic: 8, custom: 0 }]);
  });

  it('plans the products page once per connection', async () => {
    const tx = new Tx(runner.manager);
    const expected = await runStatement(tx, readProductPage, [biz.business_id, true, 20, 0]);
    expect(expected).toHaveLength(1);
    for (let run = 1; run <= 6; run++) {
      expect(await runStatementOnGenericPlan(tx, readProductPage, [biz.business_id, true, 20, 0])).toEqual(expected);
    }
    expect(await plansOf(readProductPage.text)).toEqual([{ generic: 6, custom: 0 }]);
  });

  it('runs serial on its generic plan, outside a transaction and inside one, and restores both settings', async () => {
    const before = await settingsOfConnection();
    expect(before.mode).toBe('auto');
    expect(before.workers).not.toBe('0');
    const outside = await runStatementOnGenericPlan(new Tx(runner.manager), planSettings, []);
    expect(outside).toEqual([{ mode: 'force_generic_plan', workers: '0' }]);
    expect(await settingsOfConnection()).toEqual(before);

    await runner.startTransaction();
    await runner.query(`SET LOCAL statement_timeout = '5s'`);
    const inside = await runStatementOnGenericPlan(new Tx(runner.manager), planSettings, []);
    expect(inside).toEqual([{ mode: 'force_generic_plan', workers: '0' }]);
    expect(await settingsOfConnection()).toEqual(before);
    expect((await runner.query(`SHOW statement_timeout`))[0].statement_timeout).toBe('5s');
    await runner.rollbackTransaction();
  });

  /** How many times the plan of `statement` scanned `table` (EXPLAIN ANALYZE, the statement's parameters bound). */
  async function scansOf(statement: { text: string }, params: unknown[], table: string): Promise<number> {
    const [{ 'QUERY PLAN': plan }] = (await runner.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, params)) as {
      'QUERY PLAN': { Plan: PlanNode }[];
    }[];
    const loops = (node: PlanNode): number =>
      (node['Relation Name'] === table ? node['Actual Loops'] : 0) + (node.Plans ?? []).reduce((sum, child) => sum + loops(child), 0);
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
