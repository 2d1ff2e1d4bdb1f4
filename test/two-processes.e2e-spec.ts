import { ChildProcess } from 'child_process';
import { randomBytes } from 'crypto';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { provisionBusiness, ProvisionedBusiness } from '../src/modules/businesses/business-provisioning';
import { freePort, startUntil, TS_NODE, waitForExit } from './helpers/processes';
import { pollUntil, Receiver, sleep, startReceiver } from './helpers/receiver';
import { cloneTemplateDatabase } from './helpers/test-app';
import { inPool } from './helpers/in-pool';
import { RedisRateLimitStore } from '../src/common/security/redis-rate-limit-store';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LIMIT = 50;
const ORDERS = 40;

/**
 * Issue 15 goal 4: two servers (`ts-node src/main.ts`, each its own process) on one database and
 * one Redis. A key's rate limit holds across both, orders spread over both take gapless numbers, and
 * the two webhook dispatchers deliver every event exactly once.
 */
describe('two processes, one database, one Redis', () => {
  let ds: DataSource;
  let receiver: Receiver;
  const servers: { child: ChildProcess; base: string }[] = [];

  beforeAll(async () => {
    const databaseUrl = await cloneTemplateDatabase();
    ds = await new DataSource(dataSourceOptions(databaseUrl, 2)).initialize();
    receiver = await startReceiver();
    const env = {
      ...process.env,
      DATABASE_URL: databaseUrl,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info', // the start-up line the test waits for is logged at info
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      REDIS_URL,
      REDIS_KEY_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      WEBHOOK_ALLOW_INSECURE: 'true',
      WEBHOOK_DISPATCH_INTERVAL_MS: '100',
      ANALYTICS_WARM_INTERVAL_MS: '0',
    };
    const started = await Promise.all(
      [0, 1].map(async () => {
        const port = await freePort();
        const { child } = await startUntil(TS_NODE[0], [TS_NODE[1], 'src/main.ts'], { env: { ...env, PORT: String(port) } }, /listening on/, 90_000);
        return { child, base: `http://127.0.0.1:${port}/api/v1` };
      }),
    );
    servers.push(...started);
  }, 120_000);

  afterAll(async () => {
    for (const { child } of servers) child.kill('SIGTERM');
    await Promise.all(servers.map(({ child }) => waitForExit(child).catch(() => child.kill('SIGKILL'))));
    await receiver?.close();
    await ds?.destroy();
  });

  const business = (name: string) => ds.transaction((m) => provisionBusiness(m, { name }));
  const call = (i: number, biz: ProvisionedBusiness, path: string, body?: object) =>
    fetch(`${servers[i % 2].base}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: { Authorization: `Bearer ${biz.api_key}`, 'Content-Type': 'application/json' },
      body: body ? JSON.stringify(body) : undefined,
    });

  it('one API key gets its limit across both processes together, not once per process', async () => {
    const biz = await business('Limited');
    // the sliding window weighs the previous minute from its boundary on: keep the burst inside one minute
    while (Date.now() % 60_000 > 55_000) await sleep(500);
    const statuses = await inPool(
      Array.from({ length: LIMIT * 2 }, (_, i) => i),
      8,
      async (i) => (await call(i, biz, '/business')).status,
    );
    expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LIMIT);
    // both processes answered half of the requests: each alone would have let all of its share through
    const refusedBy = [0, 1].map((p) => statuses.filter((s, i) => i % 2 === p && s === 429).length);
    expect(refusedBy[0] + refusedBy[1]).toBe(LIMIT);
    const other = await business('Unaffected');
    expect((await call(0, other, '/business')).status).toBe(200);
    expect((await call(1, other, '/business')).status).toBe(200);
  });

  it('orders spread over both take gapless numbers, and each sale.completed is delivered once', async () => {
    const biz = await business('Busy');
    const hook = await call(0, biz, '/webhooks', { url: `${receiver.url}/two/sales`, events: ['sale.completed'] });
    expect(hook.status).toBe(201);
    const product = (await (await call(1, biz, '/products', { name: 'Tea', price: 2.5 })).json()) as { data: { id: string } };
    expect((await call(0, biz, '/stock/adjustments', { product_id: product.data.id, quantity: ORDERS, reason: 'restock' })).status).toBe(201);

    const orders = await inPool(
      Array.from({ length: ORDERS }, (_, i) => i),
      8,
      async (i) => {
        const res = await call(i, biz, '/orders', {
          customer: { email: `c${i % 5}@example.com` },
          items: [{ product_id: product.data.id, quantity: 1 }],
          send_invoice: true,
        });
        expect(res.status).toBe(201);
        return ((await res.json()) as { data: { order_id: string; order_number: string } }).data;
      },
    );
    const numbers = orders.map((o) => Number(o.order_number.split('-').pop())).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: ORDERS }, (_, i) => i + 1));
    const invoices: { number: string }[] = await ds.query(`SELECT number FROM invoices WHERE business_id = $1 ORDER BY number::bigint`, [biz.business_id]);
    expect(invoices.map((r) => Number(r.number))).toEqual(numbers);

    // settled in the database: every delivery request has been answered before its row says succeeded
    await pollUntil(
      async () =>
        (
          await ds.query(
            `SELECT count(*) FILTER (WHERE status = 'succeeded')::int AS done, count(*)::int AS all FROM webhook_deliveries WHERE business_id = $1`,
            [biz.business_id],
          )
        )[0],
      (r: { done: number; all: number }) => r.all === ORDERS && r.done === ORDERS,
      30_000,
    );
    const received = receiver.on('/two/sales').map((r) => r.body.data.sale_id as string);
    expect(received).toHaveLength(ORDERS);
    expect(new Set(received)).toEqual(new Set(orders.map((o) => o.order_id)));
  });
});

describe('the shared rate-limit store', () => {
  it('a REDIS_URL that does not answer stops the start instead of limiting nothing', async () => {
    await expect(RedisRateLimitStore.connect('redis://127.0.0.1:1', 'test:')).rejects.toThrow('REDIS_URL does not answer: connect ECONNREFUSED 127.0.0.1:1');
  });
});
