import { createApiKey, revokeApiKey } from '../src/modules/businesses/business-provisioning';
import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('products', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);

  async function product(biz: TestBusiness, body: object = {}) {
    const res = await api(biz)
      .post('/products', { name: 'Widget', price: 10, ...body })
      .expect(201);
    return res.body.data;
  }

  async function restock(biz: TestBusiness, productId: string, quantity: number, warehouseId?: string) {
    await api(biz)
      .post('/stock/adjustments', { product_id: productId, quantity, reason: 'restock', ...(warehouseId ? { warehouse_id: warehouseId } : {}) })
      .expect(201);
  }

  describe('POST /products', () => {
    it('creates a product with defaults and a generated SKU plus min_stock (docs/api.md 6)', async () => {
      const biz = await createBusiness(t);
      const res = await api(biz).post('/products', { name: 'Espresso beans', price: 12.5 }).expect(201);
      expect(res.body).toEqual({
        success: true,
        data: {
          id: expect.stringMatching(UUID),
          name: 'Espresso beans',
          sku: 'SKU-000001',
          price: 12.5,
          cost_price: null,
          average_cost: 0,
          unit: 'unit',
          description: null,
          barcode: null,
          is_active: true,
          category: null,
          tax_rate_id: null,
          stock: 0,
          stock_by_warehouse: [{ warehouse_id: biz.warehouse_id, warehouse_name: 'Main', quantity: 0 }],
          in_transit: 0,
          on_order: 0,
          min_stock: 0,
          reorder_quantity: 0,
          created_at: expect.stringMatching(ISO_MS),
          updated_at: expect.stringMatching(ISO_MS),
        },
      });
      expect(Object.keys(res.body.data)).toHaveLength(20);
    });

    it('stores every given field, money exact', async () => {
      const biz = await createBusiness(t);
      const category = (await api(biz).post('/categories', { name: 'Coffee' }).expect(201)).body.data;
      const res = await api(biz)
        .post('/products', {
          name: '  Beans 1kg  ',
          price: 19.99,
          cost_price: 7.1,
          category_id: category.id,
          description: 'Dark roast',
          barcode: '4006381333931',
          unit: 'kg',
          sku: 'BEAN-1KG',
          min_stock: 2.5,
        })
        .expect(201);
      expect(res.body.data).toEqual(
        expect.objectContaining({
          name: 'Beans 1kg',
          sku: 'BEAN-1KG',
          price: 19.99,
          cost_price: 7.1,
          unit: 'kg',
          description: 'Dark roast',
          barcode: '4006381333931',
          category: { id: category.id, name: 'Coffee' },
          min_stock: 2.5,
        }),
      );
      const [row] = await t.db.query(`SELECT price::text, cost_price::text, min_stock::text FROM products WHERE id = $1`, [res.body.data.id]);
      expect(row).toEqual({ price: '19.99', cost_price: '7.10', min_stock: '2.500' });
    });

    it.each(['73513537', '036000291452', '04252614', '5901234123457'])('accepts the valid barcode %s', async (barcode) => {
      const biz = await createBusiness(t);
      const res = await api(biz).post('/products', { name: 'Coded', price: 1, barcode }).expect(201);
      expect(res.body.data.barcode).toBe(barcode);
    });

    it('numbers generated SKUs per business and skips SKUs already taken', async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      await product(biz, { sku: 'SKU-000002' });
      expect((await product(biz)).sku).toBe('SKU-000001');
      expect((await product(biz)).sku).toBe('SKU-000003');
      expect((await product(other)).sku).toBe('SKU-000001');
    });

    it('409 SKU_TAKEN for a SKU the business already uses; another business may use it', async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      await product(biz, { sku: 'DUP-1' });
      const res = await api(biz).post('/products', { name: 'Second', price: 1, sku: 'DUP-1' }).expect(409);
      expect(res.body.error).toEqual(expect.objectContaining({ code: 'SKU_TAKEN', details: [{ sku: 'DUP-1' }] }));
      expect(await countRows(t, 'products', biz.business_id)).toBe(1);
      await product(other, { sku: 'DUP-1' });
    });

    it('409 SKU_TAKEN under a race: ten concurrent creates with one SKU make one product', async () => {
      const biz = await createBusiness(t);
      const results = await Promise.all(Array.from({ length: 10 }, (_, i) => api(biz).post('/products', { name: `Racer ${i}`, price: 1, sku: 'RACE-1' })));
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 409, 409, 409, 409, 409, 409, 409, 409, 409]);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.error.code === 'SKU_TAKEN')).toBe(true);
      expect(await countRows(t, 'products', biz.business_id)).toBe(1);
    });

    it('concurrent creates without a SKU get distinct generated SKUs', async () => {
      const biz = await createBusiness(t);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => api(biz).post('/products', { name: `Gen ${i}`, price: 1 })));
      expect(results.map((r) => r.status)).toEqual(Array(8).fill(201));
      expect(results.map((r) => r.body.data.sku).sort()).toEqual(Array.from({ length: 8 }, (_, i) => `SKU-00000${i + 1}`));
    });

    it("422 UNKNOWN_CATEGORY for another business's category, and nothing written", async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      const foreign = (await api(other).post('/categories', { name: 'Theirs' }).expect(201)).body.data;
      const res = await api(biz).post('/products', { name: 'X', price: 1, category_id: foreign.id }).expect(422);
      expect(res.body.error).toEqual(expect.objectContaining({ code: 'UNKNOWN_CATEGORY', details: [{ category_id: foreign.id }] }));
      expect(await countRows(t, 'products', biz.business_id)).toBe(0);
      const [counter] = await t.db.query(`SELECT value::int FROM business_counters WHERE business_id = $1 AND name = 'sku'`, [biz.business_id]);
      expect(counter.value).toBe(0);
    });

    it.each([
      ['negative price', { name: 'X', price: -1 }, 'price'],
      ['3-decimal price', { name: 'X', price: 1.005 }, 'price'],
      ['price as a string', { name: 'X', price: '10' }, 'price'],
      ['missing price', { name: 'X' }, 'price'],
      ['missing name', { price: 1 }, 'name'],
      ['blank name', { name: '   ', price: 1 }, 'name'],
      ['negative cost_price', { name: 'X', price: 1, cost_price: -0.01 }, 'cost_price'],
      ['bad barcode check digit', { name: 'X', price: 1, barcode: '4006381333932' }, 'barcode'],
      ['barcode of letters', { name: 'X', price: 1, barcode: 'ABCDEFGH' }, 'barcode'],
      ['barcode of bad length', { name: 'X', price: 1, barcode: '1234567890' }, 'barcode'],
      ['bad category uuid', { name: 'X', price: 1, category_id: 'not-a-uuid' }, 'category_id'],
      ['negative min_stock', { name: 'X', price: 1, min_stock: -1 }, 'min_stock'],
      ['4-decimal min_stock', { name: 'X', price: 1, min_stock: 0.0001 }, 'min_stock'],
      ['null unit', { name: 'X', price: 1, unit: null }, 'unit'],
      ['null sku', { name: 'X', price: 1, sku: null }, 'sku'],
      ['unknown field', { name: 'X', price: 1, stock: 5 }, 'stock'],
      ['is_active on create', { name: 'X', price: 1, is_active: false }, 'is_active'],
    ])('400 VALIDATION_FAILED for %s', async (_label, body, field) => {
      const biz = await createBusiness(t);
      const res = await api(biz).post('/products', body).expect(400);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await countRows(t, 'products', biz.business_id)).toBe(0);
    });
  });

  describe('GET /products/:id', () => {
    it('returns the product, its stock per warehouse and the exact total', async () => {
      const biz = await createBusiness(t);
      const second = (await api(biz).post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
      const p = await product(biz, { name: 'Flour', unit: 'kg' });
      await restock(biz, p.id, 5.5);
      await restock(biz, p.id, 2.25, second.id);
      await restock(biz, p.id, 0.1, second.id);
      const res = await api(biz).get(`/products/${p.id}`).expect(200);
      expect(res.body.data.stock).toBe(7.85);
      expect(res.body.data.stock_by_warehouse).toEqual([
        { warehouse_id: biz.warehouse_id, warehouse_name: 'Main', quantity: 5.5 },
        { warehouse_id: second.id, warehouse_name: 'Annex', quantity: 2.35 },
      ]);
    });

    it("404 for another business's product and for an unknown id, 400 for a bad UUID", async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      const theirs = await product(other);
      const res = await api(biz).get(`/products/${theirs.id}`).expect(404);
      expect(res.body.error.code).toBe('NOT_FOUND');
      await api(biz).get('/products/00000000-0000-4000-8000-000000000000').expect(404);
      const bad = await api(biz).get('/products/123').expect(400);
      expect(bad.body.error).toEqual(expect.objectContaining({ code: 'VALIDATION_FAILED', details: [{ field: 'id', message: 'id must be a UUID' }] }));
    });

    it('401 for a revoked key', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz);
      const key = await createApiKey(t.db, biz.business_id);
      await t.http().get(`/api/v1/products/${p.id}`).set('Authorization', `Bearer ${key.api_key}`).expect(200);
      await revokeApiKey(t.db, key.key_id);
      const res = await t.http().get(`/api/v1/products/${p.id}`).set('Authorization', `Bearer ${key.api_key}`).expect(401);
      expect(res.body.error.code).toBe('UNAUTHORIZED');
      expect(res.headers['www-authenticate']).toBe('Bearer');
      await t.http().get('/api/v1/products').set('Authorization', `Bearer ${key.api_key}`).expect(401);
    });
  });

  describe('GET /products', () => {
    it('lists active products sorted by name (case-insensitive), wrapped with meta, of this business only', async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      await product(other, { name: 'Alien' });
      for (const name of ['banana', 'Cherry', 'apple', 'Date']) await product(biz, { name });
      const res = await api(biz).get('/products').expect(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.map((p: { name: string }) => p.name)).toEqual(['apple', 'banana', 'Cherry', 'Date']);
      expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 4, total_pages: 1 });
      expect(res.body.data[0].stock_by_warehouse).toEqual([{ warehouse_id: biz.warehouse_id, warehouse_name: 'Main', quantity: 0 }]);
    });

    it('shows the same stock on the first page, a filtered page and the product: every warehouse by its exact name, default first, 0 without stock, and in transit', async () => {
      const biz = await createBusiness(t);
      const annexName = 'annex "B" \\ é';
      const annex = (await api(biz).post('/warehouses', { name: annexName }).expect(201)).body.data.id;
      const back = (await api(biz).post('/warehouses', { name: 'Back room' }).expect(201)).body.data.id;
      const beans = await product(biz, { name: 'Beans' });
      const cups = await product(biz, { name: 'Cups' });
      await restock(biz, beans.id, 7.5);
      await restock(biz, beans.id, 2, back);
      await api(biz)
        .post('/stock/transfers', { from_warehouse_id: biz.warehouse_id, to_warehouse_id: annex, items: [{ product_id: beans.id, quantity: 1.25 }] })
        .expect(201);
      const beansStock = {
        stock: 8.25,
        stock_by_warehouse: [
          { warehouse_id: biz.warehouse_id, warehouse_name: 'Main', quantity: 6.25 },
          { warehouse_id: annex, warehouse_name: annexName, quantity: 0 },
          { warehouse_id: back, warehouse_name: 'Back room', quantity: 2 },
        ],
        in_transit: 1.25,
      };
      const stockOf = (p: { stock: number; stock_by_warehouse: unknown; in_transit: number }) => ({
        stock: p.stock,
        stock_by_warehouse: p.stock_by_warehouse,
        in_transit: p.in_transit,
      });
      const page = (await api(biz).get('/products').expect(200)).body.data;
      expect(page.map(stockOf)).toEqual([
        beansStock,
        { stock: 0, stock_by_warehouse: beansStock.stock_by_warehouse.map((w) => ({ ...w, quantity: 0 })), in_transit: 0 },
      ]);
      expect(page.map((p: { id: string }) => p.id)).toEqual([beans.id, cups.id]);
      expect((await api(biz).get('/products?search=bea').expect(200)).body.data.map(stockOf)).toEqual([beansStock]);
      expect((await api(biz).get('/products?in_stock=true').expect(200)).body.data.map(stockOf)).toEqual([beansStock]);
      expect(stockOf((await api(biz).get(`/products/${beans.id}`).expect(200)).body.data)).toEqual(beansStock);
    });

    it('finds a product by its exact SKU or barcode (a scanned code), in this business only', async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      const beans = await product(biz, { name: 'Beans', sku: 'ESP-1KG', barcode: '4006381333931' });
      await product(biz, { name: 'Beans decaf', sku: 'ESP-1KG-D' });
      await product(other, { name: 'Beans', sku: 'ESP-1KG', barcode: '4006381333931' });
      const ids = async (query: string) => (await api(biz).get(`/products?${query}`).expect(200)).body.data.map((p: { id: string }) => p.id);
      expect(await ids('sku=ESP-1KG')).toEqual([beans.id]);
      expect(await ids('barcode=4006381333931')).toEqual([beans.id]);
      expect(await ids('sku=ESP-1')).toEqual([]);
      expect(await ids('sku=esp-1kg')).toEqual([]);
      expect(await ids('barcode=400638133393')).toEqual([]);
      await api(biz).put(`/products/${beans.id}`, { is_active: false }).expect(200);
      expect(await ids('sku=ESP-1KG')).toEqual([]);
      expect(await ids('sku=ESP-1KG&is_active=false')).toEqual([beans.id]);
      await api(biz)
        .get(`/products?sku=${'x'.repeat(101)}`)
        .expect(400);
    });

    it('pages', async () => {
      const biz = await createBusiness(t);
      for (const name of ['A', 'B', 'C', 'D', 'E']) await product(biz, { name });
      const page2 = await api(biz).get('/products?page=2&per_page=2').expect(200);
      expect(page2.body.data.map((p: { name: string }) => p.name)).toEqual(['C', 'D']);
      expect(page2.body.meta).toEqual({ page: 2, per_page: 2, total: 5, total_pages: 3 });
      const beyond = await api(biz).get('/products?page=9&per_page=2').expect(200);
      expect(beyond.body.data).toEqual([]);
      expect(beyond.body.meta).toEqual({ page: 9, per_page: 2, total: 5, total_pages: 3 });
      const max = await api(biz).get('/products?per_page=100').expect(200);
      expect(max.body.meta.per_page).toBe(100);
    });

    it('searches the name case-insensitively, with % and _ matched literally', async () => {
      const biz = await createBusiness(t);
      for (const name of ['Green Tea', 'green apple', 'Black tea', '100% juice', '1000 juice', 'a_b', 'axb']) await product(biz, { name });
      const names = async (q: string) =>
        (
          await api(biz)
            .get(`/products?search=${encodeURIComponent(q)}`)
            .expect(200)
        ).body.data.map((p: { name: string }) => p.name);
      expect(await names('GREEN')).toEqual(['green apple', 'Green Tea']);
      expect(await names('tea')).toEqual(['Black tea', 'Green Tea']);
      expect(await names('0%')).toEqual(['100% juice']);
      expect(await names('a_b')).toEqual(['a_b']);
      expect(await names('nothing')).toEqual([]);
    });

    it('filters by category_id, in_stock and is_active', async () => {
      const biz = await createBusiness(t);
      const cat = (await api(biz).post('/categories', { name: 'Tea' }).expect(201)).body.data;
      const stocked = await product(biz, { name: 'Stocked', category_id: cat.id });
      const empty = await product(biz, { name: 'Empty', category_id: cat.id });
      const drained = await product(biz, { name: 'Drained' });
      const retired = await product(biz, { name: 'Retired' });
      await restock(biz, stocked.id, 3);
      await restock(biz, drained.id, 2);
      await restock(biz, drained.id, -2);
      await api(biz).del(`/products/${retired.id}`).expect(200);
      const names = async (q: string) => (await api(biz).get(`/products?${q}`).expect(200)).body.data.map((p: { name: string }) => p.name);

      expect(await names(`category_id=${cat.id}`)).toEqual(['Empty', 'Stocked']);
      expect(await names('in_stock=true')).toEqual(['Stocked']);
      expect(await names('in_stock=false')).toEqual(['Drained', 'Empty']);
      expect(await names('is_active=true')).toEqual(['Drained', 'Empty', 'Stocked']);
      expect(await names('is_active=false')).toEqual(['Retired']);
      expect(await names(`category_id=${cat.id}&in_stock=true&search=sto`)).toEqual(['Stocked']);
      const meta = (await api(biz).get('/products?in_stock=false&per_page=1').expect(200)).body.meta;
      expect(meta).toEqual({ page: 1, per_page: 1, total: 2, total_pages: 2 });
      expect(empty.stock).toBe(0);
    });

    it('shows each product as GET /products/:id does, whether the page is the plain one or a filtered one', async () => {
      const biz = await createBusiness(t);
      const cat = (await api(biz).post('/categories', { name: 'Beans' }).expect(201)).body.data;
      const second = (await api(biz).post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
      const full = await product(biz, {
        name: 'Arabica',
        price: 12.5,
        cost_price: 7.25,
        category_id: cat.id,
        description: 'whole beans',
        barcode: '4006381333931',
        unit: 'kg',
        min_stock: 2.5,
        reorder_quantity: 10,
      });
      const bare = await product(biz, { name: 'arabica blend' });
      const retired = await product(biz, { name: 'Robusta', category_id: cat.id });
      await restock(biz, full.id, 3.125);
      await restock(biz, full.id, 4, second.id);
      await api(biz).del(`/products/${retired.id}`).expect(200);
      const single = async (id: string) => (await api(biz).get(`/products/${id}`).expect(200)).body.data;
      const listed = async (q: string) => (await api(biz).get(`/products?${q}`).expect(200)).body;

      const plain = await listed('per_page=5');
      expect(plain.data).toEqual([await single(full.id), await single(bare.id)]);
      expect(plain.meta).toEqual({ page: 1, per_page: 5, total: 2, total_pages: 1 });
      expect((await listed('search=arabica')).data).toEqual(plain.data);
      expect((await listed('is_active=false')).data).toEqual([await single(retired.id)]);
      expect((await listed(`is_active=false&category_id=${cat.id}`)).data).toEqual([await single(retired.id)]);
      expect(plain.data[0]).toMatchObject({ category: { id: cat.id, name: 'Beans' }, stock: 7.125, cost_price: 7.25, min_stock: 2.5 });
      expect(plain.data[1].category).toBeNull();
    });

    it.each([
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['category_id=nope', 'category_id'],
      ['in_stock=yes', 'in_stock'],
      ['is_active=1', 'is_active'],
      ['colour=red', 'colour'],
    ])('400 VALIDATION_FAILED for ?%s', async (query, field) => {
      const biz = await createBusiness(t);
      const res = await api(biz).get(`/products?${query}`).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });

  describe('PUT /products/:id', () => {
    it('updates only the given fields; null clears the nullable ones', async () => {
      const biz = await createBusiness(t);
      const cat = (await api(biz).post('/categories', { name: 'Snacks' }).expect(201)).body.data;
      const p = await product(biz, { name: 'Chips', price: 2.5, cost_price: 1, category_id: cat.id, barcode: '73513537', description: 'Salty' });
      await new Promise((r) => setTimeout(r, 5));
      const res = await api(biz).put(`/products/${p.id}`, { price: 2.75, description: null, min_stock: 4 }).expect(200);
      expect(res.body.data).toEqual({
        ...p,
        price: 2.75,
        description: null,
        min_stock: 4,
        updated_at: expect.stringMatching(ISO_MS),
      });
      expect(res.body.data.updated_at > p.updated_at).toBe(true);

      const cleared = await api(biz)
        .put(`/products/${p.id}`, { category_id: null, cost_price: null, barcode: null, is_active: false, sku: 'CHIPS', unit: 'bag', name: 'Crisps' })
        .expect(200);
      expect(cleared.body.data).toEqual(
        expect.objectContaining({ category: null, cost_price: null, barcode: null, is_active: false, sku: 'CHIPS', unit: 'bag', name: 'Crisps', price: 2.75 }),
      );
      const reactivated = await api(biz).put(`/products/${p.id}`, { is_active: true, category_id: cat.id }).expect(200);
      expect(reactivated.body.data).toEqual(expect.objectContaining({ is_active: true, category: { id: cat.id, name: 'Snacks' } }));
    });

    it('409 SKU_TAKEN when renaming the SKU to one in use; keeping its own SKU is fine', async () => {
      const biz = await createBusiness(t);
      await product(biz, { sku: 'ONE' });
      const two = await product(biz, { sku: 'TWO' });
      const res = await api(biz).put(`/products/${two.id}`, { sku: 'ONE' }).expect(409);
      expect(res.body.error.code).toBe('SKU_TAKEN');
      await api(biz).put(`/products/${two.id}`, { sku: 'TWO', price: 3 }).expect(200);
      const [row] = await t.db.query(`SELECT sku, price::text FROM products WHERE id = $1`, [two.id]);
      expect(row).toEqual({ sku: 'TWO', price: '3.00' });
    });

    it("404 for another business's product, 422 for another business's category, 400 for bad input", async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      const mine = await product(biz, { name: 'Mine', price: 5 });
      const theirs = await product(other);
      const foreignCat = (await api(other).post('/categories', { name: 'Theirs' }).expect(201)).body.data;
      await api(biz).put(`/products/${theirs.id}`, { price: 1 }).expect(404);
      const unknown = await api(biz).put(`/products/${mine.id}`, { price: 1, category_id: foreignCat.id }).expect(422);
      expect(unknown.body.error.code).toBe('UNKNOWN_CATEGORY');
      for (const body of [{ name: null }, { price: null }, { price: -5 }, { price: 1.234 }, { barcode: '12345678' }, { is_active: 'no' }, { owner: 'x' }]) {
        const res = await api(biz).put(`/products/${mine.id}`, body);
        expect([res.status, res.body.error?.code]).toEqual([400, 'VALIDATION_FAILED']);
      }
      await api(biz).put('/products/xyz', { price: 1 }).expect(400);
      const [row] = await t.db.query(`SELECT name, price::text, category_id FROM products WHERE id = $1`, [mine.id]);
      expect(row).toEqual({ name: 'Mine', price: '5.00', category_id: null });
      const [theirRow] = await t.db.query(`SELECT price::text FROM products WHERE id = $1`, [theirs.id]);
      expect(theirRow.price).toBe('10.00');
    });
  });

  describe('DELETE /products/:id', () => {
    it('deactivates and returns the product with 200; it leaves the default listing and stays readable', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz, { name: 'Old' });
      const res = await api(biz).del(`/products/${p.id}`).expect(200);
      expect(res.body).toEqual({ success: true, data: { ...p, is_active: false, updated_at: expect.stringMatching(ISO_MS) } });
      expect((await api(biz).get('/products').expect(200)).body.data).toEqual([]);
      expect((await api(biz).get(`/products/${p.id}`).expect(200)).body.data.is_active).toBe(false);
      const again = await api(biz).del(`/products/${p.id}`).expect(200);
      expect(again.body.data.updated_at).toBe(res.body.data.updated_at);
      expect(await countRows(t, 'products', biz.business_id)).toBe(1);
    });

    it("404 for another business's product, 400 for a bad UUID", async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      const theirs = await product(other);
      await api(biz).del(`/products/${theirs.id}`).expect(404);
      await api(biz).del('/products/not-a-uuid').expect(400);
      expect((await api(other).get(`/products/${theirs.id}`).expect(200)).body.data.is_active).toBe(true);
    });
  });

  it('documents every catalog endpoint in the OpenAPI document', async () => {
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    const routes = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`),
    );
    expect(routes).toEqual(
      expect.arrayContaining([
        'GET /api/v1/products',
        'POST /api/v1/products',
        'GET /api/v1/products/{id}',
        'PUT /api/v1/products/{id}',
        'DELETE /api/v1/products/{id}',
        'GET /api/v1/categories',
        'POST /api/v1/categories',
        'GET /api/v1/categories/{id}',
        'PUT /api/v1/categories/{id}',
        'DELETE /api/v1/categories/{id}',
        'GET /api/v1/warehouses',
        'POST /api/v1/warehouses',
        'GET /api/v1/warehouses/{id}',
        'PUT /api/v1/warehouses/{id}',
        'POST /api/v1/stock/adjustments',
        'GET /api/v1/stock/movements',
      ]),
    );
    const create = doc.paths['/api/v1/products'].post;
    expect(create.tags).toEqual(['products']);
    const schema = doc.components.schemas[create.requestBody.content['application/json'].schema.$ref.split('/').pop()];
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'price']));
    expect(Object.keys(schema.properties)).toEqual(
      expect.arrayContaining(['name', 'price', 'cost_price', 'category_id', 'description', 'barcode', 'unit', 'sku', 'min_stock']),
    );
  });
});
