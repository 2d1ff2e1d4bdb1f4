import { ChildProcess } from 'child_process';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/database/data-source-options';
import { provisionBusiness } from '../src/modules/businesses/business-provisioning';
import { NestExpressApplication } from '@nestjs/platform-express';
import request from 'supertest';
import { createApplication } from '../src/bootstrap';
import { JsonLogger } from '../src/common/logging/json-logger';
import { loadConfig } from '../src/config/app-config';
import { FaultDatabase } from './helpers/fault-db';
import { freePort, startUntil, TS_NODE, waitForExit } from './helpers/processes';
import { cloneTemplateDatabase } from './helpers/test-app';
import { WAITING_FOR_A_LOCK, WAITING_ON_PLAIN_POSTGRES } from './helpers/lock-waits';

/**
 * docs/api.md 9: a key's outcome commits with its effect. A request that dies (its database
 * connection killed, its server killed) leaves the key free at once: the retry creates the order
 * once, never a 409 for a request that no longer runs.
 */

/** Holds the stock row of a product locked from another connection, so an order on it waits. */
async function holdStockRow(url: string, businessId: string, productId: string): Promise<Client> {
  const client = new Client({ connectionString: url });
  client.on('error', () => undefined); // the fault tests stop the database under it
  await client.connect();
  await client.query('BEGIN');
  await client.query('SELECT 1 FROM stock_levels WHERE business_id = $1 AND product_id = $2 FOR UPDATE', [businessId, productId]);
  return client;
}

/**
 * The backend of the request waiting on that lock, once it waits (`waiting`: the condition for the
 * database's engine; FaultDatabase is a plain PostgreSQL of its own even when CITUS=1).
 */
async function waitingBackend(holder: Client, waiting = WAITING_FOR_A_LOCK): Promise<number> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const { rows } = await holder.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND ${waiting} AND pid <> pg_backend_pid()`,
    );
    if (rows.length > 0) return rows[0].pid;
    if (Date.now() > deadline) throw new Error('no request is waiting on the held row');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const order = (product: string) => ({ customer: { email: 'fault@shop.test' }, items: [{ product_id: product, quantity: 1 }], send_invoice: true });

describe('Idempotency-Key when the database stops mid-request', () => {
  let db: FaultDatabase;
  let app: NestExpressApplication;

  beforeAll(async () => {
    db = await FaultDatabase.create('idempotency');
    const config = { ...loadConfig(), databaseUrl: db.url, logLevel: 'error' as const, rateLimitPerMinute: 0 };
    ({ app } = await createApplication(config, new JsonLogger('error')));
    await app.init();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.destroy();
  });

  it('a request cut off by a database crash leaves its key free: once the database is back, the retry creates the order once', async () => {
    const ds = app.get(DataSource);
    const biz = await ds.transaction((m) => provisionBusiness(m, { name: 'Crash' }));
    const http = () => request(app.getHttpServer());
    const auth = { Authorization: `Bearer ${biz.api_key}` };
    const product = (await http().post('/api/v1/products').set(auth).send({ name: 'Held', price: 10 }).expect(201)).body.data.id as string;
    await http().post('/api/v1/stock/adjustments').set(auth).send({ product_id: product, quantity: 5, reason: 'restock' }).expect(201);
    const post = () => http().post('/api/v1/orders').set(auth).set('Idempotency-Key', 'cut-off').send(order(product));

    const holder = await holdStockRow(db.url, biz.business_id, product);
    const first = post().then((res) => res);
    await waitingBackend(holder, WAITING_ON_PLAIN_POSTGRES);
    await db.stop(); // every connection dies, the holder's and the request's
    await holder.end().catch(() => undefined);
    expect((await first).status).toBe(503);
    await db.start();

    const deadline = Date.now() + 30_000;
    let retry = await post();
    while (retry.status === 503 && Date.now() < deadline) retry = await post(); // the pool reconnecting
    expect({ status: retry.status, replayed: retry.headers['idempotent-replayed'] }).toEqual({ status: 201, replayed: undefined });
    const replay = await post().expect(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.body).toEqual(retry.body);
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM sales WHERE business_id = $1`, [biz.business_id]);
    expect(n).toBe(1);
  }, 120_000);
});

describe('Idempotency-Key after the server is killed (kill -9)', () => {
  let server: ChildProcess | undefined;
  let ds: DataSource;

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await ds?.destroy();
  });

  async function start(url: string, port: number): Promise<ChildProcess> {
    const env = { ...process.env, DATABASE_URL: url, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', RATE_LIMIT_PER_MINUTE: '0' };
    const started = await startUntil(TS_NODE[0], [TS_NODE[1], 'src/main.ts'], { env }, /listening on/, 90_000);
    return started.child;
  }

  it('a request whose server died before commit leaves its key free: after a restart the retry creates the order', async () => {
    const url = await cloneTemplateDatabase();
    const port = await freePort();
    server = await start(url, port);
    ds = await new DataSource(dataSourceOptions(url, 2)).initialize();
    const biz = await ds.transaction((m) => provisionBusiness(m, { name: 'Killed' }));
    const base = `http://127.0.0.1:${port}/api/v1`;
    const headers = { Authorization: `Bearer ${biz.api_key}`, 'Content-Type': 'application/json', 'Idempotency-Key': 'killed-mid-request' };
    const created = await fetch(`${base}/products`, {
      method: 'POST',
      headers: { Authorization: headers.Authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Held', price: 10 }),
    });
    const productId = ((await created.json()) as { data: { id: string } }).data.id;
    await fetch(`${base}/stock/adjustments`, {
      method: 'POST',
      headers: { Authorization: headers.Authorization, 'Content-Type': 'application/json' },
      body: JSON.stringify({ product_id: productId, quantity: 5, reason: 'restock' }),
    });

    const holder = await holdStockRow(url, biz.business_id, productId);
    const first = fetch(`${base}/orders`, { method: 'POST', headers, body: JSON.stringify(order(productId)) }).catch((err: unknown) => err);
    await waitingBackend(holder);
    server.kill('SIGKILL');
    await waitForExit(server);
    expect(await first).toMatchObject({ message: 'fetch failed' }); // the connection died with the server: no answer
    await holder.query('ROLLBACK');
    await holder.end();

    server = await start(url, port);
    const retry = await fetch(`${base}/orders`, { method: 'POST', headers, body: JSON.stringify(order(productId)) });
    expect(retry.status).toBe(201);
    const body = (await retry.json()) as { data: { order_number: string } };
    expect(body.data.order_number).toBe('S-0001');
    const [{ n }] = await ds.query(`SELECT count(*)::int AS n FROM sales WHERE business_id = $1`, [biz.business_id]);
    expect(n).toBe(1);
    server.kill('SIGTERM');
    await waitForExit(server);
  }, 180_000);
});
