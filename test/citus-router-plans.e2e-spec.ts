import { Client } from 'pg';
import { citusTasksOf, ExplainedStatement, StatementCapture } from './helpers/citus-plans';
import { seedProduct } from './helpers/orders-fixtures';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * On a Citus cluster (issue 46, docs/scale-out.md, "What a request touches"), every statement an
 * order sends, and those of a few reads (the order, the orders page, filtered, the products page, the
 * dashboard), is routed to the one worker that holds its business: each statement and each of its
 * subplans is one task, on that worker. A statement that names its business on one table only, or
 * joins in a subquery without the value, plans as several tasks (or fails), and this test fails.
 *
 * The statements are the ones the service sent, captured with their values, then EXPLAINed on a
 * connection of the test's (executing nothing). On a plain PostgreSQL there is no plan to route:
 * skipped (CITUS=1 runs it; .ci/run's Citus subset does).
 */
const onCitus = Boolean(process.env.TEST_CITUS_WORKERS);
const describeOnCitus = onCitus ? describe : describe.skip;
if (!onCitus) {
  console.info('test/citus-router-plans: skipped, not on a Citus cluster (CITUS=1 runs it)');
}

describeOnCitus("on Citus: the statements of an order and of reads are routed to the business's worker", () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;
  let worker: number;
  const capture = new StatementCapture();

  beforeAll(async () => {
    // no background claims while a request's statements are captured
    t = await startTestApp({ webhookDispatcher: false, mailDispatcher: false, importResumeIntervalMs: 3_600_000 });
    capture.install();
    // two businesses on different workers: a statement routed by the wrong value would show the other's
    const businesses: TestBusiness[] = [];
    const ports = new Map<string, number>();
    for (let i = 0; businesses.length < 2 && i < 40; i++) {
      const b = await createBusiness(t, `Routed ${i}`);
      const port = await workerOf(b.business_id);
      if ([...ports.values()].includes(port)) continue;
      ports.set(b.business_id, port);
      businesses.push(b);
    }
    expect(businesses).toHaveLength(2);
    [biz, other] = businesses;
    worker = ports.get(biz.business_id)!;
  });
  afterAll(async () => {
    capture.uninstall();
    await t?.close();
  });

  async function workerOf(businessId: string): Promise<number> {
    const [row] = await t.db.query<{ nodeport: number }[]>(
      `SELECT nodeport FROM citus_shards WHERE shardid = get_shard_id_for_distribution_column('sales', $1::uuid)`,
      [businessId],
    );
    return Number(row.nodeport);
  }

  /** The statements of `work`, explained. */
  async function explained(work: () => Promise<unknown>): Promise<ExplainedStatement[]> {
    const statements = await capture.capture(work);
    return capture.explainAll(t.databaseUrl, statements);
  }

  /** Each statement that reaches a table of Citus's: one task per (sub)plan, on the business's worker. */
  function notRouted(plans: ExplainedStatement[]): { text: string; taskCounts: number[]; ports: number[] }[] {
    return plans
      .map((p) => ({ text: p.text.replace(/\s+/g, ' ').slice(0, 160), ...citusTasksOf(p.plan) }))
      .filter((p) => p.distributed)
      .filter((p) => p.taskCounts.some((n) => n !== 1) || p.ports.some((port) => port !== worker && port !== coordinatorPort()))
      .map(({ text, taskCounts, ports }) => ({ text, taskCounts, ports }));
  }

  function coordinatorPort(): number {
    return Number(new URL(t.databaseUrl).port || 5432);
  }

  it('POST /orders: every statement, the numbered one and its CTEs included, one task on the worker of the business', async () => {
    const mug = await seedProduct(t, biz, { price: '4.50', stock: '20' });
    const tea = await seedProduct(t, biz, { price: '3.25', stock: '20' });
    await seedProduct(t, other, { price: '1.00', stock: '5' });
    const plans = await explained(() =>
      apiAs(t, biz)
        .post('/orders', {
          customer: { name: 'Ada', email: 'ada@routed.test' },
          items: [
            { product_id: mug, quantity: 2 },
            { product_id: tea, quantity: 1 },
          ],
          payment_method: 'card',
          send_invoice: true,
        })
        .expect(201),
    );
    const distributed = plans.filter((p) => citusTasksOf(p.plan).distributed);
    // the products' locks and stock take, and the numbered statement, among them
    expect(distributed.length).toBeGreaterThanOrEqual(3);
    expect(distributed.some((p) => p.text.includes('"stock.productLocks"'))).toBe(true);
    expect(distributed.some((p) => p.text.includes('"orders.saleNumber"'))).toBe(true);
    // a statement of CTEs with an INSERT runs CTE by CTE, each a subplan: still one task each
    expect(distributed.some((p) => /Distributed Subplan/.test(p.plan))).toBe(true);
    expect(distributed.some((p) => citusTasksOf(p.plan).ports.includes(worker))).toBe(true);
    expect(notRouted(plans)).toEqual([]);
  });

  it('reads: the order, the orders page (unfiltered, by status, by customer), the CSV export, the products page, the dashboard', async () => {
    const product = await seedProduct(t, biz, { price: '2.00', stock: '10' });
    const order = (
      await apiAs(t, biz)
        .post('/orders', { items: [{ product_id: product, quantity: 1 }] })
        .expect(201)
    ).body.data;
    const customer = (await apiAs(t, biz).get('/orders').expect(200)).body.data.find((o: { customer_id: string | null }) => o.customer_id)?.customer_id;
    const reads = [
      `/orders/${order.order_id}`,
      '/orders',
      '/orders?status=completed',
      ...(customer ? [`/orders?customer_id=${customer}`] : []),
      '/orders/export',
      '/products',
      '/analytics/dashboard',
    ];
    for (const path of reads) {
      // the dashboard first fills the rollups of the hours closed since its last read, a write that
      // runs or not by the clock; read once before, so the explained read is the same at any hour
      // (that fill's own EXPLAIN on Citus is refused, "could not create distributed plan", though it runs)
      if (path === '/analytics/dashboard') await apiAs(t, biz).get(path).expect(200);
      const plans = await explained(() => apiAs(t, biz).get(path).expect(200));
      expect({ path, some: plans.some((p) => citusTasksOf(p.plan).distributed) }).toEqual({ path, some: true });
      expect({ path, notRouted: notRouted(plans) }).toEqual({ path, notRouted: [] });
    }
  });

  it('the check can fail: a read joining in a subquery without the value plans as a task per shard', async () => {
    const c = new Client({ connectionString: t.databaseUrl });
    await c.connect();
    try {
      const { rows } = await c.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT s.id, (SELECT count(*) FROM sale_items i WHERE i.business_id = s.business_id AND i.sale_id = s.id) FROM sales s
          WHERE s.business_id = $1`,
        [biz.business_id],
      );
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      expect(notRouted([{ text: 'unrouted', plan }])).toHaveLength(1);
    } finally {
      await c.end();
    }
  });
});
