import { createApiKey } from '../src/modules/businesses/business-provisioning';
import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** docs/api.md 22: tax rates, products' rate and the business's tax settings. */
describe('tax rates', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);
  const keyed = (key: string) => ({
    get: (path: string) => t.http().get(`/api/v1${path}`).set('Authorization', `Bearer ${key}`),
    post: (path: string, body: object) => t.http().post(`/api/v1${path}`).set('Authorization', `Bearer ${key}`).send(body),
    put: (path: string, body: object) => t.http().put(`/api/v1${path}`).set('Authorization', `Bearer ${key}`).send(body),
    del: (path: string) => t.http().delete(`/api/v1${path}`).set('Authorization', `Bearer ${key}`),
  });

  async function rate(biz: TestBusiness, body: object) {
    return (await api(biz).post('/tax-rates', body).expect(201)).body.data;
  }

  it('creates (201), reads, lists by name and updates rates; one default at a time', async () => {
    const biz = await createBusiness(t);
    const res = await api(biz).post('/tax-rates', { name: ' VAT 19% ', rate: 19, is_default: true }).expect(201);
    expect(res.body.data).toEqual({
      id: expect.any(String),
      name: 'VAT 19%',
      rate: 19,
      is_default: true,
      archived_at: null,
      created_at: expect.stringMatching(ISO_MS),
      updated_at: expect.stringMatching(ISO_MS),
    });
    const reduced = await rate(biz, { name: 'Reduced', rate: 7.0625, is_default: true });
    expect(reduced).toMatchObject({ rate: 7.0625, is_default: true });
    expect((await api(biz).get(`/tax-rates/${res.body.data.id}`).expect(200)).body.data.is_default).toBe(false);
    const list = await api(biz).get('/tax-rates').expect(200);
    expect(list.body.data.map((r: { name: string }) => r.name)).toEqual(['Reduced', 'VAT 19%']);
    expect(list.body.meta).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 });
    const updated = await api(biz).put(`/tax-rates/${res.body.data.id}`, { rate: 20, is_default: true }).expect(200);
    expect(updated.body.data).toMatchObject({ name: 'VAT 19%', rate: 20, is_default: true });
    expect((await api(biz).get(`/tax-rates/${reduced.id}`).expect(200)).body.data.is_default).toBe(false);
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM tax_rates WHERE business_id = $1 AND is_default`, [biz.business_id]);
    expect(n).toBe(1);
  });

  it('400 VALIDATION_FAILED for a rate outside 0..100, with 5 decimals, or a missing name', async () => {
    const biz = await createBusiness(t);
    for (const body of [
      { name: 'X', rate: 100.0001 },
      { name: 'X', rate: -1 },
      { name: 'X', rate: 7.00001 },
      { name: 'X', rate: '7' },
      { rate: 7 },
      { name: 'X', rate: 7, extra: 1 },
    ]) {
      const res = await api(biz).post('/tax-rates', body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    await rate(biz, { name: 'Zero', rate: 0 });
    await rate(biz, { name: 'All', rate: 100 });
    expect(await countRows(t, 'tax_rates', biz.business_id)).toBe(2);
    await api(biz).get('/tax-rates?include_archived=maybe').expect(400);
  });

  it('DELETE: 204 for a rate never used, its products fall back to the default', async () => {
    const biz = await createBusiness(t);
    const r = await rate(biz, { name: 'Standard', rate: 10 });
    await api(biz).put('/business', { shipping_tax_rate_id: r.id }).expect(200);
    const product = (await api(biz).post('/products', { name: 'Mug', price: 5, tax_rate_id: r.id }).expect(201)).body.data;
    expect(product.tax_rate_id).toBe(r.id);
    await api(biz).del(`/tax-rates/${r.id}`).expect(204);
    expect((await api(biz).get(`/products/${product.id}`).expect(200)).body.data.tax_rate_id).toBeNull();
    expect((await api(biz).get('/business').expect(200)).body.data.shipping_tax_rate_id).toBeNull();
    await api(biz).get(`/tax-rates/${r.id}`).expect(404);
  });

  it('products and the business refuse an unknown, archived or foreign rate with 422 UNKNOWN_TAX_RATE', async () => {
    const a = await createBusiness(t, 'A');
    const b = await createBusiness(t, 'B');
    const theirs = await rate(b, { name: 'Theirs', rate: 5 });
    for (const id of [theirs.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await api(a).post('/products', { name: 'Mug', price: 5, tax_rate_id: id }).expect(422);
      expect(res.body.error).toMatchObject({ code: 'UNKNOWN_TAX_RATE', details: [{ tax_rate_id: id }] });
      const biz = await api(a).put('/business', { shipping_tax_rate_id: id }).expect(422);
      expect(biz.body.error).toMatchObject({ code: 'UNKNOWN_TAX_RATE', details: [{ shipping_tax_rate_id: id }] });
    }
    expect(await countRows(t, 'products', a.business_id)).toBe(0);
    const mine = (await api(a).post('/products', { name: 'Mug', price: 5 }).expect(201)).body.data;
    expect(mine.tax_rate_id).toBeNull();
    await api(a).put(`/products/${mine.id}`, { tax_rate_id: theirs.id }).expect(422);
    await api(a).put(`/products/${mine.id}`, { tax_rate_id: 'nope' }).expect(400);
  });

  it("another business's rate is 404 on every route; the business's settings are its own", async () => {
    const a = await createBusiness(t, 'A');
    const b = await createBusiness(t, 'B');
    const theirs = await rate(b, { name: 'Theirs', rate: 5 });
    await api(a).get(`/tax-rates/${theirs.id}`).expect(404);
    await api(a).put(`/tax-rates/${theirs.id}`, { rate: 1 }).expect(404);
    await api(a).del(`/tax-rates/${theirs.id}`).expect(404);
    expect((await api(a).get('/tax-rates').expect(200)).body.data).toEqual([]);
    expect((await api(b).get(`/tax-rates/${theirs.id}`).expect(200)).body.data.rate).toBe(5);
    const profile = await api(a).put('/business', { prices_include_tax: true }).expect(200);
    expect(profile.body.data).toMatchObject({ prices_include_tax: true, shipping_tax_rate_id: null });
    expect((await api(b).get('/business').expect(200)).body.data.prices_include_tax).toBe(false);
    await api(a).put('/business', { prices_include_tax: null }).expect(400);
  });

  it('any scope reads rates; changing them needs finance (403 FORBIDDEN_SCOPE, nothing written)', async () => {
    const biz = await createBusiness(t);
    const r = await rate(biz, { name: 'Standard', rate: 10 });
    const till = await t.db.transaction((m) => createApiKey(m, biz.business_id, { name: 'Till', scopes: ['sales'] }));
    const accountant = await t.db.transaction((m) => createApiKey(m, biz.business_id, { name: 'Books', scopes: ['finance'] }));
    await keyed(till.api_key).get('/tax-rates').expect(200);
    await keyed(till.api_key).get(`/tax-rates/${r.id}`).expect(200);
    for (const res of [
      await keyed(till.api_key).post('/tax-rates', { name: 'X', rate: 1 }),
      await keyed(till.api_key).put(`/tax-rates/${r.id}`, { rate: 1 }),
      await keyed(till.api_key).del(`/tax-rates/${r.id}`),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toMatchObject({ code: 'FORBIDDEN_SCOPE', details: [{ required: 'finance' }] });
    }
    expect((await api(biz).get(`/tax-rates/${r.id}`).expect(200)).body.data.rate).toBe(10);
    await keyed(accountant.api_key).post('/tax-rates', { name: 'Y', rate: 2 }).expect(201);
    await keyed(accountant.api_key).put(`/tax-rates/${r.id}`, { rate: 11 }).expect(200);
  });
});
