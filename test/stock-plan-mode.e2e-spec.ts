import { QueryRunner } from 'typeorm';
import { CombinedStatement } from '../src/database/combined-statement';
import { Tx } from '../src/database/transaction';
import { StockService } from '../src/modules/stock/stock.service';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * The product-stock lock sets plan_cache_mode for the rest of its transaction, so that the stock
 * statement after it runs on one plan per connection instead of being planned on every run
 * (product-stock-lock.sql.ts), and for that transaction only: the pooled connection keeps the default.
 */
describe('stock statements after the product-stock lock', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let product: string;
  let runner: QueryRunner;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
    product = await seedProduct(t, biz, { stock: '5' });
  });
  beforeEach(async () => {
    runner = t.db.createQueryRunner();
    await runner.connect();
  });
  afterEach(() => runner.release());
  afterAll(() => t.close());

  const planMode = async () => ((await runner.query('SHOW plan_cache_mode')) as { plan_cache_mode: string }[])[0].plan_cache_mode;

  it('are planned generically in the transaction of a lock taken as a statement of its own, and only there', async () => {
    expect(await planMode()).toBe('auto');
    await runner.startTransaction();
    await t.app.get(StockService).lockProducts(new Tx(runner.manager), biz.business_id, [product]);
    expect(await planMode()).toBe('force_generic_plan');
    await runner.commitTransaction();
    expect(await planMode()).toBe('auto');
  });

  it('are planned generically after a lock taken as part of a first statement (an order), until rollback', async () => {
    await runner.startTransaction();
    const first = new CombinedStatement();
    t.app.get(StockService).lockProductsInto(first, biz.business_id, [product]);
    await first.run(new Tx(runner.manager), { columns: { one: '1' } });
    expect(await planMode()).toBe('force_generic_plan');
    await runner.rollbackTransaction();
    expect(await planMode()).toBe('auto');
  });

  it('an order still takes its stock', async () => {
    const res = await t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send({ items: [{ product_id: product, quantity: 2 }] })
      .expect(201);
    expect(res.body.data.items[0].quantity).toBe(2);
    const [level] = await t.db.query(`SELECT quantity::text AS quantity FROM stock_levels WHERE business_id = $1 AND product_id = $2`, [
      biz.business_id,
      product,
    ]);
    expect(level.quantity).toBe('3.000');
  });
});
