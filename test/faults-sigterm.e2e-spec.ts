import { ChildProcess } from 'child_process';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { provisionBusiness } from '../src/modules/businesses/business-provisioning';
import { Draining } from '../src/common/http/draining';
import { apiAs, countRows, createBusiness, startTestApp } from './helpers/test-app';
import { FaultDatabase } from './helpers/fault-db';
import { freePort, runCli, startUntil, TS_NODE, waitForExit } from './helpers/processes';
import { refusingUrl, sleep } from './helpers/receiver';

interface Outcome {
  what: 'adjust' | 'order';
  startedAt: number;
  endedAt: number;
  status?: number;
  code?: string;
  connection?: string | null;
  error?: string;
}

/**
 * SIGTERM to a real server process (`ts-node src/main.ts`) during write load from clients that keep
 * their connections alive. In-flight requests complete; a request that arrives after the signal on a
 * kept-alive connection is refused with 503 and `Connection: close`, never served; the process exits
 * 0 within WEBHOOK_TIMEOUT_MS plus a few seconds; every committed write was acknowledged and every
 * acknowledged write is committed (nothing partial: cli verify), and the events that no receiver took
 * remain pending in the outbox for a later start.
 */
describe('faults: SIGTERM during load', () => {
  let db: FaultDatabase;
  let ds: DataSource;
  let server: ChildProcess | undefined;

  beforeAll(async () => {
    db = await FaultDatabase.create('sigterm');
  }, 120_000);
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await ds?.destroy();
    await db?.destroy();
  });

  it('finishes in-flight requests, exits 0 and leaves no partial write', async () => {
    const port = await freePort();
    const env = {
      ...process.env,
      DATABASE_URL: db.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_MINUTE: '0',
      WEBHOOK_ALLOW_INSECURE: 'true',
      WEBHOOK_MAX_ATTEMPTS: '10',
      WEBHOOK_DISPATCH_INTERVAL_MS: '200',
    };
    const started = await startUntil(TS_NODE[0], [TS_NODE[1], 'src/main.ts'], { env }, /listening on/, 90_000);
    server = started.child;
    const exited = waitForExit(server, 120_000);

    ds = await new DataSource(dataSourceOptions(db.url, 2)).initialize();
    const biz = await ds.transaction((m) => provisionBusiness(m, { name: 'Sigterm' }));
    const base = `http://127.0.0.1:${port}/api/v1`;
    const headers = { Authorization: `Bearer ${biz.api_key}`, 'Content-Type': 'application/json' };
    const post = (p: string, body: object) => fetch(`${base}${p}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const created = async (p: string, body: object) => {
      const res = await post(p, body);
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: any }).data;
    };

    // a receiver nobody answers on: every delivery fails and waits for its retry
    const webhook = await created('/webhooks', { url: `${await refusingUrl()}/hook`, events: ['stock.adjusted', 'sale.completed'] });
    const product = await created('/products', { name: 'Rice', price: 1.25 });
    await created('/stock/adjustments', { product_id: product.id, quantity: 1_000_000, reason: 'restock' });

    const outcomes: Outcome[] = [];
    let serverGone = false;
    const worker = async (w: number) => {
      for (let i = 0; !serverGone; i++) {
        const what = (i + w) % 2 === 0 ? 'adjust' : 'order';
        const startedAt = Date.now();
        const outcome: Outcome = { what, startedAt, endedAt: 0 };
        try {
          const res =
            what === 'adjust'
              ? await post('/stock/adjustments', { product_id: product.id, quantity: 1, reason: 'count' })
              : await post('/orders', { customer: { email: `c${i % 3}@example.com` }, items: [{ product_id: product.id, quantity: 2 }] });
          outcome.status = res.status;
          outcome.connection = res.headers.get('connection');
          const body = (await res.json()) as { error?: { code: string } };
          outcome.code = body.error?.code;
        } catch (err) {
          outcome.error = String((err as { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
          serverGone = true;
        }
        outcome.endedAt = Date.now();
        outcomes.push(outcome);
      }
    };
    const workers = Array.from({ length: 10 }, (_, w) => worker(w));
    await sleep(1500);
    // the server logs the signal once it refuses new requests: a request sent after that line is read
    // here reaches a draining server, whatever the machine's speed
    let drainingSeenAt = Infinity;
    const watchLog = (chunk: Buffer) => {
      if (drainingSeenAt === Infinity && chunk.toString().includes('SIGTERM received')) drainingSeenAt = Date.now();
    };
    server.stdout!.on('data', watchLog);
    const killAt = Date.now();
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    const exitedAfterMs = Date.now() - killAt;
    await Promise.all(workers);
    expect(started.output()).toContain('SIGTERM received: shutting down');
    expect(drainingSeenAt).toBeLessThan(Infinity);
    expect(exitedAfterMs).toBeLessThan(10_000 + 5_000); // WEBHOOK_TIMEOUT_MS (default) plus a few seconds

    const answered = outcomes.filter((o) => o.status !== undefined);
    const inFlightAtSignal = answered.filter((o) => o.startedAt < killAt && o.endedAt >= killAt);
    const failed = outcomes.filter((o) => o.error !== undefined);
    process.stderr.write(
      `sigterm: ${answered.length} answered (${inFlightAtSignal.length} in flight at the signal), ${failed.length} refused: ${[...new Set(failed.map((o) => o.error))].join(', ')}\n`,
    );
    expect(answered.length).toBeGreaterThan(10);
    const served = answered.filter((o) => o.status === 201);
    const refused = answered.filter((o) => o.status !== 201);
    expect(inFlightAtSignal.length).toBeGreaterThan(0);
    // nothing is served once the server drains; what it refuses is a 503 that closes the connection
    expect(served.filter((o) => o.startedAt > drainingSeenAt)).toEqual([]);
    for (const o of refused) expect(o).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', connection: 'close' });
    // a request the server never took can only fail to connect (or find its idle connection closed)
    for (const o of failed) expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']).toContain(o.error);

    // every acknowledged write is committed, and nothing was committed without its answer
    const acknowledged = (what: Outcome['what']) => served.filter((o) => o.what === what).length;
    const [counts] = await ds.query(
      `SELECT (SELECT count(*) FROM stock_movements WHERE business_id = $1 AND type = 'adjustment' AND reason = 'count')::int AS adjustments,
              (SELECT count(*) FROM sales WHERE business_id = $1)::int AS orders,
              (SELECT quantity FROM stock_levels WHERE business_id = $1 AND product_id = $2)::numeric AS level`,
      [biz.business_id, product.id],
    );
    expect(counts.adjustments).toBe(acknowledged('adjust'));
    expect(counts.orders).toBe(acknowledged('order'));
    // stock + sold = initial + adjustments
    expect(Number(counts.level) + 2 * counts.orders).toBe(1_000_000 + counts.adjustments);

    const verify = await runCli(['verify', '--business', biz.business_id], { ...env, LOG_LEVEL: 'error' });
    expect(JSON.parse(verify.stdout.trim())).toMatchObject({ ok: true, drift: [] });
    expect(verify.code).toBe(0);

    // events: one per committed write, none delivered, none lost (still undispatched, or a delivery awaiting its retry)
    const [events] = await ds.query(
      `SELECT count(*) FILTER (WHERE type = 'stock.adjusted')::int AS adjusted,
              count(*) FILTER (WHERE type = 'sale.completed')::int AS completed,
              count(*) FILTER (WHERE type IN ('stock.adjusted', 'sale.completed') AND dispatched_at IS NOT NULL AND NOT EXISTS (
                SELECT 1 FROM webhook_deliveries d WHERE d.event_id = o.id AND d.webhook_id = $2 AND d.status IN ('pending', 'delivering')))::int AS lost,
              (SELECT count(*) FROM webhook_deliveries d WHERE d.webhook_id = $2 AND d.status = 'succeeded')::int AS delivered
         FROM outbox_events o WHERE business_id = $1`,
      [biz.business_id, webhook.id],
    );
    expect(events).toEqual({ adjusted: counts.adjustments + 1, completed: counts.orders, lost: 0, delivered: 0 });
  }, 180_000);

  it('once draining, a request on a kept-alive connection gets 503 with Connection: close and writes nothing', async () => {
    const t = await startTestApp();
    try {
      const biz = await createBusiness(t);
      const api = apiAs(t, biz);
      await api.get('/products').expect(200);
      t.app.get(Draining).start();
      const refused = await api.post('/products', { name: 'Late', price: 1 }).expect(503);
      expect(refused.headers.connection).toBe('close');
      expect(refused.body.error.code).toBe('SERVICE_UNAVAILABLE');
      expect(await countRows(t, 'products', biz.business_id)).toBe(0);
    } finally {
      await t.close();
    }
  });
});
