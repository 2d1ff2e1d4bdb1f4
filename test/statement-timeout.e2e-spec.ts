import { Client } from 'pg';
import { seedProduct } from './helpers/orders-fixtures';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * DB_STATEMENT_TIMEOUT_MS: a statement of request work that runs too long (here: waits on a row
 * another connection holds) is cancelled, the request answers 503 SERVICE_UNAVAILABLE, and its
 * transaction writes nothing.
 */
describe('statement timeout', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ dbStatementTimeoutMs: 300 });
  });
  afterAll(() => t.close());

  /** Runs `request` while `lockSql` holds rows from another connection; answers what the request answered. */
  async function whileLocked<T extends { status: number }>(
    lockSql: string,
    params: unknown[],
    request: () => Promise<T>,
  ): Promise<{ res: T; waitedForRelease: boolean }> {
    const holder = new Client({ connectionString: t.databaseUrl });
    await holder.connect();
    await holder.query('BEGIN');
    await holder.query(lockSql, params);
    const pending = request();
    // the lock is released after 5 s at the latest: without a statement timeout the request would wait that long
    const early = await Promise.race([pending, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))]);
    await holder.query('ROLLBACK');
    await holder.end();
    return { res: early ?? (await pending), waitedForRelease: early === null };
  }

  it('a product update waiting on a locked row past the limit is 503 and changes nothing', async () => {
    const biz = await createBusiness(t);
    const api = apiAs(t, biz);
    const product = (await api.post('/products', { name: 'Before', price: 5 }).expect(201)).body.data;
    const { res, waitedForRelease } = await whileLocked(
      'SELECT 1 FROM products WHERE business_id = $1 AND id = $2 FOR UPDATE',
      [biz.business_id, product.id],
      () => api.put(`/products/${product.id}`, { name: 'After' }).then((r) => r),
    );
    expect({ status: res.status, code: res.body.error?.code, waitedForRelease }).toEqual({ status: 503, code: 'SERVICE_UNAVAILABLE', waitedForRelease: false });
    expect((await api.get(`/products/${product.id}`).expect(200)).body.data.name).toBe('Before');
  });

  it('an order waiting on a locked stock row past the limit is 503 and writes no sale, no movement, no number', async () => {
    const biz = await createBusiness(t);
    const api = apiAs(t, biz);
    const product = await seedProduct(t, biz, { stock: '5' });
    const { res } = await whileLocked('SELECT 1 FROM stock_levels WHERE business_id = $1 AND product_id = $2 FOR UPDATE', [biz.business_id, product], () =>
      api.post('/orders', { items: [{ product_id: product, quantity: 1 }] }).then((r) => r),
    );
    expect(res.status).toBe(503);
    const [counts] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM sales WHERE business_id = $1) AS sales,
              (SELECT count(*)::int FROM stock_movements WHERE business_id = $1 AND type = 'sale') AS movements`,
      [biz.business_id],
    );
    expect(counts).toEqual({ sales: 0, movements: 0 });
    // the next order gets the first number: the cancelled one took none
    expect((await api.post('/orders', { items: [{ product_id: product, quantity: 1 }] }).expect(201)).body.data.order_number).toBe('S-0001');
  });
});
