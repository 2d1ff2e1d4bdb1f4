import { apiAs, countRows, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** CSV imports (docs/api.md 23): real files through multipart, validated and applied in the background. */
describe('imports (docs/api.md 23)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ importResumeIntervalMs: 200 });
  });
  afterAll(() => t.close());

  function upload(biz: TestBusiness, kind: string, text: string | Buffer, name = 'file.csv') {
    return t
      .http()
      .post('/api/v1/imports')
      .set(biz.auth)
      .field('kind', kind)
      .attach('file', Buffer.isBuffer(text) ? text : Buffer.from(text, 'utf8'), { filename: name, contentType: 'text/csv' });
  }

  async function until(biz: TestBusiness, id: string, statuses: string[]) {
    const api = apiAs(t, biz);
    for (let i = 0; i < 600; i++) {
      const body = (await api.get(`/imports/${id}`).expect(200)).body.data;
      if (statuses.includes(body.status)) return body;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`import ${id} never became ${statuses.join('|')}`);
  }

  async function validated(biz: TestBusiness, kind: string, text: string | Buffer, name?: string) {
    const created = (await upload(biz, kind, text, name).expect(202)).body.data;
    expect(created.status).toBe('validating');
    return until(biz, created.id, ['ready', 'failed']);
  }

  async function applied(biz: TestBusiness, id: string, body: object = {}) {
    await apiAs(t, biz).post(`/imports/${id}/apply`, body).expect(202);
    return until(biz, id, ['done', 'failed', 'cancelled']);
  }

  async function rowsOf(biz: TestBusiness, id: string, outcome?: string) {
    return (
      await apiAs(t, biz)
        .get(`/imports/${id}/rows?per_page=100${outcome ? `&outcome=${outcome}` : ''}`)
        .expect(200)
    ).body.data;
  }

  it('previews products with errors by row and column, writes nothing, then applies; the same file again is all unchanged', async () => {
    const biz = await createBusiness(t, 'Import Shop');
    const api = apiAs(t, biz);
    await api.post('/products', { name: 'Old beans', price: 5, sku: 'BEANS' }).expect(201);
    const file = [
      'sku,name,price,cost_price,category.name,min_stock,colour',
      'BEANS,Espresso beans,12.50,7.2,Coffee,3,brown',
      'MUG,Mug,4,,Kitchen,,white',
      'BAD,Bad price,-1,,,,',
      ',Generated,2.00,,Coffee,,',
      'MUG,Mug twice,4,,,,',
    ].join('\n');
    const imp = await validated(biz, 'products', file, 'catalog.csv');
    expect(imp).toMatchObject({
      kind: 'products',
      status: 'ready',
      file_name: 'catalog.csv',
      rows: 5,
      summary: { create: 2, update: 1, unchanged: 0, error: 2 },
      unknown_columns: ['colour'],
      created_by: { type: 'key' },
      finished_at: null,
    });
    const errors = await rowsOf(biz, imp.id, 'error');
    expect(errors.map((r: { row: number }) => r.row)).toEqual([3, 5]);
    expect(errors[0].errors).toEqual([{ column: 'price', code: 'VALIDATION_FAILED', message: expect.stringContaining('price') }]);
    expect(errors[1].errors[0]).toMatchObject({ column: 'sku', code: 'VALIDATION_FAILED' });
    // the preview wrote nothing
    expect(await countRows(t, 'products', biz.business_id)).toBe(1);
    expect(await countRows(t, 'categories', biz.business_id)).toBe(0);

    const csv = await api.get(`/imports/${imp.id}/errors.csv`).expect(200);
    expect(csv.text.split('\r\n')[0]).toBe('row,sku,name,price,cost_price,category.name,min_stock,colour,error');
    // the project's CSV writer: a cell that would start a formula is written after an apostrophe
    expect(csv.text.split('\r\n')[1]).toBe("3,BAD,Bad price,'-1,,,,,price: VALIDATION_FAILED price must be a non-negative number with at most 2 decimals");

    const done = await applied(biz, imp.id);
    expect(done).toMatchObject({ status: 'done', summary: { create: 2, update: 1, unchanged: 0, error: 2 }, progress: { done: 5, total: 5 } });
    expect(done.finished_at).not.toBeNull();
    const list = (await api.get('/products?per_page=100').expect(200)).body.data;
    expect(
      list.map((p: { sku: string; name: string; price: number; category: { name: string } | null }) => [p.name, p.price, p.category?.name ?? null]).sort(),
    ).toEqual(
      [
        ['Espresso beans', 12.5, 'Coffee'],
        ['Generated', 2, 'Coffee'],
        ['Mug', 4, 'Kitchen'],
      ].sort(),
    );
    expect(await countRows(t, 'categories', biz.business_id)).toBe(2);
    await api.post(`/imports/${imp.id}/apply`, {}).expect(409);

    // the same file again: every valid row with a SKU unchanged (the row without one is a new product each time)
    const again = await validated(
      biz,
      'products',
      file
        .split('\n')
        .filter((l) => !l.startsWith(','))
        .join('\n'),
    );
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 2, error: 2 });
    const second = await applied(biz, again.id);
    expect(second.summary).toEqual({ create: 0, update: 0, unchanged: 2, error: 2 });
    const events = await t.db.query(`SELECT data FROM outbox_events WHERE business_id = $1 AND type = 'import.completed'`, [biz.business_id]);
    expect(events).toHaveLength(2);
  });
});
