import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('categories', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);

  async function category(biz: TestBusiness, name: string, description?: string) {
    return (
      await api(biz)
        .post('/categories', { name, ...(description ? { description } : {}) })
        .expect(201)
    ).body.data;
  }

  it('creates (201) and reads a category', async () => {
    const biz = await createBusiness(t);
    const res = await api(biz).post('/categories', { name: '  Coffee ', description: 'Beans and ground' }).expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.any(String),
        name: 'Coffee',
        description: 'Beans and ground',
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
    });
    const got = await api(biz).get(`/categories/${res.body.data.id}`).expect(200);
    expect(got.body.data).toEqual(res.body.data);
  });

  it('lists the business categories by name, paged with meta', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    await category(other, 'Alien');
    for (const name of ['tea', 'Bakery', 'coffee']) await category(biz, name);
    const res = await api(biz).get('/categories').expect(200);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual(['Bakery', 'coffee', 'tea']);
    expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 3, total_pages: 1 });
    const page = await api(biz).get('/categories?page=2&per_page=2').expect(200);
    expect(page.body.data.map((c: { name: string }) => c.name)).toEqual(['tea']);
    expect(page.body.meta).toEqual({ page: 2, per_page: 2, total: 3, total_pages: 2 });
  });

  it('409 CATEGORY_EXISTS for a name the business already has, whatever its case; other businesses may reuse it', async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    await category(biz, 'Coffee');
    const res = await api(biz).post('/categories', { name: 'COFFEE' }).expect(409);
    expect(res.body.error).toEqual(expect.objectContaining({ code: 'CATEGORY_EXISTS', details: [{ name: 'COFFEE' }] }));
    expect(await countRows(t, 'categories', biz.business_id)).toBe(1);
    await category(other, 'coffee');
  });

  it('409 CATEGORY_EXISTS under a race: one of six concurrent creates wins', async () => {
    const biz = await createBusiness(t);
    const results = await Promise.all(Array.from({ length: 6 }, (_, i) => api(biz).post('/categories', { name: i % 2 ? 'Tea' : 'tea' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await countRows(t, 'categories', biz.business_id)).toBe(1);
  });

  it('updates the name and description (null clears it); 409 when renamed onto another category', async () => {
    const biz = await createBusiness(t);
    const coffee = await category(biz, 'Coffee', 'Beans');
    await category(biz, 'Tea');
    const renamed = await api(biz).put(`/categories/${coffee.id}`, { name: 'Coffee & Co' }).expect(200);
    expect(renamed.body.data).toEqual(expect.objectContaining({ id: coffee.id, name: 'Coffee & Co', description: 'Beans' }));
    const cleared = await api(biz).put(`/categories/${coffee.id}`, { description: null }).expect(200);
    expect(cleared.body.data).toEqual(expect.objectContaining({ name: 'Coffee & Co', description: null }));
    const recased = await api(biz).put(`/categories/${coffee.id}`, { name: 'COFFEE & CO' }).expect(200);
    expect(recased.body.data.name).toBe('COFFEE & CO');
    const taken = await api(biz).put(`/categories/${coffee.id}`, { name: 'tea' }).expect(409);
    expect(taken.body.error.code).toBe('CATEGORY_EXISTS');
    expect((await api(biz).get(`/categories/${coffee.id}`).expect(200)).body.data.name).toBe('COFFEE & CO');
  });

  it('the product shows the renamed category', async () => {
    const biz = await createBusiness(t);
    const cat = await category(biz, 'Old name');
    const p = (await api(biz).post('/products', { name: 'P', price: 1, category_id: cat.id }).expect(201)).body.data;
    await api(biz).put(`/categories/${cat.id}`, { name: 'New name' }).expect(200);
    expect((await api(biz).get(`/products/${p.id}`).expect(200)).body.data.category).toEqual({ id: cat.id, name: 'New name' });
  });

  it('DELETE removes the category with 204 and unassigns its products', async () => {
    const biz = await createBusiness(t);
    const cat = await category(biz, 'Doomed');
    const keep = await category(biz, 'Kept');
    const p1 = (await api(biz).post('/products', { name: 'P1', price: 1, category_id: cat.id }).expect(201)).body.data;
    const p2 = (await api(biz).post('/products', { name: 'P2', price: 1, category_id: keep.id }).expect(201)).body.data;
    const res = await api(biz).del(`/categories/${cat.id}`).expect(204);
    expect(res.text).toBe('');
    await api(biz).get(`/categories/${cat.id}`).expect(404);
    const after1 = (await api(biz).get(`/products/${p1.id}`).expect(200)).body.data;
    expect(after1.category).toBeNull();
    expect(after1.updated_at > p1.updated_at).toBe(true);
    expect((await api(biz).get(`/products/${p2.id}`).expect(200)).body.data.category).toEqual({ id: keep.id, name: 'Kept' });
    await api(biz).del(`/categories/${cat.id}`).expect(404);
    await category(biz, 'Doomed');
  });

  it("404 for another business's category on GET, PUT and DELETE; nothing changes", async () => {
    const biz = await createBusiness(t);
    const other = await createBusiness(t);
    const theirs = await category(other, 'Theirs');
    const res = await api(biz).get(`/categories/${theirs.id}`).expect(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    await api(biz).put(`/categories/${theirs.id}`, { name: 'Mine now' }).expect(404);
    await api(biz).del(`/categories/${theirs.id}`).expect(404);
    expect((await api(other).get(`/categories/${theirs.id}`).expect(200)).body.data.name).toBe('Theirs');
  });

  it.each([
    ['missing name', 'post', {}],
    ['blank name', 'post', { name: '  ' }],
    ['name not a string', 'post', { name: 5 }],
    ['name too long', 'post', { name: 'x'.repeat(101) }],
    ['unknown field', 'post', { name: 'X', colour: 'red' }],
    ['null name on update', 'put', { name: null }],
    ['unknown field on update', 'put', { parent_id: null }],
  ])('400 VALIDATION_FAILED for %s', async (_label, method, body) => {
    const biz = await createBusiness(t);
    const existing = await category(biz, 'Existing');
    const req = method === 'post' ? api(biz).post('/categories', body) : api(biz).put(`/categories/${existing.id}`, body);
    const res = await req.expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(await countRows(t, 'categories', biz.business_id)).toBe(1);
  });

  it('400 for bad UUIDs in the path and bad paging', async () => {
    const biz = await createBusiness(t);
    await api(biz).get('/categories/nope').expect(400);
    await api(biz).put('/categories/nope', { name: 'X' }).expect(400);
    await api(biz).del('/categories/nope').expect(400);
    await api(biz).get('/categories?per_page=0').expect(400);
    await api(biz).get('/categories?per_page=101').expect(400);
    await api(biz).get('/categories?page=0').expect(400);
  });
});
