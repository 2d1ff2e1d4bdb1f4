import { DataSource, QueryRunner } from 'typeorm';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { WAITING_FOR_A_LOCK } from './helpers/lock-waits';

/**
 * stock.low and stock.out fire on the product's total over all warehouses. Two changes of one
 * product in different warehouses, at once, must still see each other: each crossing is recorded
 * exactly once. The interleaving is forced, not hoped for: a blocker holds both warehouses' level
 * rows until both requests wait on a lock, then lets them go (`.then` sends a supertest request now).
 */
describe('stock crossings under concurrent changes in different warehouses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function productInTwoWarehouses(biz: TestBusiness, minStock: number, each: number) {
    const api = apiAs(t, biz);
    const product = (await api.post('/products', { name: 'Lamp', price: 5, min_stock: minStock }).expect(201)).body.data.id as string;
    const back = (await api.post('/warehouses', { name: 'Back' }).expect(201)).body.data.id as string;
    const main = (await api.get('/warehouses').expect(200)).body.data.find((w: { is_default: boolean }) => w.is_default).id as string;
    for (const warehouse_id of [main, back]) {
      await api.post('/stock/adjustments', { product_id: product, warehouse_id, quantity: each, reason: 'restock' }).expect(201);
    }
    return { api, product, warehouses: [main, back] };
  }

  /** Holds the product's level rows; `release` once `waiting` requests of the business wait on a lock. */
  async function blockLevels(db: DataSource, businessId: string, productId: string): Promise<{ release: (waiting: number) => Promise<void> }> {
    const blocker: QueryRunner = db.createQueryRunner();
    await blocker.connect();
    await blocker.startTransaction();
    await blocker.query(`SELECT 1 FROM stock_levels WHERE business_id = $1 AND product_id = $2 FOR UPDATE`, [businessId, productId]);
    const blockerPid = ((await blocker.query(`SELECT pg_backend_pid() AS pid`)) as { pid: number }[])[0].pid;
    return {
      release: async (waiting: number) => {
        for (;;) {
          const [{ n }] = await db.query<{ n: number }[]>(
            `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND ${WAITING_FOR_A_LOCK} AND pid <> $1`,
            [blockerPid],
          );
          if (n >= waiting) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await blocker.commitTransaction();
        await blocker.release();
      },
    };
  }

  async function events(biz: TestBusiness, type: string): Promise<number[]> {
    const rows = await t.db.query<{ data: { stock: number } }[]>(`SELECT data FROM outbox_events WHERE business_id = $1 AND type = $2`, [
      biz.business_id,
      type,
    ]);
    return rows.map((e) => e.data.stock);
  }

  it('two orders taking the last unit of each warehouse: one stock.out, at 0', async () => {
    const biz = await createBusiness(t);
    const { api, product, warehouses } = await productInTwoWarehouses(biz, 0, 1);
    const blocker = await blockLevels(t.db, biz.business_id, product);
    const orders = warehouses.map((warehouse_id) => api.post('/orders', { warehouse_id, items: [{ product_id: product, quantity: 1 }] }).then((r) => r));
    await blocker.release(2);
    expect((await Promise.all(orders)).map((r) => r.status)).toEqual([201, 201]);
    expect(await events(biz, 'stock.out')).toEqual([0]);
  });

  it('two adjustments crossing below min_stock together: one stock.low', async () => {
    const biz = await createBusiness(t);
    const { api, product, warehouses } = await productInTwoWarehouses(biz, 10, 5);
    const blocker = await blockLevels(t.db, biz.business_id, product);
    const adjustments = warehouses.map((warehouse_id) =>
      api.post('/stock/adjustments', { product_id: product, warehouse_id, quantity: -1, reason: 'damage' }).then((r) => r),
    );
    await blocker.release(2);
    expect((await Promise.all(adjustments)).map((r) => r.status)).toEqual([201, 201]);
    expect(await events(biz, 'stock.low')).toEqual([9]);
  });
});
