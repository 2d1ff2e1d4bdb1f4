import { randomUUID } from 'crypto';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { snapshotBusiness } from './helpers/snapshot';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('stock counts (docs/api.md 14)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const verified = async (biz: TestBusiness) => expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);

  async function shop(name: string) {
    const biz = await createBusiness(t, name);
    const api = apiAs(t, biz);
    const main = (await api.get('/warehouses').expect(200)).body.data[0].id as string;
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id as string;
    const product = async (body: object, stock = 0, warehouse = main) => {
      const p = (await api.post('/products', { price: 10, ...body }).expect(201)).body.data;
      if (stock > 0) await api.post('/stock/adjustments', { product_id: p.id, warehouse_id: warehouse, quantity: stock, reason: 'restock' }).expect(201);
      return p.id as string;
    };
    const stockIn = async (productId: string, warehouse = main) => {
      const p = (await api.get(`/products/${productId}`).expect(200)).body.data;
      return p.stock_by_warehouse.find((s: { warehouse_id: string }) => s.warehouse_id === warehouse).quantity as number;
    };
    const countMovements = async (countId: string) =>
      (
        await t.db.query(
          `SELECT product_id, warehouse_id, quantity::float8 AS q, quantity_after::float8 AS after FROM stock_movements WHERE business_id = $1 AND count_id = $2 AND type = 'count' ORDER BY product_id`,
          [biz.business_id, countId],
        )
      ).map((m: { product_id: string; warehouse_id: string; q: number; after: number }) => [m.product_id, m.warehouse_id, m.q, m.after]);
    return { biz, api, main, annex, product, stockIn, countMovements };
  }

  it('makes each counted quantity the stock of the warehouse, with count movements of the differences; the average cost stays', async () => {
    const { biz, api, main, annex, product, stockIn, countMovements } = await shop('Count Shop');
    const beans = await product({ name: 'Beans', cost_price: 4, min_stock: 8 }, 10);
    const mugs = await product({ name: 'Mugs' });
    const cups = await product({ name: 'Cups' });
    await api.post('/stock/adjustments', { product_id: beans, warehouse_id: annex, quantity: 3, reason: 'restock' }).expect(201);

    const count = (
      await api
        .post('/stock/counts', {
          items: [
            { product_id: beans, counted_quantity: 7 },
            { product_id: mugs, counted_quantity: 2.5, expected_quantity: 0 },
            { product_id: cups, counted_quantity: 0 },
          ],
          note: 'Monday count',
        })
        .expect(201)
    ).body.data;
    expect(count).toEqual({
      id: expect.any(String),
      count_number: 'CNT-0001',
      warehouse_id: main,
      note: 'Monday count',
      items: [
        { product_id: beans, expected_quantity: 10, counted_quantity: 7, difference: -3 },
        { product_id: mugs, expected_quantity: 0, counted_quantity: 2.5, difference: 2.5 },
        { product_id: cups, expected_quantity: 0, counted_quantity: 0, difference: 0 },
      ],
      created_at: expect.any(String),
    });
    expect([await stockIn(beans), await stockIn(beans, annex), await stockIn(mugs), await stockIn(cups)]).toEqual([7, 3, 2.5, 0]);
    // no movement for a difference of 0; the others carry the stock after them
    expect(await countMovements(count.id)).toEqual(
      [
        [beans, main, -3, 7],
        [mugs, main, 2.5, 2.5],
      ].sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    );
    expect((await api.get(`/products/${beans}`).expect(200)).body.data.average_cost).toBe(4);
    // beans went 13 -> 10 over both warehouses: crosses min_stock 8? no (10 > 8); a second count to 4 does (4 + 3 = 7 < 8)
    expect((await api.get('/events?type=stock.low').expect(200)).body.data).toEqual([]);
    const second = (
      await api.post('/stock/counts', { warehouse_id: main, items: [{ product_id: beans, counted_quantity: 4, expected_quantity: 7 }] }).expect(201)
    ).body.data;
    expect(second.count_number).toBe('CNT-0002');
    const low = (await api.get('/events?type=stock.low').expect(200)).body.data;
    expect(low.map((e: any) => [e.data.product_id, e.data.stock])).toEqual([[beans, 7]]);

    expect((await api.get('/stock/counts').expect(200)).body.data.map((c: { count_number: string }) => c.count_number)).toEqual(['CNT-0002', 'CNT-0001']);
    expect((await api.get(`/stock/counts?warehouse_id=${annex}`).expect(200)).body.meta.total).toBe(0);
    expect((await api.get(`/stock/counts/${count.id}`).expect(200)).body.data).toEqual(count);
    await verified(biz);
  });

  it('with expected_quantity it is compare-and-set: 409 STOCK_CHANGED applies nothing and takes no number', async () => {
    const { biz, api, product, stockIn } = await shop('Stale Count');
    const beans = await product({ name: 'Beans' }, 10);
    const mugs = await product({ name: 'Mugs' }, 5);
    const before = await snapshotBusiness(t.db, biz.business_id);
    const res = await api
      .post('/stock/counts', {
        items: [
          { product_id: mugs, counted_quantity: 4, expected_quantity: 5 },
          { product_id: beans, counted_quantity: 8, expected_quantity: 9 },
        ],
      })
      .expect(409);
    expect(res.body.error).toMatchObject({
      code: 'STOCK_CHANGED',
      details: [{ product_id: beans, warehouse_id: expect.any(String), expected: 9, actual: 10 }],
    });
    expect(await snapshotBusiness(t.db, biz.business_id)).toEqual(before);
    expect([await stockIn(beans), await stockIn(mugs)]).toEqual([10, 5]);
    const next = (await api.post('/stock/counts', { items: [{ product_id: beans, counted_quantity: 8, expected_quantity: 10 }] }).expect(201)).body.data;
    expect(next.count_number).toBe('CNT-0001');
    await verified(biz);
  });

  it('a count with expected_quantity racing sales either applies on the exact expected stock or is 409', async () => {
    const { biz, api, product, stockIn } = await shop('Count Race');
    const beans = await product({ name: 'Beans' }, 10);
    for (let round = 0; round < 8; round++) {
      const start = await stockIn(beans);
      const [sale, count] = await Promise.all([
        api.post('/orders', { items: [{ product_id: beans, quantity: 1 }] }),
        api.post('/stock/counts', { items: [{ product_id: beans, counted_quantity: start + 5, expected_quantity: start }] }),
      ]);
      expect(sale.status).toBe(201);
      const after = await stockIn(beans);
      if (count.status === 201) {
        // the count saw exactly what it expected; the sale ran before the count's check (then the count is 409) or after its write
        expect(count.body.data.items[0]).toEqual({ product_id: beans, expected_quantity: start, counted_quantity: start + 5, difference: 5 });
        expect(after).toBe(start + 4);
      } else {
        expect(count.status).toBe(409);
        expect(count.body.error.details).toEqual([{ product_id: beans, warehouse_id: expect.any(String), expected: start, actual: start - 1 }]);
        expect(after).toBe(start - 1);
      }
    }
    await verified(biz);
  });

  it('rejections: 400, 422 and 404 write nothing; an Idempotency-Key replays', async () => {
    const { biz, api, product } = await shop('Count Rejects');
    const beans = await product({ name: 'Beans' }, 1);
    const stranger = await createBusiness(t, 'Count Stranger');
    const foreignProduct = (await apiAs(t, stranger).post('/products', { name: 'Theirs', price: 1 }).expect(201)).body.data.id;
    const foreignWarehouse = (await apiAs(t, stranger).get('/warehouses').expect(200)).body.data[0].id;
    const cases: [object, number, string, unknown?][] = [
      [{ items: [] }, 400, 'VALIDATION_FAILED'],
      [{ items: [{ product_id: beans, counted_quantity: -1 }] }, 400, 'VALIDATION_FAILED'],
      [{ items: [{ product_id: beans, counted_quantity: 1.0001 }] }, 400, 'VALIDATION_FAILED'],
      [{ items: [{ product_id: beans }] }, 400, 'VALIDATION_FAILED'],
      [{ items: [{ product_id: beans, counted_quantity: 1, expected_quantity: null }] }, 400, 'VALIDATION_FAILED'],
      [
        {
          items: [
            { product_id: beans, counted_quantity: 1 },
            { product_id: beans, counted_quantity: 2 },
          ],
        },
        400,
        'VALIDATION_FAILED',
      ],
      [{ items: [{ product_id: foreignProduct, counted_quantity: 1 }] }, 422, 'UNKNOWN_PRODUCT', [{ product_id: foreignProduct }]],
      [{ warehouse_id: foreignWarehouse, items: [{ product_id: beans, counted_quantity: 1 }] }, 422, 'UNKNOWN_WAREHOUSE', [{ warehouse_id: foreignWarehouse }]],
    ];
    for (const [body, status, code, details] of cases) {
      const before = await snapshotBusiness(t.db, biz.business_id);
      const res = await api.post('/stock/counts', body);
      expect([res.status, res.body.error?.code]).toEqual([status, code]);
      if (details !== undefined) expect(res.body.error.details).toEqual(details);
      expect(await snapshotBusiness(t.db, biz.business_id)).toEqual(before);
    }
    await api.get(`/stock/counts/${randomUUID()}`).expect(404);

    const send = () =>
      t
        .http()
        .post('/api/v1/stock/counts')
        .set(biz.auth)
        .set('Idempotency-Key', 'count-1')
        .send({ items: [{ product_id: beans, counted_quantity: 3 }] });
    const first = await send().expect(201);
    expect(first.body.data.count_number).toBe('CNT-0001');
    expect((await send().expect(201)).body).toEqual(first.body);
    await apiAs(t, stranger).get(`/stock/counts/${first.body.data.id}`).expect(404);
    expect((await apiAs(t, stranger).get('/stock/counts').expect(200)).body.data).toEqual([]);
    await verified(biz);
  });

  it('cli verify names a count line whose difference is not its movement', async () => {
    const { biz, api, product } = await shop('Count Drift');
    const beans = await product({ name: 'Beans' }, 4);
    const count = (await api.post('/stock/counts', { items: [{ product_id: beans, counted_quantity: 6 }] }).expect(201)).body.data;
    await t.db.query(`UPDATE stock_count_items SET difference = 3, counted_quantity = 7 WHERE business_id = $1`, [biz.business_id]);
    expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([
      expect.objectContaining({ kind: 'count_movement', count_id: count.id, product_id: beans, expected: 3, actual: 2 }),
    ]);
  });
});

describe('reorder suggestions (docs/api.md 14)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('lists active products whose stock plus what is on order is below min_stock, with the suggested quantity and the last supplier and cost', async () => {
    const biz = await createBusiness(t, 'Reorder Shop');
    const api = apiAs(t, biz);
    const product = async (body: object, stock: number) => {
      const p = (await api.post('/products', { price: 10, ...body }).expect(201)).body.data;
      if (stock > 0) await api.post('/stock/adjustments', { product_id: p.id, quantity: stock, reason: 'restock' }).expect(201);
      return p;
    };
    const beans = await product({ name: 'Beans', min_stock: 10, reorder_quantity: 24 }, 3);
    expect(beans.reorder_quantity).toBe(24);
    const cups = await product({ name: 'Cups', min_stock: 10, reorder_quantity: 1 }, 2);
    const mugs = await product({ name: 'Mugs', min_stock: 10 }, 12);
    const lids = await product({ name: 'Lids', min_stock: 5 }, 0);
    await product({ name: 'Napkins' }, 0); // no minimum: never short, even out of stock
    const old = await product({ name: 'Old', min_stock: 5 }, 0);
    await api.del(`/products/${old.id}`).expect(200);
    const early = await api.get('/stock/reorder-suggestions').expect(200);
    expect(early.body.data.map((s: { name: string }) => s.name)).toEqual(['Beans', 'Cups', 'Lids']);

    // cups: a receipt of 1 at 3.25 from Roastery, then 5 more on order (an open PO); a draft counts for nothing
    const supplier = (await api.post('/suppliers', { name: 'Roastery' }).expect(201)).body.data;
    const po = (await api.post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: cups.id, quantity: 6, unit_cost: 3.25 }] }).expect(201))
      .body.data;
    await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
    await api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 1 }] }).expect(201);
    await api.post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: lids.id, quantity: 50, unit_cost: 1 }] }).expect(201);
    // lids: 5 on order, exactly min_stock: no longer short
    const lidsPo = (await api.post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: lids.id, quantity: 5, unit_cost: 1 }] }).expect(201))
      .body.data;
    await api.post(`/purchase-orders/${lidsPo.id}/submit`, {}).expect(200);

    const res = await api.get('/stock/reorder-suggestions').expect(200);
    expect(res.body).toEqual({
      success: true,
      data: [
        {
          product_id: beans.id,
          sku: beans.sku,
          name: 'Beans',
          stock: 3,
          on_order: 0,
          min_stock: 10,
          reorder_quantity: 24,
          suggested_quantity: 24,
          last_supplier_id: null,
          last_unit_cost: null,
        },
        {
          // 3 + 5 on order < 10: max(1, 10 - 3 - 5) = 2
          product_id: cups.id,
          sku: cups.sku,
          name: 'Cups',
          stock: 3,
          on_order: 5,
          min_stock: 10,
          reorder_quantity: 1,
          suggested_quantity: 2,
          last_supplier_id: supplier.id,
          last_unit_cost: 3.25,
        },
      ],
      meta: { page: 1, per_page: 20, total: 2, total_pages: 1 },
    });
    expect(mugs.min_stock).toBe(10);
    const second = await api.get('/stock/reorder-suggestions?page=2&per_page=1').expect(200);
    expect(second.body.data.map((s: { name: string }) => s.name)).toEqual(['Cups']);
    expect(second.body.meta).toEqual({ page: 2, per_page: 1, total: 2, total_pages: 2 });
    expect((await api.get('/stock/reorder-suggestions?page=9').expect(200)).body).toMatchObject({ data: [], meta: { total: 2 } });
    await api.get('/stock/reorder-suggestions?min_stock=1').expect(400);
    await api.post('/products', { name: 'Bad', price: 1, reorder_quantity: -1 }).expect(400);
    const stranger = await createBusiness(t, 'Reorder Stranger');
    expect((await apiAs(t, stranger).get('/stock/reorder-suggestions').expect(200)).body.data).toEqual([]);
  });
});
