import { QueryRunner } from 'typeorm';
import { Tx } from '../src/database/transaction';
import { deductStockForSale } from '../src/modules/stock/persistence/stock-sale.sql';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { plannedRuns } from './helpers/kept-plan';

/**
 * The sale's stock deduction runs on its generic plan (Tx.runOnGenericPlan, stock-sale.sql.ts):
 * planned once per connection instead of on every run, with the plan mode of the rest of the
 * transaction, and of the connection, left as it was.
 */
describe('a statement on its generic plan', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let warehouse: string;
  let runner: QueryRunner;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
    warehouse = biz.warehouse_id;
  });
  beforeEach(async () => {
    runner = t.db.createQueryRunner();
    await runner.connect();
  });
  afterEach(() => runner.release());
  afterAll(() => t.close());

  const show = async () => ((await runner.query('SHOW plan_cache_mode')) as { plan_cache_mode: string }[])[0].plan_cache_mode;

  async function deduct(tx: Tx, product: string, quantity: string) {
    return tx.runOnGenericPlan(deductStockForSale, [biz.business_id, warehouse, [1], [product], [quantity], '00000000-0000-4000-8000-000000000000']);
  }

  it('is planned once and leaves the plan mode of the transaction and the connection alone', async () => {
    const product = await seedProduct(t, biz, { stock: '100' });
    await runner.startTransaction();
    const tx = new Tx(runner.manager);
    for (let run = 1; run <= 7; run++) {
      const [row] = await deduct(tx, product, '1');
      expect(row).toMatchObject({ product_id: product, requested: '1', after: String(100 - run) + '.000' });
      expect(await show()).toBe('auto');
    }
    const [plans] = (await runner.query(
      `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE name LIKE 'g\\_%'`,
    )) as {
      generic: number;
      custom: number;
    }[];
    expect(plans).toEqual(plannedRuns(7));
    await runner.rollbackTransaction();
    expect(await show()).toBe('auto');
  });

  it('reports a short product as the deduction always did, and a failure writes nothing', async () => {
    const product = await seedProduct(t, biz, { stock: '2' });
    await runner.startTransaction();
    const [short] = await deduct(new Tx(runner.manager), product, '3');
    expect(short).toMatchObject({ product_id: product, requested: '3', available: '2.000', after: null });
    await runner.rollbackTransaction();
    await runner.startTransaction();
    await expect(deduct(new Tx(runner.manager), 'not-a-uuid', '1')).rejects.toThrow();
    await runner.rollbackTransaction();
    const [level] = await t.db.query(`SELECT quantity::text AS quantity FROM stock_levels WHERE business_id = $1 AND product_id = $2`, [
      biz.business_id,
      product,
    ]);
    expect(level.quantity).toBe('2.000');
  });
});
