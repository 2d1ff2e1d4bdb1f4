import { ChildProcess, spawn } from 'child_process';
import { randomBytes } from 'crypto';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { provisionBusiness } from '../src/modules/businesses/business-provisioning';
import { cloneTemplateDatabase } from './helpers/test-app';
import { freePort, ROOT, startUntil, TS_NODE, waitForExit } from './helpers/processes';
import { pollUntil, Receiver, startReceiver } from './helpers/receiver';
import { ReceivedSpan, spansOf } from './helpers/otlp-spans';
import { parseSamples, scrape, valueOf } from './helpers/prometheus-text';

/** The migrations' advisory lock (src/database/migrate.ts): held here, a starting server waits for it. */
const MIGRATIONS_LOCK = 7_425_001_263;

const status = async (url: string, headers: Record<string, string> = {}): Promise<number | 'refused'> => {
  try {
    return (await fetch(url, { headers })).status;
  } catch {
    return 'refused';
  }
};

/**
 * A real server process (`ts-node src/main.ts`): readiness 503 until its migrations are applied,
 * traces exported over OTLP/HTTP to a receiver on loopback (the request's route, its SQL statements,
 * the webhook delivery's span linked to it, the trace id in the request's log line), and with
 * SHUTDOWN_DELAY_MS readiness 503 after SIGTERM while requests are still served.
 */
describe('observability of a server process', () => {
  let server: ChildProcess | undefined;
  let receiver: Receiver;
  let ds: DataSource | undefined;
  let lock: Client | undefined;
  let emptyDb: string | undefined;

  beforeAll(async () => {
    receiver = await startReceiver();
  });
  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await lock?.end().catch(() => undefined);
    await ds?.destroy();
    await receiver?.close();
    if (emptyDb) {
      const admin = new Client({ connectionString: `${process.env.TEST_SERVER_URL}/postgres` });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${emptyDb}" WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    }
  });

  const env = (databaseUrl: string, port: number, extra: Record<string, string> = {}) => ({
    ...process.env,
    DATABASE_URL: databaseUrl,
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '0',
    ANALYTICS_WARM_INTERVAL_MS: '0',
    ...extra,
  });

  it('answers readiness 503 while the migrations wait, 200 once they are applied', async () => {
    emptyDb = `${process.env.TEST_TEMPLATE_DB}_empty_${randomBytes(4).toString('hex')}`;
    const admin = new Client({ connectionString: `${process.env.TEST_SERVER_URL}/postgres` });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${emptyDb}"`);
    await admin.end();
    const url = `${process.env.TEST_SERVER_URL}/${emptyDb}`;
    lock = new Client({ connectionString: url });
    await lock.connect();
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATIONS_LOCK]);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // nothing is written before the migrations are done: the port is what shows the process
    server = spawn(TS_NODE[0], [TS_NODE[1], 'src/main.ts'], { cwd: ROOT, env: env(url, port), stdio: 'ignore' });
    // the port answers before the migrations can run: alive, not ready
    expect(
      await pollUntil(
        () => status(`${base}/health/ready`),
        (s) => s !== 'refused',
        60_000,
      ),
    ).toBe(503);
    expect(await status(`${base}/health`)).toBe(200);
    expect(await status(`${base}/health/ready`)).toBe(503);
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATIONS_LOCK]);
    expect(
      await pollUntil(
        () => status(`${base}/health/ready`),
        (s) => s === 200,
        90_000,
      ),
    ).toBe(200);
    server.kill('SIGTERM');
    expect(await waitForExit(server, 60_000)).toBe(0);
  }, 240_000);

  it("exports the request's spans, its SQL statements' and the delivery's linked span; readiness leaves first on SIGTERM", async () => {
    const databaseUrl = await cloneTemplateDatabase();
    const port = await freePort();
    const metricsPort = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const started = await startUntil(
      TS_NODE[0],
      [TS_NODE[1], 'src/main.ts'],
      {
        env: env(databaseUrl, port, {
          OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
          OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
          OTEL_BSP_SCHEDULE_DELAY: '100',
          METRICS_PORT: String(metricsPort),
          WEBHOOK_ALLOW_INSECURE: 'true',
          WEBHOOK_DISPATCH_INTERVAL_MS: '100',
          SHUTDOWN_DELAY_MS: '15000',
        }),
      },
      /listening on/,
      90_000,
    );
    server = started.child;

    ds = await new DataSource(dataSourceOptions(databaseUrl, 2)).initialize();
    const biz = await ds.transaction((m) => provisionBusiness(m, { name: 'Traced' }));
    const headers = { Authorization: `Bearer ${biz.api_key}`, 'Content-Type': 'application/json' };
    const post = async (path: string, body: object) => {
      const res = await fetch(`${base}/api/v1${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect(res.status).toBe(201);
      return ((await res.json()) as { data: { id: string } }).data;
    };
    await post('/webhooks', { url: `${receiver.url}/hook`, events: ['sale.completed'] });
    const product = await post('/products', { name: 'Tea', price: 2.5 });
    await post('/stock/adjustments', { product_id: product.id, quantity: 10, reason: 'restock' });
    await post('/orders', { items: [{ product_id: product.id, quantity: 1 }] });
    await receiver.waitFor(1, { path: '/hook', timeoutMs: 30_000 });

    const isOrderRequest = (s: ReceivedSpan) =>
      s.kind === 2 && s.attributes['http.route'] === '/api/v1/orders' && s.attributes['http.request.method'] === 'POST';
    const spans = await pollUntil(
      () => spansOf(receiver.requests),
      (all) => all.some(isOrderRequest) && all.some((s) => s.name === 'webhook delivery'),
      30_000,
    );
    const request = spans.find(isOrderRequest);
    expect(request).toBeDefined();
    const statements = spans.filter((s) => s.traceId === request!.traceId && typeof s.attributes['db.query.text'] === 'string');
    expect(statements.length).toBeGreaterThanOrEqual(3);
    expect(statements.every((s) => s.attributes['db.system.name'] === 'postgresql')).toBe(true);
    expect(statements.some((s) => /INSERT INTO outbox_events/.test(String(s.attributes['db.query.text'])))).toBe(true);
    const delivery = spans.find((s) => s.name === 'webhook delivery');
    expect(delivery!.traceId).not.toBe(request!.traceId);
    expect(delivery!.links.map((l) => l.traceId)).toEqual([request!.traceId]);
    expect(spans.filter((s) => s.traceId === request!.traceId).map((s) => s.spanId)).toContain(delivery!.links[0].spanId);
    // the request's log line carries its trace id
    const line = started
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((r) => r.msg === 'request' && r.route === '/api/v1/orders' && r.method === 'POST');
    expect(line?.trace_id).toBe(request!.traceId);
    expect(valueOf(parseSamples(await scrape(metricsPort)), 'webhook_deliveries_total', { outcome: 'succeeded' })).toBe(1);

    // SIGTERM with SHUTDOWN_DELAY_MS: not ready at once, still serving, then gone
    const exited = waitForExit(server, 120_000);
    server.kill('SIGTERM');
    expect(
      await pollUntil(
        () => status(`${base}/health/ready`),
        (s) => s === 503,
        10_000,
      ),
    ).toBe(503);
    expect(await status(`${base}/api/v1/business`, { Authorization: `Bearer ${biz.api_key}` })).toBe(200);
    expect(await status(`${base}/health/ready`)).toBe(503);
    expect(await exited).toBe(0);
  }, 240_000);
});
