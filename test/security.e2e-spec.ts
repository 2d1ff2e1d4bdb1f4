import { createApiKey, revokeApiKey } from '../src/modules/businesses/business-provisioning';
import { countRows, createBusiness, startTestApp, TestApp } from './helpers/test-app';

const ALLOWED_ORIGIN = 'https://admin.example.com';

/** Issue 6 item 3: security headers, CORS, body limit, equal answers for unknown and revoked keys. */
describe('security: headers, CORS, body limit, API keys', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ corsOrigins: [ALLOWED_ORIGIN, 'https://shop.example.com'] });
  });
  afterAll(() => t.close());

  it('sends helmet security headers on API, health and error responses, and no X-Powered-By', async () => {
    const biz = await createBusiness(t);
    const responses = [
      await t.http().get('/api/v1/business').set(biz.auth).expect(200),
      await t.http().get('/health').expect(200),
      await t.http().get('/api/v1/business').expect(401),
      await t.http().get('/api/v1/nope').set(biz.auth).expect(404),
    ];
    for (const res of responses) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
    // Swagger UI still loads under that policy: its scripts are files on the same origin
    const docs = await t.http().get('/docs').expect(200);
    expect(docs.text).not.toMatch(/<script>[^<]/);
    expect(docs.text).toContain('swagger-ui-init.js');
  });

  it('CORS: an allowed origin gets the header, another origin does not', async () => {
    const biz = await createBusiness(t);
    const allowed = await t.http().get('/api/v1/business').set(biz.auth).set('Origin', ALLOWED_ORIGIN).expect(200);
    expect(allowed.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(allowed.headers['access-control-expose-headers']).toContain('X-Request-Id');
    expect(allowed.headers['access-control-expose-headers']).toContain('Retry-After');

    const other = await t.http().get('/api/v1/business').set(biz.auth).set('Origin', 'https://evil.example.net').expect(200);
    expect(other.headers['access-control-allow-origin']).toBeUndefined();

    const preflight = await t
      .http()
      .options('/api/v1/products')
      .set('Origin', ALLOWED_ORIGIN)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization,content-type');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(preflight.headers['access-control-allow-methods']).toContain('POST');

    const foreignPreflight = await t.http().options('/api/v1/products').set('Origin', 'https://evil.example.net').set('Access-Control-Request-Method', 'POST');
    expect(foreignPreflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('a 2 MB body is 413 PAYLOAD_TOO_LARGE in the contract body, readable cross-origin, and writes nothing', async () => {
    const biz = await createBusiness(t);
    const body = JSON.stringify({ name: 'Big', price: 1, description: 'x'.repeat(2 * 1024 * 1024) });
    const res = await t
      .http()
      .post('/api/v1/products')
      .set(biz.auth)
      .set('Origin', ALLOWED_ORIGIN)
      .set('Content-Type', 'application/json')
      .send(body)
      .expect(413);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large', request_id: res.headers['x-request-id'] },
    });
    expect(res.headers['access-control-allow-origin']).toBe(ALLOWED_ORIGIN);
    expect(await countRows(t, 'products', biz.business_id)).toBe(0);
  });

  it('an unknown key and a revoked key get the same 401 answer', async () => {
    const biz = await createBusiness(t);
    const second = await createApiKey(t.db, biz.business_id);
    await t.http().get('/api/v1/business').set('Authorization', `Bearer ${second.api_key}`).expect(200);
    await revokeApiKey(t.db, second.key_id);
    // same prefix and length as a real key, never issued
    const unknown = `bo_${'A'.repeat(43)}`;
    expect(unknown).toHaveLength(second.api_key.length);

    const answers = [];
    for (const key of [unknown, second.api_key]) {
      const res = await t.http().get('/api/v1/business').set('Authorization', `Bearer ${key}`).set('X-Request-Id', 'same-id').expect(401);
      answers.push({ body: res.body, www: res.headers['www-authenticate'], type: res.headers['content-type'], length: res.headers['content-length'] });
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0].body).toEqual({
      success: false,
      error: { code: 'UNAUTHORIZED', message: 'Invalid or revoked API key', request_id: 'same-id' },
    });
    expect(answers[0].www).toBe('Bearer');
  });
});

/** Secrets in logs: at the most verbose level, no API key, webhook secret or request body is written. */
describe('security: logs', () => {
  let t: TestApp;
  let captured = '';
  const writes = { out: process.stdout.write.bind(process.stdout), err: process.stderr.write.bind(process.stderr) };

  beforeAll(async () => {
    t = await startTestApp({ logLevel: 'debug', webhookAllowInsecure: true, webhookDispatchIntervalMs: 0 });
    const capture = (original: typeof process.stdout.write) =>
      function (this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]) {
        captured += String(chunk);
        return (original as (...a: unknown[]) => boolean).call(this, chunk, ...rest);
      } as typeof process.stdout.write;
    process.stdout.write = capture(writes.out);
    process.stderr.write = capture(writes.err);
  });
  afterAll(async () => {
    process.stdout.write = writes.out;
    process.stderr.write = writes.err;
    await t.close();
  });

  it('logs each request without its key, secret or body', async () => {
    const biz = await createBusiness(t);
    const secret = 'whsec_never_in_the_logs_5f2c';
    const note = 'body-text-never-in-the-logs-81d3';
    await t
      .http()
      .post('/api/v1/webhooks')
      .set(biz.auth)
      .send({ url: 'http://127.0.0.1:9/hook', events: ['stock.adjusted'], secret })
      .expect(201);
    const product = (await t.http().post('/api/v1/products').set(biz.auth).send({ name: 'Logged', price: 1 }).expect(201)).body.data;
    await t.http().post('/api/v1/stock/adjustments').set(biz.auth).send({ product_id: product.id, quantity: 1, reason: 'other', note }).expect(201);
    await t.http().post('/api/v1/products').set(biz.auth).send({ name: note, price: -1 }).expect(400);
    await t.http().get('/api/v1/business').set('Authorization', `Bearer ${biz.api_key}x`).expect(401);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the attempted delivery logs its failure

    expect(captured).toContain('"path":"/api/v1/stock/adjustments"');
    expect(captured).toContain(`"business_id":"${biz.business_id}"`);
    expect(captured).not.toContain(biz.api_key);
    expect(captured).not.toContain(biz.api_key.slice(3, 20));
    expect(captured).not.toContain(secret);
    expect(captured).not.toContain(note);
  });
});
