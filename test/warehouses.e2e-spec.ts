import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('warehouses', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);

  const defaults = async (biz: TestBusiness) =>
    (await t.db.query(`SELECT id FROM warehouses WHERE business_id = $1 AND is_default`, [biz.business_id])).map((r: { id: string }) => r.id);

  it('lists the default warehouse "Main" of a new business', async () => {
    const biz = await createBusiness(t);
    const res = await api(biz).get('/warehouses').expect(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        {
          id: biz.warehouse_id,
          name: 'Main',
          address: null,
          is_default: true,
          created_at: expect.stringMatching(ISO_MS),
          updated_at: expect.stringMatching(ISO_MS),
        },
      ],
      meta: { page: 1, per_page: 20, total: 1, total_pages: 1 },
    });
  });

  it('creates a non-default warehouse (201) and lists the default first, then by name', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    const res = await api(biz).post('/warehouses', { name: 'Annex', address: '1 Dock Road' }).expect(201);
    expect(res.body.data).toEqual(expect.objectContaining({ name: 'Annex', address: '1 Dock Road', is_default: false }));
    await api(biz).post('/warehouses', { name: 'backroom' }).expect(201);
    const list = await api(biz).get('/warehouses').expect(200);
    expect(list.body.data.map((w: { name: string }) => w.name)).toEqual(['Main', 'Annex', 'backroom']);
    expect((await api(other).get('/warehouses').expect(200)).body.meta.total).toBe(1);
    expect((await api(biz).get(`/warehouses/${res.body.data.id}`).expect(200)).body.data).toEqual(res.body.data);
    const paged = await api(biz).get('/warehouses?page=2&per_page=2').expect(200);
    expect(paged.body.data.map((w: { name: string }) => w.name)).toEqual(['backroom']);
  });

  it('creating a default warehouse un-defaults the previous one', async () => {
    const biz = await createBusiness(t);
    const res = await api(biz).post('/warehouses', { name: 'Hub', is_default: true }).expect(201);
    expect(res.body.data.is_default).toBe(true);
    expect(await defaults(biz)).toEqual([res.body.data.id]);
    expect((await api(biz).get(`/warehouses/${biz.warehouse_id}`).expect(200)).body.data.is_default).toBe(false);
  });

  it('PUT renames, sets the address, and makes a warehouse the default', async () => {
    const biz = await createBusiness(t);
    const annex = (await api(biz).post('/warehouses', { name: 'Annex', address: 'Old street' }).expect(201)).body.data;
    const renamed = await api(biz).put(`/warehouses/${annex.id}`, { name: 'North annex', address: null }).expect(200);
    expect(renamed.body.data).toEqual(expect.objectContaining({ id: annex.id, name: 'North annex', address: null, is_default: false }));
    const made = await api(biz).put(`/warehouses/${annex.id}`, { is_default: true }).expect(200);
    expect(made.body.data).toEqual(expect.objectContaining({ name: 'North annex', is_default: true }));
    expect(await defaults(biz)).toEqual([annex.id]);
    // again: a no-op, still one default
    await api(biz).put(`/warehouses/${annex.id}`, { is_default: true }).expect(200);
    expect(await defaults(biz)).toEqual([annex.id]);
    // back to Main
    await api(biz).put(`/warehouses/${biz.warehouse_id}`, { is_default: true }).expect(200);
    expect(await defaults(biz)).toEqual([biz.warehouse_id]);
    // is_default false on a non-default warehouse changes nothing
    await api(biz).put(`/warehouses/${annex.id}`, { is_default: false }).expect(200);
    expect(await defaults(biz)).toEqual([biz.warehouse_id]);
  });

  it('the default warehouse cannot be un-defaulted directly (400): there is always one default', async () => {
    const biz = await createBusiness(t);
    const res = await api(biz).put(`/warehouses/${biz.warehouse_id}`, { is_default: false, name: 'Renamed' }).expect(400);
    expect(res.body.error).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', details: [expect.objectContaining({ field: 'is_default' })] }));
    expect(await defaults(biz)).toEqual([biz.warehouse_id]);
    expect((await api(biz).get(`/warehouses/${biz.warehouse_id}`).expect(200)).body.data.name).toBe('Main');
  });

  it('concurrent default changes leave exactly one default', async () => {
    const biz = await createBusiness(t);
    const ids: string[] = [];
    for (const name of ['W1', 'W2', 'W3', 'W4', 'W5']) ids.push((await api(biz).post('/warehouses', { name }).expect(201)).body.data.id);
    const results = await Promise.all([
      ...ids.map((id) => api(biz).put(`/warehouses/${id}`, { is_default: true })),
      api(biz).post('/warehouses', { name: 'W6', is_default: true }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(await defaults(biz)).toHaveLength(1);
  });

  it('an adjustment without warehouse_id uses the current default', async () => {
    const biz = await createBusiness(t);
    const hub = (await api(biz).post('/warehouses', { name: 'Hub', is_default: true }).expect(201)).body.data;
    const p = (await api(biz).post('/products', { name: 'P', price: 1 }).expect(201)).body.data;
    const mv = await api(biz).post('/stock/adjustments', { product_id: p.id, quantity: 4, reason: 'restock' }).expect(201);
    expect(mv.body.data.warehouse_id).toBe(hub.id);
    const product = (await api(biz).get(`/products/${p.id}`).expect(200)).body.data;
    expect(product.stock_by_warehouse).toEqual([
      { warehouse_id: hub.id, warehouse_name: 'Hub', quantity: 4 },
      { warehouse_id: biz.warehouse_id, warehouse_name: 'Main', quantity: 0 },
    ]);
  });

  it("404 for another business's warehouse on GET and PUT", async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    const res = await api(biz).get(`/warehouses/${other.warehouse_id}`).expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    await api(biz).put(`/warehouses/${other.warehouse_id}`, { name: 'Stolen', is_default: true }).expect(404);
    expect(await defaults(other)).toEqual([other.warehouse_id]);
    expect(await defaults(biz)).toEqual([biz.warehouse_id]);
    expect((await api(other).get(`/warehouses/${other.warehouse_id}`).expect(200)).body.data.name).toBe('Main');
  });

  it.each([
    ['missing name', {}],
    ['blank name', { name: ' ' }],
    ['is_default not a boolean', { name: 'X', is_default: 'yes' }],
    ['unknown field', { name: 'X', capacity: 3 }],
  ])('400 VALIDATION_FAILED on create for %s, nothing written', async (_label, body) => {
    const biz = await createBusiness(t);
    const res = await api(biz).post('/warehouses', body).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(await countRows(t, 'warehouses', biz.business_id)).toBe(1);
  });

  it('400 for bad UUIDs, bad update bodies and bad paging', async () => {
    const biz = await createBusiness(t);
    await api(biz).get('/warehouses/123').expect(400);
    await api(biz).put('/warehouses/123', { name: 'X' }).expect(400);
    await api(biz).put(`/warehouses/${biz.warehouse_id}`, { name: null }).expect(400);
    await api(biz).put(`/warehouses/${biz.warehouse_id}`, { is_default: null }).expect(400);
    await api(biz).get('/warehouses?per_page=101').expect(400);
    await api(biz).get('/warehouses?per_page=0').expect(400);
  });
});
