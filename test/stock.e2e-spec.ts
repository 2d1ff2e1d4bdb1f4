import { randomUUID } from 'crypto';
import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('stock', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);

  async function product(biz: TestBusiness, body: object = {}) {
    return (
      await api(biz)
        .post('/products', { name: 'Widget', price: 10, ...body })
        .expect(201)
    ).body.data;
  }

  const adjust = (biz: TestBusiness, body: object) => api(biz).post('/stock/adjustments', body);

  async function stockOf(biz: TestBusiness, productId: string): Promise<number> {
    return (await api(biz).get(`/products/${productId}`).expect(200)).body.data.stock;
  }

  async function outbox(biz: TestBusiness, type?: string): Promise<{ type: string; data: Record<string, unknown> }[]> {
    return t.db.query(`SELECT type, data FROM outbox_events WHERE business_id = $1 AND ($2::text IS NULL OR type = $2) ORDER BY seq`, [
      biz.business_id,
      type ?? null,
    ]);
  }

  describe('POST /stock/adjustments', () => {
    it('adds stock to the default warehouse: 201 with the movement, and a stock.adjusted event', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz);
      const res = await adjust(biz, { product_id: p.id, quantity: 12.5, reason: 'restock', note: 'Delivery 42' }).expect(201);
      expect(res.body).toEqual({
        success: true,
        data: {
          id: expect.any(String),
          product_id: p.id,
          warehouse_id: biz.warehouse_id,
          type: 'adjustment',
          quantity: 12.5,
          quantity_after: 12.5,
          reason: 'restock',
          note: 'Delivery 42',
          sale_id: null,
          created_at: expect.stringMatching(ISO_MS),
        },
      });
      expect(await stockOf(biz, p.id)).toBe(12.5);
      expect(await outbox(biz)).toEqual([
        {
          type: 'stock.adjusted',
          data: {
            movement_id: res.body.data.id,
            product_id: p.id,
            warehouse_id: biz.warehouse_id,
            quantity: 12.5,
            quantity_after: 12.5,
            reason: 'restock',
            note: 'Delivery 42',
          },
        },
      ]);
    });

    it('removes stock, exactly, in a chosen warehouse', async () => {
      const biz = await createBusiness(t);
      const annex = (await api(biz).post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
      const p = await product(biz, { unit: 'kg' });
      await adjust(biz, { product_id: p.id, warehouse_id: annex.id, quantity: 1.3, reason: 'restock' }).expect(201);
      const res = await adjust(biz, { product_id: p.id, warehouse_id: annex.id, quantity: -0.1, reason: 'damage' }).expect(201);
      expect(res.body.data).toEqual(expect.objectContaining({ warehouse_id: annex.id, quantity: -0.1, quantity_after: 1.2, reason: 'damage', note: null }));
      const got = (await api(biz).get(`/products/${p.id}`).expect(200)).body.data;
      expect(got.stock_by_warehouse).toEqual([
        { warehouse_id: biz.warehouse_id, warehouse_name: 'Main', quantity: 0 },
        { warehouse_id: annex.id, warehouse_name: 'Annex', quantity: 1.2 },
      ]);
      const [level] = await t.db.query(`SELECT quantity::text FROM stock_levels WHERE product_id = $1 AND warehouse_id = $2`, [p.id, annex.id]);
      expect(level.quantity).toBe('1.200');
    });

    it('422 INSUFFICIENT_STOCK below zero, with details, and nothing written', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz);
      await adjust(biz, { product_id: p.id, quantity: 3, reason: 'restock' }).expect(201);
      const before = { movements: await countRows(t, 'stock_movements', biz.business_id), events: (await outbox(biz)).length };
      const res = await adjust(biz, { product_id: p.id, quantity: -5, reason: 'count' }).expect(422);
      expect(res.body.error).toEqual(
        expect.objectContaining({
          code: 'INSUFFICIENT_STOCK',
          details: [{ product_id: p.id, warehouse_id: biz.warehouse_id, requested: 5, available: 3 }],
        }),
      );
      const never = await product(biz, { name: 'Never stocked' });
      const none = await adjust(biz, { product_id: never.id, quantity: -1, reason: 'damage' }).expect(422);
      expect(none.body.error.details).toEqual([{ product_id: never.id, warehouse_id: biz.warehouse_id, requested: 1, available: 0 }]);
      expect(await stockOf(biz, p.id)).toBe(3);
      expect(await countRows(t, 'stock_movements', biz.business_id)).toBe(before.movements);
      expect(await countRows(t, 'stock_levels', biz.business_id)).toBe(1);
      expect((await outbox(biz)).length).toBe(before.events);
    });

    it("422 UNKNOWN_PRODUCT / UNKNOWN_WAREHOUSE for another business's ids, nothing written", async () => {
      const biz = await createBusiness(t);
      const other = await createBusiness(t);
      const mine = await product(biz);
      const theirs = await product(other);
      const p = await adjust(biz, { product_id: theirs.id, quantity: 1, reason: 'restock' }).expect(422);
      expect(p.body.error).toEqual(expect.objectContaining({ code: 'UNKNOWN_PRODUCT', details: [{ product_id: theirs.id }] }));
      const w = await adjust(biz, { product_id: mine.id, warehouse_id: other.warehouse_id, quantity: 1, reason: 'restock' }).expect(422);
      expect(w.body.error).toEqual(expect.objectContaining({ code: 'UNKNOWN_WAREHOUSE', details: [{ warehouse_id: other.warehouse_id }] }));
      await adjust(biz, { product_id: randomUUID(), quantity: 1, reason: 'restock' }).expect(422);
      for (const b of [biz, other]) {
        expect(await countRows(t, 'stock_movements', b.business_id)).toBe(0);
        expect(await countRows(t, 'stock_levels', b.business_id)).toBe(0);
        expect(await outbox(b)).toEqual([]);
      }
    });

    it.each([
      ['zero quantity', { quantity: 0 }, 'quantity'],
      ['4-decimal quantity', { quantity: 1.0001 }, 'quantity'],
      ['quantity as a string', { quantity: '1' }, 'quantity'],
      ['missing quantity', { quantity: undefined }, 'quantity'],
      ['unknown reason', { reason: 'theft' }, 'reason'],
      ['missing reason', { reason: undefined }, 'reason'],
      ['bad product uuid', { product_id: 'abc' }, 'product_id'],
      ['bad warehouse uuid', { warehouse_id: 'abc' }, 'warehouse_id'],
      ['null warehouse', { warehouse_id: null }, 'warehouse_id'],
      ['unknown field', { sale_id: null }, 'sale_id'],
    ])('400 VALIDATION_FAILED for %s, nothing written', async (_label, patch, field) => {
      const biz = await createBusiness(t);
      const p = await product(biz);
      const res = await adjust(biz, { product_id: p.id, quantity: 2, reason: 'restock', ...patch }).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
      expect(await countRows(t, 'stock_movements', biz.business_id)).toBe(0);
    });

    it('an increase past the largest level a warehouse holds is 422 STOCK_LIMIT naming the level and the limit, nothing written', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz);
      await adjust(biz, { product_id: p.id, quantity: 99_999_999_999.999, reason: 'restock' }).expect(201);
      const res = await adjust(biz, { product_id: p.id, quantity: 0.001, reason: 'restock' }).expect(422);
      expect(res.body.error).toMatchObject({
        code: 'STOCK_LIMIT',
        details: [{ product_id: p.id, warehouse_id: biz.warehouse_id, quantity: 0.001, limit: 99_999_999_999.999 }],
      });
      expect(await countRows(t, 'stock_movements', biz.business_id)).toBe(1);
    });

    it('20 parallel adjustments of -1 on a stock of 10 leave exactly 0: ten 201s, ten 422s, ten movements', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz, { min_stock: 3 });
      await adjust(biz, { product_id: p.id, quantity: 10, reason: 'restock' }).expect(201);
      const results = await Promise.all(Array.from({ length: 20 }, () => adjust(biz, { product_id: p.id, quantity: -1, reason: 'count' })));
      const statuses = results.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 422)).toHaveLength(10);
      expect(results.filter((r) => r.status === 422).every((r) => r.body.error.code === 'INSUFFICIENT_STOCK')).toBe(true);
      expect(await stockOf(biz, p.id)).toBe(0);
      const removals = await t.db.query(
        `SELECT quantity_after::int AS after FROM stock_movements WHERE business_id = $1 AND type = 'adjustment' AND quantity = -1 ORDER BY quantity_after DESC`,
        [biz.business_id],
      );
      expect(removals.map((r: { after: number }) => r.after)).toEqual([9, 8, 7, 6, 5, 4, 3, 2, 1, 0]);
      expect(await countRows(t, 'stock_movements', biz.business_id)).toBe(11);
      expect((await outbox(biz, 'stock.adjusted')).length).toBe(11);
      expect(await outbox(biz, 'stock.low')).toEqual([{ type: 'stock.low', data: { product_id: p.id, name: 'Widget', sku: p.sku, stock: 2, min_stock: 3 } }]);
      expect(await outbox(biz, 'stock.out')).toEqual([{ type: 'stock.out', data: { product_id: p.id, name: 'Widget', sku: p.sku, stock: 0, min_stock: 3 } }]);
    });
  });

  describe('Idempotency-Key on POST /stock/adjustments', () => {
    it('replays the first response for the same key and body, and adjusts once', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz);
      const body = { product_id: p.id, quantity: 4, reason: 'restock' };
      const first = await adjust(biz, body).set('Idempotency-Key', 'adj-1').expect(201);
      const again = await adjust(biz, body).set('Idempotency-Key', 'adj-1').expect(201);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(await stockOf(biz, p.id)).toBe(4);
      expect(await countRows(t, 'stock_movements', biz.business_id)).toBe(1);
      expect((await outbox(biz, 'stock.adjusted')).length).toBe(1);

      const reused = await adjust(biz, { ...body, quantity: 5 })
        .set('Idempotency-Key', 'adj-1')
        .expect(409);
      expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      await adjust(biz, body).set('Idempotency-Key', 'adj-2').expect(201);
      expect(await stockOf(biz, p.id)).toBe(8);
    });

    it('five concurrent requests with one key make one adjustment', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz);
      const results = await Promise.all(
        Array.from({ length: 5 }, () => adjust(biz, { product_id: p.id, quantity: 1, reason: 'restock' }).set('Idempotency-Key', 'burst')),
      );
      for (const r of results) {
        expect(r.status === 201 || (r.status === 409 && r.body.error.code === 'IDEMPOTENCY_IN_PROGRESS')).toBe(true);
      }
      expect(results.some((r) => r.status === 201)).toBe(true);
      expect(await stockOf(biz, p.id)).toBe(1);
      expect(await countRows(t, 'stock_movements', biz.business_id)).toBe(1);
    });
  });

  describe('stock.low and stock.out', () => {
    it('fire once when the total crosses below min_stock and when it reaches 0, counting every warehouse', async () => {
      const biz = await createBusiness(t);
      const annex = (await api(biz).post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
      const p = await product(biz, { name: 'Tea', min_stock: 5 });
      await adjust(biz, { product_id: p.id, quantity: 4, reason: 'restock' }).expect(201);
      await adjust(biz, { product_id: p.id, warehouse_id: annex.id, quantity: 2, reason: 'restock' }).expect(201);
      expect(await outbox(biz, 'stock.low')).toEqual([]);

      await adjust(biz, { product_id: p.id, quantity: -2, reason: 'damage' }).expect(201); // 6 -> 4
      await adjust(biz, { product_id: p.id, quantity: -1, reason: 'damage' }).expect(201); // 4 -> 3, still low: no new event
      expect(await outbox(biz, 'stock.low')).toEqual([{ type: 'stock.low', data: { product_id: p.id, name: 'Tea', sku: p.sku, stock: 4, min_stock: 5 } }]);

      await adjust(biz, { product_id: p.id, quantity: -1, reason: 'count' }).expect(201); // Main 0, Annex 2: total 2
      expect(await outbox(biz, 'stock.out')).toEqual([]);
      await adjust(biz, { product_id: p.id, warehouse_id: annex.id, quantity: -2, reason: 'count' }).expect(201); // total 0
      expect(await outbox(biz, 'stock.out')).toEqual([{ type: 'stock.out', data: { product_id: p.id, name: 'Tea', sku: p.sku, stock: 0, min_stock: 5 } }]);
      await adjust(biz, { product_id: p.id, quantity: -1, reason: 'count' }).expect(422);

      await adjust(biz, { product_id: p.id, quantity: 10, reason: 'restock' }).expect(201);
      await adjust(biz, { product_id: p.id, quantity: -6, reason: 'other' }).expect(201); // 10 -> 4: low again
      expect((await outbox(biz, 'stock.low')).length).toBe(2);
      expect((await outbox(biz, 'stock.out')).length).toBe(1);
      expect((await outbox(biz, 'stock.adjusted')).length).toBe(8);
    });

    it('a product with min_stock 0 only ever gets stock.out', async () => {
      const biz = await createBusiness(t);
      const p = await product(biz);
      await adjust(biz, { product_id: p.id, quantity: 1, reason: 'restock' }).expect(201);
      await adjust(biz, { product_id: p.id, quantity: -1, reason: 'damage' }).expect(201);
      expect((await outbox(biz)).map((e) => e.type)).toEqual(['stock.adjusted', 'stock.adjusted', 'stock.out']);
    });
  });

  describe('GET /stock/movements', () => {
    async function seed() {
      const biz = await createBusiness(t, 'Ledger', { timezone: 'Europe/Berlin' });
      const annex = (await api(biz).post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
      const a = await product(biz, { name: 'A' });
      const b = await product(biz, { name: 'B' });
      const ids: string[] = [];
      const add = async (body: object) => ids.push((await adjust(biz, { reason: 'restock', ...body }).expect(201)).body.data.id);
      await add({ product_id: a.id, quantity: 10 });
      await add({ product_id: b.id, quantity: 5, warehouse_id: annex.id });
      await add({ product_id: a.id, quantity: -2, reason: 'damage' });
      // a sale and its cancellation
      const saleId = (
        await api(biz)
          .post('/orders', { items: [{ product_id: a.id, quantity: 3 }] })
          .expect(201)
      ).body.data.order_id;
      await api(biz).post(`/orders/${saleId}/cancel`, {}).expect(200);
      // spread them over days: created_at in UTC, the business is in Berlin (UTC+1 in winter)
      const times = ['2026-01-01T10:00:00Z', '2026-01-01T23:30:00Z', '2026-01-03T12:00:00Z'];
      for (let i = 0; i < 3; i++) await t.db.query(`UPDATE stock_movements SET created_at = $2 WHERE id = $1`, [ids[i], times[i]]);
      await t.db.query(`UPDATE stock_movements SET created_at = '2026-01-04T08:00:00Z' WHERE sale_id = $1 AND type = 'sale'`, [saleId]);
      await t.db.query(`UPDATE stock_movements SET created_at = '2026-01-05T08:00:00Z' WHERE sale_id = $1 AND type = 'cancel'`, [saleId]);
      return { biz, annex, a, b, ids, saleId };
    }

    it('lists every movement newest first, paged with meta', async () => {
      const { biz, a, b, annex, ids, saleId } = await seed();
      const res = await api(biz).get('/stock/movements').expect(200);
      expect(res.body.meta).toEqual({ page: 1, per_page: 20, total: 5, total_pages: 1 });
      expect(res.body.data.map((m: { type: string; quantity: number }) => [m.type, m.quantity])).toEqual([
        ['cancel', 3],
        ['sale', -3],
        ['adjustment', -2],
        ['adjustment', 5],
        ['adjustment', 10],
      ]);
      expect(res.body.data[0]).toEqual({
        id: expect.any(String),
        product_id: a.id,
        warehouse_id: biz.warehouse_id,
        type: 'cancel',
        quantity: 3,
        quantity_after: 8,
        reason: null,
        note: null,
        sale_id: saleId,
        created_at: '2026-01-05T08:00:00.000Z',
      });
      expect(res.body.data[1]).toEqual(expect.objectContaining({ type: 'sale', quantity_after: 5, sale_id: saleId }));
      expect(res.body.data[3]).toEqual(expect.objectContaining({ id: ids[1], product_id: b.id, warehouse_id: annex.id }));
      const page = await api(biz).get('/stock/movements?page=2&per_page=2').expect(200);
      expect(page.body.data.map((m: { type: string; quantity: number }) => m.quantity)).toEqual([-2, 5]);
      expect(page.body.meta).toEqual({ page: 2, per_page: 2, total: 5, total_pages: 3 });
    });

    it('filters by product_id, warehouse_id and type', async () => {
      const { biz, a, b, annex } = await seed();
      const qty = async (q: string) => (await api(biz).get(`/stock/movements?${q}`).expect(200)).body.data.map((m: { quantity: number }) => m.quantity);
      expect(await qty(`product_id=${a.id}`)).toEqual([3, -3, -2, 10]);
      expect(await qty(`product_id=${b.id}`)).toEqual([5]);
      expect(await qty(`warehouse_id=${annex.id}`)).toEqual([5]);
      expect(await qty(`warehouse_id=${biz.warehouse_id}&type=adjustment`)).toEqual([-2, 10]);
      expect(await qty('type=sale')).toEqual([-3]);
      expect(await qty('type=cancel')).toEqual([3]);
      expect(await qty(`product_id=${b.id}&type=sale`)).toEqual([]);
    });

    it('filters by from/to as inclusive dates in the business time zone', async () => {
      const { biz } = await seed();
      const qty = async (q: string) => (await api(biz).get(`/stock/movements?${q}`).expect(200)).body.data.map((m: { quantity: number }) => m.quantity);
      // 2026-01-01T23:30Z is 2026-01-02 00:30 in Berlin
      expect(await qty('from=2026-01-01&to=2026-01-01')).toEqual([10]);
      expect(await qty('from=2026-01-02&to=2026-01-02')).toEqual([5]);
      expect(await qty('from=2026-01-02')).toEqual([3, -3, -2, 5]);
      expect(await qty('to=2026-01-03')).toEqual([-2, 5, 10]);
      expect(await qty('from=2026-01-03&to=2026-01-04')).toEqual([-3, -2]);
      expect(await qty('from=2026-02-01')).toEqual([]);
      const meta = (await api(biz).get('/stock/movements?from=2026-01-02&per_page=3').expect(200)).body.meta;
      expect(meta).toEqual({ page: 1, per_page: 3, total: 4, total_pages: 2 });
    });

    it("never shows another business's movements", async () => {
      const { biz, a } = await seed();
      const other = await createBusiness(t);
      const res = await api(other).get('/stock/movements').expect(200);
      expect(res.body).toEqual({ success: true, data: [], meta: { page: 1, per_page: 20, total: 0, total_pages: 0 } });
      expect((await api(other).get(`/stock/movements?product_id=${a.id}`).expect(200)).body.data).toEqual([]);
      expect((await api(biz).get(`/stock/movements?product_id=${a.id}`).expect(200)).body.data).toHaveLength(4);
    });

    it.each([
      ['product_id=abc', 'product_id'],
      ['warehouse_id=abc', 'warehouse_id'],
      ['type=theft', 'type'],
      ['from=2026-13-01', 'from'],
      ['to=2026-02-30', 'to'],
      ['from=yesterday', 'from'],
      ['from=2026-01-05&to=2026-01-04', 'from'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['page=0', 'page'],
      ['reason=restock', 'reason'],
    ])('400 VALIDATION_FAILED for ?%s', async (query, field) => {
      const biz = await createBusiness(t);
      const res = await api(biz).get(`/stock/movements?${query}`).expect(400);
      expect(res.body.error.code).toBe('VALIDATION_FAILED');
      expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    });
  });
});
