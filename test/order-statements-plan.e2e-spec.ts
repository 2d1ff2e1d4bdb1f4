import { QueryRunner } from 'typeorm';
import { describeKeptPlans, keptGenericPlan } from './helpers/kept-plan';
import { SaleShape } from '../src/modules/orders/sale-effect';
import { seedProduct } from './helpers/orders-fixtures';
import { arrangeShape, orderBodyOf, registeredSaleShapes } from './helpers/sale-shapes';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * An order's combined statements run on generic plans made once per connection and kept while the
 * business grows (CombinedStatement.run, PlanMode `probes`). Left to PostgreSQL's plan cache, the
 * first (its products' stock locks, its products and warehouse, its customer's find-or-create) was
 * planned again on every order, 14% of PostgreSQL's CPU per order in the orders bench, and the
 * numbered one kept a plan made on a one-page business_counters: a scan of every counter of every
 * business, on every order. Made here on a business of two products, the plans the connection keeps
 * must reach every row by its key, in each of the statements' shapes (the numbered one's from the
 * registered sale effects' shapes).
 */
describeKeptPlans("an order's statements: the plans a connection keeps", () => {
  let t: TestApp;
  let biz: TestBusiness;
  let runner: QueryRunner;
  let shapes: SaleShape[];

  beforeAll(async () => {
    // one pooled connection: the orders' and the EXPLAINs'
    t = await startTestApp({ dbPoolMax: 1 });
    biz = await createBusiness(t);
    const items = [await seedProduct(t, biz), await seedProduct(t, biz)].map((product_id) => ({ product_id, quantity: 1 }));
    // statistics of small tables, as autovacuum would leave them: a scan is then the cheaper plan
    await t.db.query('ANALYZE');
    // every combination of the registered effects' shapes, with the default warehouse and with it named:
    // the first statement's four shapes (customer or not, warehouse or not) come with them
    shapes = registeredSaleShapes(t);
    for (const [i, shape] of shapes.entries()) {
      for (const warehouse of [{}, { warehouse_id: biz.warehouse_id }]) {
        const tag = `plan${i}-${Object.keys(warehouse).length}`;
        const inputs = await arrangeShape(t, biz, shape, tag);
        const body = { ...orderBodyOf(shape, items, tag, inputs), ...warehouse };
        await apiAs(t, biz).post('/orders', body).expect(201);
      }
    }
    runner = t.db.createQueryRunner();
    await runner.connect();
  });
  afterAll(async () => {
    await runner.release();
    await t.close();
  });

  /** The plans kept for the statements whose text has `part`, each shape's. */
  async function keptPlans(part: string): Promise<string[]> {
    const kept = (await runner.query(`SELECT statement FROM pg_prepared_statements WHERE starts_with(name, 'g_') AND position($1 in statement) > 0`, [
      `"${part}"`,
    ])) as { statement: string }[];
    const plans: string[] = [];
    for (const { statement } of kept) plans.push(await keptGenericPlan(runner, 'g_', statement.slice(statement.indexOf(' AS ') + 4)));
    return plans;
  }

  it('the first statement, in each of its four shapes: key probes, no table scanned, no hash or merge join, no JIT', async () => {
    const plans = await keptPlans('stock.productLocks');
    expect(plans).toHaveLength(4);
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan|Bitmap Heap Scan|Hash Join|Merge Join|JIT/);
      expect(plan).toMatch(/Index Scan using products_pkey on products/);
    }
  });

  it('the numbered statement, in the shapes of the registered effects: key probes, no table scanned, no hash or merge join, no JIT', async () => {
    const plans = await keptPlans('orders.saleNumber');
    // shapes whose statements differ only in values share a text; today's four effects make four texts
    expect(plans.length).toBeGreaterThanOrEqual(Math.min(4, shapes.length));
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan|Bitmap Heap Scan|Hash Join|Merge Join|JIT/);
      expect(plan).toMatch(/Index Scan using business_counters_pkey on business_counters/);
    }
  });
});
