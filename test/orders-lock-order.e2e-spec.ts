import { Client } from 'pg';
import { seedProduct } from './helpers/orders-fixtures';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { WAITING_FOR_A_LOCK } from './helpers/lock-waits';

/**
 * The numbered statement of an order takes its locks in LockRank's order: sale counter, customer
 * totals, loyalty account, invoice counter. Unread parts of a statement would run in an order of
 * PostgreSQL's choosing; the parts read each other so they cannot. Shown here for real: with the
 * customer's row held by another transaction, the order waits holding the sale counter only.
 */
describe('POST /orders lock order', () => {
  let t: TestApp;
  let holder: Client;
  let probe: Client;

  beforeAll(async () => {
    t = await startTestApp();
    holder = new Client({ connectionString: t.databaseUrl });
    probe = new Client({ connectionString: t.databaseUrl });
    await Promise.all([holder.connect(), probe.connect()]);
  });
  afterAll(async () => {
    await Promise.all([holder.end(), probe.end()]);
    await t.close();
  });

  async function waitForLockWait(): Promise<void> {
    for (let i = 0; i < 200; i++) {
      const { rows } = await probe.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND ${WAITING_FOR_A_LOCK}`,
      );
      if (rows[0].n > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the order never waited for the customer row');
  }

  /** true when another transaction holds the row lock */
  async function isLocked(sql: string, params: unknown[]): Promise<boolean> {
    try {
      await probe.query('BEGIN');
      await probe.query(`${sql} FOR UPDATE NOWAIT`, params);
      return false;
    } catch (err) {
      if ((err as { code?: string }).code === '55P03') return true;
      throw err;
    } finally {
      await probe.query('ROLLBACK');
    }
  }

  async function knownCustomer(biz: TestBusiness, product: string): Promise<string> {
    const first = await apiAs(t, biz).post('/orders', { customer: { email: 'lock@shop.test' }, items: [{ product_id: product, quantity: 1 }] });
    expect(first.status).toBe(201);
    return first.body.data.customer_id as string;
  }

  it('waits on the customer row holding the sale counter, not the loyalty account nor the invoice counter', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '20.00' });
    const customerId = await knownCustomer(biz, product);
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM customers WHERE business_id = $1 AND id = $2 FOR UPDATE', [biz.business_id, customerId]);
    const order = apiAs(t, biz).post('/orders', { customer: { email: 'lock@shop.test' }, items: [{ product_id: product, quantity: 1 }], send_invoice: true });
    const response = order.then((r) => r);
    await waitForLockWait();

    const counter = (name: string) => isLocked('SELECT 1 FROM business_counters WHERE business_id = $1 AND name = $2', [biz.business_id, name]);
    expect(await counter('sale')).toBe(true);
    expect(await isLocked('SELECT 1 FROM loyalty_accounts WHERE business_id = $1 AND customer_id = $2', [biz.business_id, customerId])).toBe(false);
    expect(await counter('invoice')).toBe(false);

    await holder.query('COMMIT');
    const done = await response;
    expect(done.status).toBe(201);
    expect(done.body.data.invoice_number).toBe('INV-0001');
  });
});
