import * as net from 'net';
import { apiAs, countRows, createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * Authentication comes before the body: a request to a protected route without a well-formed key,
 * or with an unknown or revoked one, is answered 401 while its body is still on the way (the test
 * never sends the rest: a server that waited for it would never answer), and the connection is
 * closed. An address that keeps sending refused keys is cut off with 429 before any lookup.
 */
describe('authentication before the body is read', () => {
  let t: TestApp;
  let port: number;
  const sockets: net.Socket[] = [];

  beforeAll(async () => {
    t = await startTestApp({ authFailuresPerMinute: 0 });
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy(); // a server that waits for the rest would keep them open
    await t.close();
  });

  /** Sends the headers of a 900 KB JSON POST and the first KB of its body, never the rest: the raw answer. */
  function postHalfABody(path: string, headers: Record<string, string>): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1');
      sockets.push(socket);
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('close', () => resolve(answer));
      socket.on('error', reject);
      const lines = [
        `POST ${path} HTTP/1.1`,
        'Host: localhost',
        'Content-Type: application/json',
        'Content-Length: 900000',
        ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
      ];
      socket.write(`${lines.join('\r\n')}\r\n\r\n{"name":"${'x'.repeat(1000)}`);
    });
  }

  const statusOf = (raw: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(raw)?.[1]);
  const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { error: { code: string; message: string } };

  it.each([
    ['no Authorization header', {}],
    ['a malformed one', { Authorization: 'Basic abc' }],
    ['an unknown key', { Authorization: 'Bearer bo_this-key-was-never-issued-000000000000' }],
  ])('%s: 401 and the connection closed, the body never read', async (_case, headers) => {
    const raw = await postHalfABody('/api/v1/products', headers);
    expect(statusOf(raw)).toBe(401);
    expect(raw.toLowerCase()).toContain('connection: close');
    expect(bodyOf(raw).error.code).toBe('UNAUTHORIZED');
  });

  it('an unknown key with malformed JSON is a 401, not a 400: the body is not parsed', async () => {
    const res = await t
      .http()
      .post('/api/v1/products')
      .set('Authorization', 'Bearer bo_this-key-was-never-issued-000000000000')
      .set('Content-Type', 'application/json')
      .send('{"name": oops');
    expect(res.status).toBe(401);
  });

  it('a revoked key is refused before the body too, and nothing is written', async () => {
    const biz = await createBusiness(t);
    await t.db.query(`UPDATE api_keys SET revoked_at = now() WHERE business_id = $1`, [biz.business_id]);
    const raw = await postHalfABody('/api/v1/products', { Authorization: `Bearer ${biz.api_key}` });
    expect(statusOf(raw)).toBe(401);
    expect(await countRows(t, 'products', biz.business_id)).toBe(0);
  });

  it('a valid key still gets its body read and served', async () => {
    const biz = await createBusiness(t);
    await apiAs(t, biz).post('/products', { name: 'Kettle', price: 20 }).expect(201);
  });
});

describe('refused keys counted per client address', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ authFailuresPerMinute: 3 });
  });
  afterAll(() => t.close());

  it('past AUTH_FAILURES_PER_MINUTE refused keys, the address gets 429 with Retry-After, before any lookup', async () => {
    const biz = await createBusiness(t);
    for (let i = 0; i < 3; i++) await t.http().get('/api/v1/products').set('Authorization', `Bearer bo_guess-number-${i}-0000000000`).expect(401);
    const limited = await t.http().get('/api/v1/products').set('Authorization', 'Bearer bo_guess-number-4-0000000000').expect(429);
    expect(limited.body.error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // the address as a whole waits: a valid key from it too (SECURITY.md)
    await apiAs(t, biz).get('/products').expect(429);
    // public routes are not counted nor limited (a trailing slash routes the same)
    await t.http().get('/health').expect(200);
    await t.http().get('/health/ready/').expect(200);
  });
});
