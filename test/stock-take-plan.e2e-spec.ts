import { randomUUID } from 'crypto';
import { QueryRunner } from 'typeorm';
import { Tx } from '../src/database/transaction';
import { deductStockForSale } from '../src/modules/stock/persistence/stock-sale.sql';
import { describeKeptPlans, keptGenericPlan } from './helpers/kept-plan';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * The stock a sale takes runs on a generic plan made once per connection (Tx.runOnGenericPlan) and
 * kept while the catalog grows. Made here on a catalog of two products, the plan a connection keeps
 * must reach every row by its key: a scan of the products or of the warehouse's levels, the cheaper
 * plan at that size, cost the orders bench 463 -> 82 orders/s once the catalog had grown to 50,000.
 */
describeKeptPlans('the stock a sale takes: the plan a connection keeps', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let products: string[];
  let runner: QueryRunner;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
    products = [await seedProduct(t, biz, { stock: '10' }), await seedProduct(t, biz, { stock: '10' })];
    runner = t.db.createQueryRunner();
    await runner.connect();
  });
  afterAll(async () => {
    await runner.release();
    await t.close();
  });

  const params = (): [string, string, number[], string[], string[], string] => [biz.business_id, biz.warehouse_id, [1, 2], products, ['1', '2'], randomUUID()];

  it('takes the stock, then keeps a plan of key probes: no table scanned, no hash or merge join, no JIT', async () => {
    await runner.startTransaction();
    try {
      const rows = await new Tx(runner.manager).runOnGenericPlan(deductStockForSale, params());
      expect(rows.map((row) => [row.product_id, row.after]).sort()).toEqual(
        [
          [products[0], '9.000'],
          [products[1], '8.000'],
        ].sort(),
      );
    } finally {
      await runner.rollbackTransaction();
    }
    const literals = params()
      .map((value) => (Array.isArray(value) ? `'{${value.map(String).join(',')}}'` : `'${value}'`))
      .join(', ');
    const plan = await keptGenericPlan(runner, 'g_', deductStockForSale.text, literals);
    expect(plan).not.toMatch(/Seq Scan|Bitmap Heap Scan|Hash Join|Merge Join|JIT/);
    expect(plan).toMatch(/Tid Scan on stock_levels/);
    expect(plan).toMatch(/Index Scan using products_pkey on products/);
    expect(plan).toMatch(/Index Cond: \(\(business_id = \$1\) AND \(product_id = r\.product_id\)\)/);
  });
});
