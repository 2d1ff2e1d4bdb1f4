import * as fs from 'fs';
import * as path from 'path';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('foundation: health, auth, errors, docs', () => {
  let t: TestApp;
  let biz: TestBusiness;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
  });
  afterAll(() => t.close());

  it('serves liveness and readiness without a key', async () => {
    await t.http().get('/health').expect(200, { status: 'ok' });
    const ready = await t.http().get('/health/ready').expect(200);
    expect(ready.body).toEqual({ status: 'ok', database: 'up' });
  });

  it('echoes X-Request-Id or generates one', async () => {
    const echoed = await t.http().get('/health').set('X-Request-Id', 'abc-123');
    expect(echoed.headers['x-request-id']).toBe('abc-123');
    const generated = await t.http().get('/health');
    expect(generated.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers an unknown route with the contract error body', async () => {
    const res = await t.http().get('/api/v1/nope').set(biz.auth).expect(404);
    expect(res.body).toEqual({
      success: false,
      error: { code: 'NOT_FOUND', message: 'Route not found', request_id: res.headers['x-request-id'] },
    });
  });

  it.each([
    ['missing header', undefined],
    ['wrong scheme', 'Basic abc'],
    ['malformed key', 'Bearer !!!'],
    ['unknown key', 'Bearer bo_unknownunknownunknownunknownunknown12345'],
  ])('401 for %s', async (_label, header) => {
    const req = t.http().get('/api/v1/business');
    if (header) req.set('Authorization', header);
    const res = await req.expect(401);
    expect(res.headers['www-authenticate']).toBe('Bearer');
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe('UNAUTHORIZED');
  });

  it('identifies the calling business from its key', async () => {
    const res = await t.http().get('/api/v1/business').set(biz.auth).expect(200);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: biz.business_id,
        name: 'Test Shop',
        currency: 'USD',
        timezone: 'UTC',
        ...{
          legal_name: null,
          address_lines: null,
          tax_id: null,
          email: null,
          phone: null,
          invoice_footer: null,
          receipt_footer: null,
          email_configured: false,
          require_two_factor: false,
          prices_include_tax: false,
          shipping_tax_rate_id: null,
        },
        key: { id: biz.key_id, name: 'Owner key', scopes: ['admin'] },
      },
    });
  });

  it('publishes the OpenAPI document and Swagger UI', async () => {
    const doc = await t.http().get('/docs-json').expect(200);
    expect(doc.body.openapi).toMatch(/^3\./);
    expect(doc.body.components.securitySchemes.bearer).toEqual(expect.objectContaining({ scheme: 'bearer' }));
    await t.http().get('/docs').expect(200);
  });
});

describe('GET /api/v1', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('answers without a key with the service name, version and links to its documents', async () => {
    const res = await t.http().get('/api/v1').expect(200);
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '..', 'package.json'), 'utf8')) as { name: string; version: string };
    expect(res.body).toEqual({ success: true, data: { name: pkg.name, version: pkg.version, docs: '/docs', openapi: '/docs-json', health: '/health/ready' } });
    await t.http().get('/docs-json').expect(200);
  });
});
