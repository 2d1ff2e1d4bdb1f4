import { ChildProcess } from 'child_process';
import * as path from 'path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { provisionBusiness } from '../src/modules/businesses/business-provisioning';
import { FaultDatabase } from './helpers/fault-db';
import { freePort, ROOT, runCli, startUntil, waitForExit } from './helpers/processes';
import { refusingUrl, sleep } from './helpers/receiver';

interface Outcome {
  what: 'adjust' | 'order';
  startedAt: number;
  endedAt: number;
  status?: number;
  error?: string;
}

/**
 * Issue 6 item 4b: SIGTERM to a real server process (`ts-node src/main.ts`) during write load.
 * In-flight requests complete, the process exits 0, every committed write was acknowledged and
 * every acknowledged write is committed (nothing partial: cli verify), and the events that no
 * receiver took remain pending in the outbox for a later start.
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
    const started = await startUntil(path.join(ROOT, 'node_modules', '.bin', 'ts-node'), ['--transpile-only', 'src/main.ts'], { env }, /listening on/, 90_000);
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
          await res.arrayBuffer();
          outcome.status = res.status;
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
    const killAt = Date.now();
    server.kill('SIGTERM');
    expect(await exited).toBe(0);
    await Promise.all(workers);
    expect(started.output()).toContain('SIGTERM received: shutting down');

    const answered = outcomes.filter((o) => o.status !== undefined);
    const inFlightAtSignal = answered.filter((o) => o.startedAt < killAt && o.endedAt >= killAt);
    const failed = outcomes.filter((o) => o.error !== undefined);
    process.stderr.write(
      `sigterm: ${answered.length} answered (${inFlightAtSignal.length} in flight at the signal), ${failed.length} refused: ${[...new Set(failed.map((o) => o.error))].join(', ')}\n`,
    );
    expect(answered.length).toBeGreaterThan(10);
    expect(answered.filter((o) => o.status !== 201)).toEqual([]);
    expect(inFlightAtSignal.length).toBeGreaterThan(0);
    // a request the server never took can only fail to connect (or find its idle connection closed)
    for (const o of failed) expect(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']).toContain(o.error);

    // every acknowledged write is committed, and nothing was committed without its answer
    const acknowledged = (what: Outcome['what']) => answered.filter((o) => o.what === what).length;
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
});
