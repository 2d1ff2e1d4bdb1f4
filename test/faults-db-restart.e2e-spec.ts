import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApplication } from '../src/bootstrap';
import { loadConfig } from '../src/config/app-config';
import { JsonLogger } from '../src/common/logging/json-logger';
import { provisionBusiness } from '../src/modules/businesses/business-provisioning';
import { FaultDatabase } from './helpers/fault-db';
import { runCli } from './helpers/processes';
import { sleep } from './helpers/receiver';

/** Keeps unexpected-error reports (the filter's `Errors` lines) and drops the expected 503 noise. */
class UnexpectedErrorsLogger extends JsonLogger {
  write(...args: Parameters<JsonLogger['write']>): void {
    if (args[2] === 'Errors') super.write(...args);
  }
}

interface Outcome {
  what: string;
  status: number;
  code?: string;
  ms: number;
  startedAt: number;
}

/**
 * Issue 6 item 4a: the database stops while requests run, then starts again. Requests fail fast
 * with 503 SERVICE_UNAVAILABLE (never hang, never 500), readiness says 503, and the same process
 * recovers by itself once the database is back; no partial write survives (cli verify).
 */
describe('faults: database stopped and started under load', () => {
  let db: FaultDatabase;
  let app: NestExpressApplication;
  let connectTimeoutMs: number;

  beforeAll(async () => {
    db = await FaultDatabase.create('faults');
    const config = { ...loadConfig(), databaseUrl: db.url, logLevel: 'error' as const, rateLimitPerMinute: 0 };
    connectTimeoutMs = config.dbConnectTimeoutMs;
    ({ app } = await createApplication(config, new UnexpectedErrorsLogger('error')));
    await app.init();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('fails fast with 503 while the database is down and recovers without a restart', async () => {
    const ds = app.get(DataSource);
    const biz = await ds.transaction((m) => provisionBusiness(m, { name: 'Faults' }));
    const auth = { Authorization: `Bearer ${biz.api_key}` };
    const http = () => request(app.getHttpServer());
    const product = (await http().post('/api/v1/products').set(auth).send({ name: 'Tea', price: 3 }).expect(201)).body.data;
    await http().post('/api/v1/stock/adjustments').set(auth).send({ product_id: product.id, quantity: 100000, reason: 'restock' }).expect(201);

    const outcomes: Outcome[] = [];
    let running = true;
    const calls: [string, () => request.Test][] = [
      ['adjust', () => http().post('/api/v1/stock/adjustments').set(auth).send({ product_id: product.id, quantity: 1, reason: 'count' })],
      [
        'order',
        () =>
          http()
            .post('/api/v1/orders')
            .set(auth)
            .send({ customer: { email: 'f@example.com' }, items: [{ product_id: product.id, quantity: 1 }] }),
      ],
      ['read', () => http().get(`/api/v1/products/${product.id}`).set(auth)],
    ];
    const worker = async (w: number) => {
      for (let i = w; running; i++) {
        const [what, call] = calls[i % calls.length];
        const startedAt = Date.now();
        const res = await call();
        outcomes.push({ what, status: res.status, code: res.body?.error?.code, ms: Date.now() - startedAt, startedAt });
        if (res.status >= 500) await sleep(20); // a client backing off a little
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    // Each phase lasts until it has its answers, not for a fixed time: on a loaded machine (CI beside
    // another run) a second held 5 answers where it usually holds 40.
    const until = async (enough: () => boolean, what: string) => {
      const deadline = Date.now() + 30_000;
      while (!enough()) {
        if (Date.now() > deadline) throw new Error(`no ${what} within 30 s`);
        await sleep(50);
      }
    };
    const answeredSince = (from: number) => outcomes.filter((o) => o.startedAt >= from).length;

    await until(() => outcomes.length > 10, 'answers before the stop');
    const stoppedAt = Date.now();
    await db.stop();
    const downAt = Date.now();
    await sleep(1000);
    await until(() => answeredSince(downAt) > 10, 'answers while the database is down');

    const ready = await http().get('/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toEqual({
      success: false,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'The database is unreachable', request_id: ready.headers['x-request-id'] },
    });
    await http().get('/health').expect(200);
    const restartAt = Date.now();
    await db.start();
    const upAt = Date.now();

    // the pool reconnects by itself: the first success after the restart comes without any help
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - upAt < 15_000) {
      await sleep(50);
      if (outcomes.some((o) => o.startedAt >= upAt && o.status < 300)) recoveredAt = Date.now();
    }
    if (recoveredAt) await until(() => outcomes.filter((o) => o.startedAt >= recoveredAt).length > 5, 'answers after the recovery');
    running = false;
    await Promise.all(workers);

    const before = outcomes.filter((o) => o.startedAt + o.ms < stoppedAt);
    const during = outcomes.filter((o) => o.startedAt >= downAt && o.startedAt + o.ms < restartAt);
    const after = outcomes.filter((o) => o.startedAt >= recoveredAt);
    const summary = (list: Outcome[]) =>
      list.reduce<Record<string, number>>(
        (acc, o) => ({ ...acc, [`${o.status} ${o.code ?? ''}`.trim()]: (acc[`${o.status} ${o.code ?? ''}`.trim()] ?? 0) + 1 }),
        {},
      );
    process.stderr.write(
      `faults: before ${JSON.stringify(summary(before))} during ${JSON.stringify(summary(during))} after ${JSON.stringify(summary(after))} recovered in ${recoveredAt - upAt} ms, max during ${Math.max(...during.map((o) => o.ms))} ms\n`,
    );

    expect(before.length).toBeGreaterThan(10);
    expect(before.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    // down: every answer is the contract's 503, quickly
    expect(during.length).toBeGreaterThan(10);
    expect(during.every((o) => o.status === 503 && o.code === 'SERVICE_UNAVAILABLE')).toBe(true);
    // "quickly" is: no request waits out the pool's connect timeout (measured: < 250 ms on an idle
    // machine, 4.1 s once on a loaded one, so a tighter wall-clock bound would only measure the load)
    expect(Math.max(...during.map((o) => o.ms))).toBeLessThan(connectTimeoutMs);
    // across the whole run nothing is a 500 and nothing hangs
    expect(outcomes.filter((o) => o.status === 500)).toEqual([]);
    expect(outcomes.every((o) => [200, 201, 503].includes(o.status))).toBe(true);
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(6000);
    // up again: the same process serves every request
    expect(recoveredAt).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(5);
    expect(after.every((o) => o.status === 200 || o.status === 201)).toBe(true);
    await http().get('/health/ready').expect(200, { status: 'ok', database: 'up' });

    // every write is whole or absent: the ledgers agree with the levels, balances and orders
    const verify = await runCli(['verify', '--business', biz.business_id], { ...process.env, DATABASE_URL: db.url, LOG_LEVEL: 'error' });
    expect(JSON.parse(verify.stdout.trim())).toMatchObject({ ok: true, drift: [] });
    expect(verify.code).toBe(0);
  }, 120_000);
});
