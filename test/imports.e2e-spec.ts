import { IMPORT_CHUNK_ROWS } from '../src/modules/imports/import-runner';
import { importUntil, uploadImport } from './helpers/imports';
import { apiAs, countRows, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { WAITING_FOR_A_LOCK } from './helpers/lock-waits';

/** CSV imports (docs/api.md 23): real files through multipart, validated and applied in the background. */
describe('imports (docs/api.md 23)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ importResumeIntervalMs: 200 });
  });
  afterAll(() => t.close());

  const upload = (biz: TestBusiness, kind: string, text: string | Buffer, name?: string) => uploadImport(t, biz, kind, text, name);
  const until = (biz: TestBusiness, id: string, statuses: string[]) => importUntil(t, biz, id, statuses);

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

  async function keyWith(biz: TestBusiness, scopes: string[]): Promise<TestBusiness> {
    const key = (
      await apiAs(t, biz)
        .post('/api-keys', { name: `Key ${scopes.join(' ')}`, scopes })
        .expect(201)
    ).body.data.api_key as string;
    return { ...biz, api_key: key, auth: { Authorization: `Bearer ${key}` } };
  }

  it('imports our own products export back with every row unchanged, and an empty cell keeps the value', async () => {
    const biz = await createBusiness(t, 'Round Trip');
    const api = apiAs(t, biz);
    const cat = (await api.post('/categories', { name: 'Tea' }).expect(201)).body.data.id as string;
    await api
      .post('/products', {
        name: '=Formula tea',
        price: 3.1,
        cost_price: 1.25,
        sku: 'TEA-1',
        category_id: cat,
        description: 'a, "quoted" text',
        barcode: '4006381333931',
        min_stock: 2.5,
      })
      .expect(201);
    await api.post('/products', { name: 'Plain', price: 1, sku: 'PLAIN' }).expect(201);
    const off = (await api.post('/products', { name: 'Gone', price: 9, sku: 'GONE' }).expect(201)).body.data.id as string;
    await api.del(`/products/${off}`).expect(200);
    const exported = (await api.get('/products/export?is_active=false').expect(200)).text;
    const all = (await api.get('/products/export').expect(200)).text + exported.split('\r\n').slice(1).join('\r\n');
    const imp = await validated(biz, 'products', all, 'products.csv');
    expect(imp.unknown_columns).toEqual([]);
    expect(imp.summary).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });
    expect((await applied(biz, imp.id)).summary).toEqual({ create: 0, update: 0, unchanged: 3, error: 0 });

    // empty cells keep the values; a given one changes only its field
    const partial = await validated(biz, 'products', 'sku,name,price,cost_price,description\nTEA-1,,3.20,,\n');
    expect(partial.summary).toEqual({ create: 0, update: 1, unchanged: 0, error: 0 });
    await applied(biz, partial.id);
    const tea = (await api.get('/products?sku=TEA-1').expect(200)).body.data[0];
    expect(tea).toMatchObject({
      name: '=Formula tea',
      price: 3.2,
      cost_price: 1.25,
      description: 'a, "quoted" text',
      min_stock: 2.5,
      category: { id: cat, name: 'Tea' },
    });
  });

  it('reads semicolon-separated files with a BOM; imports customers by email, then phone', async () => {
    const biz = await createBusiness(t, 'Semicolons');
    const api = apiAs(t, biz);
    const ana = (await api.post('/customers', { name: 'Ana', email: 'Ana@Example.com' }).expect(201)).body.data.id as string;
    const bo = (await api.post('/customers', { name: 'Bo', phone: '+351 912 345 678' }).expect(201)).body.data.id as string;
    const text = '\uFEFFname;email;phone;notes\nAna Silva; ana@example.COM ;;VIP\nBo;;+351912345678;\nCy;cy@example.com;;"semi; colon"\nBad;not-an-email;;\n';
    const imp = await validated(biz, 'customers', Buffer.from(text, 'utf8'));
    expect(imp.summary).toEqual({ create: 1, update: 1, unchanged: 1, error: 1 });
    const rows = await rowsOf(biz, imp.id);
    expect(rows.map((r: { row: number; outcome: string; key: string | null }) => [r.row, r.outcome, r.key])).toEqual([
      [1, 'update', 'ana@example.com'],
      [2, 'unchanged', '+351912345678'],
      [3, 'create', 'cy@example.com'],
      [4, 'error', 'not-an-email'],
    ]);
    expect(rows[3].errors).toEqual([{ column: 'email', code: 'VALIDATION_FAILED', message: expect.any(String) }]);
    await applied(biz, imp.id);
    const anaNow = (await api.get(`/customers/${ana}`).expect(200)).body.data;
    expect(anaNow).toMatchObject({ name: 'Ana Silva', email: 'ana@example.COM', notes: 'VIP' });
    expect((await api.get(`/customers/${bo}`).expect(200)).body.data.phone).toBe('+351 912 345 678');
    expect((await api.get(`/customers/${bo}`).expect(200)).body.data.name).toBe('Bo');
    expect(await countRows(t, 'customers', biz.business_id)).toBe(3);
    const created = await t.db.query(`SELECT data FROM outbox_events WHERE business_id = $1 AND type = 'customer.created'`, [biz.business_id]);
    expect(created.map((e: { data: { email: string } }) => e.data.email)).toContain('cy@example.com');
  });

  it('sets counted stock by sku and warehouse through import adjustments', async () => {
    const biz = await createBusiness(t, 'Stock Import');
    const api = apiAs(t, biz);
    const main = (await api.get('/warehouses').expect(200)).body.data[0];
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
    const p = (await api.post('/products', { name: 'Beans', price: 10, sku: 'B1' }).expect(201)).body.data.id as string;
    await api.post('/stock/adjustments', { product_id: p, warehouse_id: main.id, quantity: 5, reason: 'restock' }).expect(201);
    const file = `sku,warehouse,quantity\nB1,Main,7.5\nB1,${annex.id.toUpperCase()},2\nB1,Nowhere,1\nNOPE,Main,1\nB1,Annex,-1\n`;
    const imp = await validated(biz, 'stock', file);
    expect(imp.summary).toEqual({ create: 0, update: 2, unchanged: 0, error: 3 });
    const errors = await rowsOf(biz, imp.id, 'error');
    expect(errors.map((r: { errors: { column: string; code: string }[] }) => r.errors.map((e) => [e.column, e.code]))).toEqual([
      [['warehouse', 'UNKNOWN_WAREHOUSE']],
      [['sku', 'UNKNOWN_PRODUCT']],
      [['quantity', 'VALIDATION_FAILED']],
    ]);
    await applied(biz, imp.id);
    const product = (await api.get(`/products/${p}`).expect(200)).body.data;
    expect(product.stock).toBe(9.5);
    const moves = await t.db.query(`SELECT quantity::text AS q, reason FROM stock_movements WHERE business_id = $1 AND reason = 'import' ORDER BY quantity`, [
      biz.business_id,
    ]);
    expect(moves).toEqual([
      { q: '2.000', reason: 'import' },
      { q: '2.500', reason: 'import' },
    ]);
    const again = await validated(biz, 'stock', 'sku,warehouse,quantity\nB1,Main,7.5\n');
    expect(again.summary).toEqual({ create: 0, update: 0, unchanged: 1, error: 0 });
  });

  it('refuses files over 50 MiB (413), over 200,000 rows or not CSV text (400), and a missing file or kind', async () => {
    const biz = await createBusiness(t, 'Limits');
    const big = Buffer.alloc(50 * 1024 * 1024 + 1, 'a');
    const tooBig = await upload(biz, 'products', big).expect(413);
    expect(tooBig.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    const rows = `sku\n${'x\n'.repeat(200_001)}`;
    expect((await upload(biz, 'products', rows).expect(400)).body.error.details).toEqual([{ field: 'file', message: expect.stringContaining('200000') }]);
    await upload(biz, 'products', `sku\n${'x\n'.repeat(200_000)}`).expect(202);
    await upload(biz, 'products', Buffer.from([0x73, 0x6b, 0x75, 0x0a, 0xff, 0xfe, 0x00, 0x01])).expect(400);
    await upload(biz, 'products', 'sku,name\n"unclosed,quote\n').expect(400);
    await upload(biz, 'products', '').expect(400);
    await upload(biz, 'things', 'sku\nx\n').expect(400);
    await t.http().post('/api/v1/imports').set(biz.auth).field('kind', 'products').expect(400);
    expect(await countRows(t, 'imports', biz.business_id)).toBe(1);
  });

  it("answers 404 for another business's import and 403 outside the kind's scope", async () => {
    const a = await createBusiness(t, 'Tenant A');
    const b = await createBusiness(t, 'Tenant B');
    const imp = await validated(a, 'products', 'sku,name,price\nA1,A,1\n');
    const theirs = apiAs(t, b);
    await theirs.get(`/imports/${imp.id}`).expect(404);
    await theirs.get(`/imports/${imp.id}/rows`).expect(404);
    await theirs.get(`/imports/${imp.id}/errors.csv`).expect(404);
    await theirs.post(`/imports/${imp.id}/apply`, {}).expect(404);
    await theirs.del(`/imports/${imp.id}`).expect(404);
    expect((await theirs.get('/imports').expect(200)).body.data).toEqual([]);

    const stockOnly = await keyWith(a, ['inventory']);
    expect((await upload(stockOnly, 'products', 'sku\nx\n').expect(403)).body.error.details).toEqual([{ required: 'products:write' }]);
    await apiAs(t, stockOnly).get(`/imports/${imp.id}`).expect(403);
    expect((await apiAs(t, stockOnly).get('/imports').expect(200)).body.data).toEqual([]);
    const reader = await keyWith(a, ['products:read']);
    await upload(reader, 'products', 'sku\nx\n').expect(403);
    const writer = await keyWith(a, ['products:write']);
    expect((await apiAs(t, writer).get('/imports').expect(200)).body.meta.total).toBe(1);
    expect(await countRows(t, 'imports', a.business_id)).toBe(1);
  });

  it('cancels a ready import; abort applies nothing when a row has an error', async () => {
    const biz = await createBusiness(t, 'Cancel');
    const api = apiAs(t, biz);
    const imp = await validated(biz, 'products', 'sku,name,price\nC1,One,1\nC2,Two,x\n');
    const cancelled = (await api.del(`/imports/${imp.id}`).expect(200)).body.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', finished_at: expect.any(String) });
    await api.post(`/imports/${imp.id}/apply`, {}).expect(409);
    await api.del(`/imports/${imp.id}`).expect(409);

    const other = await validated(biz, 'products', 'sku,name,price\nC1,One,1\nC2,Two,x\n');
    const failed = (await api.post(`/imports/${other.id}/apply`, { on_error: 'abort' }).expect(202)).body.data;
    expect(failed.status).toBe('failed');
    await api.post(`/imports/${other.id}/apply`, { on_error: 'never' }).expect(400);
    expect(await countRows(t, 'products', biz.business_id)).toBe(0);
    const activity = await t.db.query(`SELECT action FROM activity_entries WHERE business_id = $1 AND resource_type = 'import' ORDER BY occurred_at, action`, [
      biz.business_id,
    ]);
    expect(activity.map((e: { action: string }) => e.action).sort()).toEqual(['imports.apply', 'imports.cancel', 'imports.create', 'imports.create']);
  });

  it('cancels an apply between chunks: the chunk under way commits whole, none follows', async () => {
    const biz = await createBusiness(t, 'Cancel Mid');
    const api = apiAs(t, biz);
    await api.post('/products', { name: 'Held', price: 1, sku: 'HELD' }).expect(201);
    // two chunks and a half, the held product in the middle of the second
    const rows = IMPORT_CHUNK_ROWS * 2.5;
    const heldRow = IMPORT_CHUNK_ROWS * 1.5;
    const lines = ['sku,name,price'];
    for (let row = 1; row <= rows; row++) lines.push(row === heldRow ? 'HELD,Held again,2' : `C-${row},Row ${row},1`);
    const imp = await validated(biz, 'products', lines.join('\n'));
    // the product of the held row locked: the second chunk waits for it, the first has committed
    const holder = t.db.createQueryRunner();
    await holder.connect();
    await holder.startTransaction();
    await holder.query(`SELECT 1 FROM products WHERE business_id = $1 AND sku = 'HELD' FOR UPDATE`, [biz.business_id]);
    await api.post(`/imports/${imp.id}/apply`, {}).expect(202);
    // until the second chunk waits for that lock (its import row locked: the cancel waits for the chunk)
    const waiting = async () =>
      (
        await t.db.query(
          `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND ${WAITING_FOR_A_LOCK} AND query LIKE '%FOR UPDATE OF p%'`,
        )
      )[0].n as number;
    for (let i = 0; i < 600 && (await waiting()) === 0; i++) await new Promise((r) => setTimeout(r, 50));
    expect((await api.get(`/imports/${imp.id}`).expect(200)).body.data.progress.done).toBe(IMPORT_CHUNK_ROWS);
    const cancelling = api.del(`/imports/${imp.id}`).then((res) => res);
    await new Promise((r) => setTimeout(r, 300));
    await holder.commitTransaction();
    await holder.release();
    expect((await cancelling).status).toBe(200);
    const after = await until(biz, imp.id, ['cancelled']);
    expect(after.progress).toEqual({ done: 2 * IMPORT_CHUNK_ROWS, total: rows });
    // the first two chunks whole (all their rows created but the held one, HELD updated), nothing of the third
    expect(await countRows(t, 'products', biz.business_id)).toBe(2 * IMPORT_CHUNK_ROWS);
    await new Promise((r) => setTimeout(r, 500));
    expect(await countRows(t, 'products', biz.business_id)).toBe(2 * IMPORT_CHUNK_ROWS);
  });
});
