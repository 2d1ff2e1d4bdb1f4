import { randomUUID } from 'crypto';
import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('suppliers (docs/api.md 13)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);

  it('creates (201), reads, lists by name and updates sent fields only', async () => {
    const biz = await createBusiness(t);
    const res = await api(biz)
      .post('/suppliers', { name: '  Roastery Ltd ', email: ' orders@roastery.example ', phone: '+44 20 7946 0000', notes: 'Net 30' })
      .expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Roastery Ltd',
        email: 'orders@roastery.example',
        phone: '+44 20 7946 0000',
        notes: 'Net 30',
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
    });
    const roastery = res.body.data;
    expect((await api(biz).get(`/suppliers/${roastery.id}`).expect(200)).body.data).toEqual(roastery);
    const bare = (await api(biz).post('/suppliers', { name: 'apple farm' }).expect(201)).body.data;
    expect(bare).toMatchObject({ email: null, phone: null, notes: null });

    const list = await api(biz).get('/suppliers').expect(200);
    expect(list.body.data.map((s: { name: string }) => s.name)).toEqual(['apple farm', 'Roastery Ltd']);
    expect(list.body.meta).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 });

    const updated = (await api(biz).put(`/suppliers/${roastery.id}`, { notes: null, phone: '+1 555 0100' }).expect(200)).body.data;
    expect(updated).toEqual({ ...roastery, notes: null, phone: '+1 555 0100', updated_at: expect.stringMatching(ISO_MS) });
  });

  it('search: case-insensitive substring of the name, % and _ literal, paged, only the business', async () => {
    const biz = await createBusiness(t);
    for (const name of ['Roastery Ltd', 'Big ROAST Co', 'Dairy Farm', '50% Off Supplies', 'A_B Trading', 'AxB Trading']) {
      await api(biz).post('/suppliers', { name }).expect(201);
    }
    const other = await createBusiness(t);
    await api(other).post('/suppliers', { name: 'Their Roastery' }).expect(201);
    const names = async (query: string) => {
      const res = await api(biz).get(`/suppliers${query}`).expect(200);
      return { names: res.body.data.map((s: { name: string }) => s.name), meta: res.body.meta };
    };

    expect(await names('?search=roast')).toEqual({ names: ['Big ROAST Co', 'Roastery Ltd'], meta: { page: 1, per_page: 20, total: 2, total_pages: 1 } });
    expect((await names('?search=%20farm')).names).toEqual(['Dairy Farm']);
    expect((await names(`?search=${encodeURIComponent('50%')}`)).names).toEqual(['50% Off Supplies']);
    expect((await names('?search=A_B')).names).toEqual(['A_B Trading']);
    expect(await names('?search=trading&per_page=1&page=2')).toEqual({ names: ['AxB Trading'], meta: { page: 2, per_page: 1, total: 2, total_pages: 2 } });
    expect((await names('?search=nothing like it')).names).toEqual([]);
    // an empty search is no "every supplier" (docs/api.md 1)
    for (const q of [`?search=${'x'.repeat(201)}`, '?search=a&search=b', '?search=']) {
      const res = await api(biz).get(`/suppliers${q}`).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain('search');
    }
  });

  it('409 SUPPLIER_EXISTS for a taken name, case-insensitively, on create and rename; nothing written', async () => {
    const biz = await createBusiness(t);
    await api(biz).post('/suppliers', { name: 'Roastery' }).expect(201);
    const other = (await api(biz).post('/suppliers', { name: 'Dairy' }).expect(201)).body.data;
    const res = await api(biz).post('/suppliers', { name: 'ROASTERY' }).expect(409);
    expect(res.body.error).toMatchObject({ code: 'SUPPLIER_EXISTS', details: [{ name: 'ROASTERY' }] });
    await api(biz).put(`/suppliers/${other.id}`, { name: 'roastery' }).expect(409);
    expect((await api(biz).get(`/suppliers/${other.id}`).expect(200)).body.data.name).toBe('Dairy');
    expect(await countRows(t, 'suppliers', biz.business_id)).toBe(2);
    // another business may use the name
    await api(await createBusiness(t))
      .post('/suppliers', { name: 'Roastery' })
      .expect(201);
  });

  it("400 for a missing or blank name, a bad email or phone, unknown fields; 404 for another business's supplier", async () => {
    const biz = await createBusiness(t);
    for (const body of [
      {},
      { name: '   ' },
      { name: 'X', email: 'not-an-email' },
      { name: 'X', phone: 'call me' },
      { name: 'X', average_cost: 1 },
      { name: 'X'.repeat(201) },
    ]) {
      const res = await api(biz).post('/suppliers', body).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
    }
    expect(await countRows(t, 'suppliers', biz.business_id)).toBe(0);
    const mine = (await api(biz).post('/suppliers', { name: 'Mine' }).expect(201)).body.data;
    const stranger = await createBusiness(t);
    await api(stranger).get(`/suppliers/${mine.id}`).expect(404);
    await api(stranger).put(`/suppliers/${mine.id}`, { name: 'Stolen' }).expect(404);
    await api(biz).get(`/suppliers/${randomUUID()}`).expect(404);
    await api(biz).get('/suppliers/not-a-uuid').expect(400);
    expect((await api(biz).get(`/suppliers/${mine.id}`).expect(200)).body.data.name).toBe('Mine');
  });
});
