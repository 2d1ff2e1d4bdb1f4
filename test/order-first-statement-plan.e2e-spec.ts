import { QueryRunner } from 'typeorm';
import { keptGenericPlan } from './helpers/kept-plan';
import { seedProduct } from './helpers/orders-fixtures';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * An order's first statement (its products' stock locks, its products and warehouse, its customer's
 * find-or-create) runs on a generic plan made once per connection and kept while the business grows
 * (Tx.preparedOnGenericPlan). Left to PostgreSQL's plan cache it was planned again on every order
 * (its generic plan looking dearer than the custom ones): 14% of PostgreSQL's CPU per order in the
 * orders bench. Made here on a business of two products and no customer, the plan the connection
 * keeps must reach every row by its key, in each of the statement's shapes.
 */
describe("an order's first statement: the plan a connection keeps", () => {
  let t: TestApp;
  let biz: TestBusiness;
  let products: string[];
  let runner: QueryRunner;

  beforeAll(async () => {
    // one pooled connection: the orders' and the EXPLAIN's
    t = await startTestApp({ dbPoolMax: 1 });
    biz = await createBusiness(t);
    products = [await seedProduct(t, biz), await seedProduct(t, biz)];
  });
  afterAll(async () => {
    await runner?.release();
    await t.close();
  });

  it('is a plan of key probes in every shape: no table scanned, no hash or merge join, no JIT', async () => {
    const items = products.map((product_id) => ({ product_id, quantity: 1 }));
    const shapes = [
      { items },
      { items, customer: { name: 'Ann', email: 'ann@example.test' } },
      { items, warehouse_id: biz.warehouse_id },
      { items, warehouse_id: biz.warehouse_id, customer: { name: 'Bob', phone: '+1 555 0100' } },
    ];
    for (const body of shapes) await apiAs(t, biz).post('/orders', body).expect(201);

    runner = t.db.createQueryRunner();
    await runner.connect();
    const names = (await runner.query(
      `SELECT name FROM pg_prepared_statements WHERE starts_with(name, 'g_') AND position('"stock.productLocks"' in statement) > 0`,
    )) as {
      name: string;
    }[];
    expect(names).toHaveLength(shapes.length);
    for (const { name } of names) {
      const [{ statement }] = (await runner.query('SELECT statement FROM pg_prepared_statements WHERE name = $1', [name])) as { statement: string }[];
      const plan = await keptGenericPlan(runner, 'g_', statement.slice(statement.indexOf(' AS ') + 4));
      expect(plan).not.toMatch(/Seq Scan|Bitmap Heap Scan|Hash Join|Merge Join|JIT/);
      expect(plan).toMatch(/Index Scan using products_pkey on products/);
    }
  });
});
