import * as fs from 'fs';
import * as path from 'path';
import { QueryRunner } from 'typeorm';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { seedProduct } from './helpers/orders-fixtures';
import { freePort } from './helpers/processes';
import { declaredMetrics, parseSamples, Sample, scrape, valueOf } from './helpers/prometheus-text';
import { ROOT } from './helpers/processes';

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
const EMAIL = /@/;
const API_KEY = /bo_/;

/**
 * Metrics (docs/operations.md, "Metrics"): Prometheus text on METRICS_PORT only, the request
 * histogram by route template, the pool and outbox gauges read at scrape time, the service's
 * counters, and no label value that is an id, an email, a key or a client's text.
 */
describe('metrics', () => {
  let t: TestApp;
  let port: number;
  let biz: TestBusiness;
  const samples = async (): Promise<Sample[]> => parseSamples(await scrape(port));

  beforeAll(async () => {
    port = await freePort();
    // events and mail stay in their outboxes: the backlog gauges can only grow here
    t = await startTestApp({ metricsPort: port, metricsHost: '127.0.0.1', webhookDispatcher: false, mailDispatcher: false, smtpUrl: 'smtp://127.0.0.1:9' });
    biz = await createBusiness(t, 'Metrics Shop', { currency: 'CHF' });
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  it('serves /metrics on METRICS_PORT only: the API port answers 404', async () => {
    // what any path no route serves answers: 404 with a key, 401 without (an anonymous caller learns nothing)
    await t.http().get('/metrics').set(biz.auth).expect(404);
    await t.http().get('/metrics').expect(401);
    await t.http().get('/api/v1/metrics').set(biz.auth).expect(404);
    const text = await scrape(port);
    expect(text).toContain('# TYPE http_server_request_duration_seconds histogram');
    const other = await fetch(`http://127.0.0.1:${port}/api/v1/business`);
    expect(other.status).toBe(404);
  });

  it("counts each request in the histogram under its route's template, unmatched paths under `unmatched`", async () => {
    const api = apiAs(t, biz);
    const product = await seedProduct(t, biz);
    const route = { method: 'GET', route: '/api/v1/products/:id', status_code: '200' };
    const before = valueOf(await samples(), 'http_server_request_duration_seconds_count', route);
    const unmatchedBefore = valueOf(await samples(), 'http_server_request_duration_seconds_count', { route: 'unmatched', status_code: '404' });
    for (let i = 0; i < 3; i++) await api.get(`/products/${product}`).expect(200);
    await t.http().get(`/api/v1/no-such-thing/${product}`).set(biz.auth).expect(404);
    const after = await samples();
    expect(valueOf(after, 'http_server_request_duration_seconds_count', route)).toBe(before + 3);
    expect(valueOf(after, 'http_server_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(before + 3);
    expect(valueOf(after, 'http_server_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(unmatchedBefore + 1);
  });

  it('counts orders and sums their totals exactly by currency; the outbox gauges grow with what waits', async () => {
    const api = apiAs(t, biz);
    const product = await seedProduct(t, biz, { price: '0.10' });
    const before = await samples();
    const mailWaiting = valueOf(before, 'outbox_backlog', { outbox: 'mail' });
    const eventsWaiting = valueOf(before, 'outbox_backlog', { outbox: 'events' });
    await api.post('/orders', { items: [{ product_id: product, quantity: 1 }] }).expect(201);
    await api
      .post('/orders', { items: [{ product_id: product, quantity: 2 }], customer: { name: 'Ann', email: 'ann@example.com' }, send_invoice: true })
      .expect(201);
    const after = await samples();
    expect(valueOf(after, 'orders_total', { currency: 'CHF' }) - valueOf(before, 'orders_total', { currency: 'CHF' })).toBe(2);
    // the first CHF orders of this process: 0.10 + 0.20, which summed as floats is 0.30000000000000004
    expect(valueOf(before, 'orders_amount_total', { currency: 'CHF' })).toBe(0);
    expect(valueOf(after, 'orders_amount_total', { currency: 'CHF' })).toBe(0.3);
    expect(valueOf(after, 'outbox_backlog', { outbox: 'events' })).toBeGreaterThanOrEqual(eventsWaiting + 2);
    expect(valueOf(after, 'outbox_backlog', { outbox: 'mail' })).toBe(mailWaiting + 1);
    expect(valueOf(after, 'outbox_oldest_age_seconds', { outbox: 'events' })).toBeGreaterThanOrEqual(0);
    expect(after.some((s) => s.name === 'outbox_oldest_age_seconds' && s.labels.outbox === 'mail')).toBe(true);
    expect(valueOf(after, 'db_client_operation_duration_seconds_count', { operation: 'SELECT' })).toBeGreaterThan(0);
  });

  it('shows the connections the pool lends out as used', async () => {
    const held: QueryRunner[] = [];
    try {
      const before = valueOf(await samples(), 'db_client_connections', { state: 'used' });
      for (let i = 0; i < 3; i++) {
        const runner = t.db.createQueryRunner();
        await runner.connect();
        held.push(runner);
      }
      expect(valueOf(await samples(), 'db_client_connections', { state: 'used' })).toBe(before + 3);
    } finally {
      for (const runner of held) await runner.release();
    }
    const idle = valueOf(await samples(), 'db_client_connections', { state: 'idle' });
    expect(idle).toBeGreaterThanOrEqual(3);
  });

  it('carries no id, email, key or client text in any label value', async () => {
    const api = apiAs(t, biz);
    const product = await seedProduct(t, biz, { name: 'Secret Widget' });
    await api
      .post('/orders', { items: [{ product_id: product, quantity: 1 }], customer: { name: 'Zed Client', email: 'zed@example.com' }, notes: 'note text' })
      .expect(201);
    await api.get(`/products/${product}`).expect(200);
    await api.get('/products?search=Secret%20Widget').expect(200);
    await api.get(`/products/${product}?search=Secret%20Widget`).expect(400); // an unknown parameter refused
    await t
      .http()
      .get(`/api/v1/orders/${product}`)
      .set({ Authorization: `Bearer ${biz.api_key}x` })
      .expect(401);
    await t.http().get('/api/v1/zed@example.com').set(biz.auth).expect(404);
    await t.http().get(`/api/v1/${biz.api_key}`).set(biz.auth).expect(404);
    const text = await scrape(port);
    const values = parseSamples(text).flatMap((s) => Object.values(s.labels));
    expect(values.length).toBeGreaterThan(50);
    const leaks = values.filter((v) => UUID.test(v) || EMAIL.test(v) || API_KEY.test(v) || /Secret|Zed|note text|Metrics Shop/.test(v));
    expect(leaks).toEqual([]);
  });

  it('has the process metrics and every metric the Grafana dashboard names', async () => {
    const declared = declaredMetrics(await scrape(port));
    for (const name of [
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
      'process_resident_memory_bytes',
      'sign_ins_total',
      'webhook_deliveries_total',
      'mail_deliveries_total',
    ]) {
      expect(declared).toContain(name);
    }
    const dashboard = JSON.parse(fs.readFileSync(path.join(ROOT, 'docs', 'grafana-dashboard.json'), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((x) => x.expr));
    // a metric in PromQL is an identifier followed by its selector
    const named = new Set(exprs.flatMap((e) => [...e.matchAll(/([a-z_:][a-z0-9_:]*)\{/g)].map((m) => m[1].replace(/_(bucket|sum|count)$/, ''))));
    expect(named.size).toBeGreaterThan(10);
    expect([...named].filter((n) => !declared.has(n))).toEqual([]);
  });
});
