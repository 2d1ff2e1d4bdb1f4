import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { snapshotBusiness } from './helpers/snapshot';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * docs/api.md 3: a movement that would take a stock level past 99,999,999,999.999 (the largest a
 * numeric(14,3) level holds) is 422 STOCK_LIMIT naming the product, the warehouse, the quantity that
 * would enter and the limit, on every route that moves stock into a level; the refused request writes
 * nothing (no level, movement, document, number, event or outbox row: the business's snapshot is
 * unchanged). Counts cannot pass it (a counted quantity is at most the limit by validation) and
 * shipping a transfer only takes stock out.
 */
const LIMIT = 99_999_999_999.999;

describe('stock levels at the limit (docs/api.md 3, STOCK_LIMIT)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  async function shop(name: string) {
    const biz = await createBusiness(t, name);
    const api = apiAs(t, biz);
    const main = biz.warehouse_id;
    const product = async (name: string) => (await api.post('/products', { name, price: 10, cost_price: 2 }).expect(201)).body.data.id as string;
    const adjust = (productId: string, quantity: number, warehouseId = main) =>
      api.post('/stock/adjustments', { product_id: productId, warehouse_id: warehouseId, quantity, reason: 'restock' });
    /** Fills the level of a product in a warehouse up to the limit, by a count. */
    const fill = async (productId: string, warehouseId = main) =>
      api.post('/stock/counts', { warehouse_id: warehouseId, items: [{ product_id: productId, counted_quantity: LIMIT }] }).expect(201);
    const level = async (productId: string, warehouseId = main) => {
      const [row] = await t.db.query(`SELECT quantity FROM stock_levels WHERE business_id = $1 AND warehouse_id = $2 AND product_id = $3`, [
        biz.business_id,
        warehouseId,
        productId,
      ]);
      return row?.quantity as string | undefined;
    };
    /** Sends `send`, expects 422 STOCK_LIMIT with `details`, and that nothing of the business changed. */
    const refused = async (send: () => Promise<{ status: number; body: { error?: { code: string; details?: unknown } } }>, details: object[]) => {
      const before = await snapshotBusiness(t.db, biz.business_id);
      const res = await send();
      expect([res.status, res.body.error?.code]).toEqual([422, 'STOCK_LIMIT']);
      expect(res.body.error?.details).toEqual(details);
      expect(await snapshotBusiness(t.db, biz.business_id)).toEqual(before);
    };
    const verified = async () => expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);
    return { biz, api, main, product, adjust, fill, level, refused, verified };
  }

  const over = (productId: string, warehouseId: string, quantity: number) => ({ product_id: productId, warehouse_id: warehouseId, quantity, limit: LIMIT });

  it('an adjustment past the limit is 422 STOCK_LIMIT; up to it is 201 and a count may set it', async () => {
    const { api, main, product, adjust, fill, level, refused, verified } = await shop('Adjusting Shop');
    const p = await product('Sand');
    await adjust(p, LIMIT).expect(201);
    await refused(() => adjust(p, 0.001), [over(p, main, 0.001)]);
    await adjust(p, -1).expect(201);
    await adjust(p, 1).expect(201);
    expect(await level(p)).toBe('99999999999.999');
    const q = await product('Gravel');
    await fill(q);
    await refused(() => adjust(q, 5), [over(q, main, 5)]);
    expect((await api.get(`/products/${q}`).expect(200)).body.data.stock).toBe(LIMIT);
    await verified();
  });

  it('cancelling an order with restock into a full level is 422 STOCK_LIMIT; without restock it cancels', async () => {
    const { api, main, product, adjust, fill, refused, verified } = await shop('Cancelling Shop');
    const p = await product('Salt');
    await adjust(p, 3).expect(201);
    const order = (await api.post('/orders', { items: [{ product_id: p, quantity: 2.5 }] }).expect(201)).body.data;
    await fill(p);
    await refused(() => api.post(`/orders/${order.order_id}/cancel`, {}), [over(p, main, 2.5)]);
    await refused(() => api.post(`/orders/${order.order_id}/cancel`, { restock: true }), [over(p, main, 2.5)]);
    expect((await api.post(`/orders/${order.order_id}/cancel`, { restock: false }).expect(200)).body.data.status).toBe('cancelled');
    await verified();
  });

  it('a return restocking into a full level is 422 STOCK_LIMIT (no return number taken); into another warehouse or without restock it is 201', async () => {
    const { api, main, product, adjust, fill, refused, verified } = await shop('Returning Shop');
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id as string;
    const p = await product('Pepper');
    const q = await product('Cumin');
    await adjust(p, 5).expect(201);
    await adjust(q, 5).expect(201);
    const order = (
      await api
        .post('/orders', {
          items: [
            { product_id: p, quantity: 2 },
            { product_id: q, quantity: 1 },
            { product_id: p, quantity: 1 },
          ],
        })
        .expect(201)
    ).body.data;
    const [l1, l2, l3] = order.items.map((i: { id: string }) => i.id);
    await fill(p);
    // the two lines of p are refused together, on their sum; q alone would fit
    await refused(
      () =>
        api.post(`/orders/${order.order_id}/returns`, {
          items: [
            { sale_item_id: l1, quantity: 1 },
            { sale_item_id: l2, quantity: 1 },
            { sale_item_id: l3, quantity: 0.5 },
          ],
        }),
      [over(p, main, 1.5)],
    );
    const ok = (
      await api
        .post(`/orders/${order.order_id}/returns`, {
          items: [
            { sale_item_id: l1, quantity: 1, warehouse_id: annex },
            { sale_item_id: l3, quantity: 1, restock: false },
          ],
        })
        .expect(201)
    ).body.data;
    expect(ok.return_number).toBe('R-0001');
    await verified();
  });

  it('a purchase-order receipt into a full level, or of lines adding up past the limit, is 422 STOCK_LIMIT (no GR number taken)', async () => {
    const { api, main, product, adjust, fill, refused, level, verified } = await shop('Receiving Shop');
    const supplier = (await api.post('/suppliers', { name: 'Quarry' }).expect(201)).body.data.id as string;
    const p = await product('Stone');
    const q = await product('Slate');
    const po = (
      await api
        .post('/purchase-orders', {
          supplier_id: supplier,
          items: [
            { product_id: p, quantity: 2, unit_cost: 3 },
            { product_id: q, quantity: 60_000_000_000, unit_cost: 0 },
            { product_id: q, quantity: 60_000_000_000, unit_cost: 0 },
          ],
        })
        .expect(201)
    ).body.data;
    await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
    const [a, b, c] = po.items.map((i: { id: string }) => i.id);
    await fill(p);
    await refused(() => api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: a, quantity: 1 }] }), [over(p, main, 1)]);
    // an empty level, and two lines of one product whose sum no level holds
    await refused(
      () =>
        api.post(`/purchase-orders/${po.id}/receipts`, {
          items: [
            { purchase_order_item_id: b, quantity: 60_000_000_000 },
            { purchase_order_item_id: c, quantity: 50_000_000_000 },
          ],
        }),
      [over(q, main, 110_000_000_000)],
    );
    expect(await level(q)).toBeUndefined();
    // both refused at once: every offending level is named, in product order
    await refused(
      () =>
        api.post(`/purchase-orders/${po.id}/receipts`, {
          items: [
            { purchase_order_item_id: a, quantity: 2 },
            { purchase_order_item_id: b, quantity: 60_000_000_000 },
            { purchase_order_item_id: c, quantity: 60_000_000_000 },
          ],
        }),
      [over(p, main, 2), over(q, main, 120_000_000_000)].sort((x, y) => x.product_id.localeCompare(y.product_id)),
    );
    await adjust(p, -2).expect(201);
    const receipt = (await api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: a, quantity: 2 }] }).expect(201)).body.data;
    expect(receipt.receipt_number).toBe('GR-0001');
    expect(await level(p)).toBe('99999999999.999');
    await verified();
  });

  it('a transfer whose two warehouses are full: receive names the destination, cancel the source; receiving what fits (the rest lost) closes it', async () => {
    const { api, main, product, adjust, fill, level, refused, verified } = await shop('Transferring Shop');
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id as string;
    const p = await product('Flour');
    const q = await product('Sugar');
    await adjust(p, 10).expect(201);
    await adjust(q, 10).expect(201);
    const transfer = (
      await api
        .post('/stock/transfers', {
          from_warehouse_id: main,
          to_warehouse_id: annex,
          items: [
            { product_id: p, quantity: 4 },
            { product_id: q, quantity: 3 },
          ],
        })
        .expect(201)
    ).body.data;
    await fill(p, annex);
    await refused(() => api.post(`/stock/transfers/${transfer.id}/receive`, {}), [over(p, annex, 4)]);
    await fill(p, main);
    await refused(() => api.post(`/stock/transfers/${transfer.id}/cancel`, {}), [over(p, main, 4)]);
    await refused(() => api.post(`/stock/transfers/${transfer.id}/receive`, { items: [{ product_id: p, quantity: 0.001 }] }), [over(p, annex, 0.001)]);

    // the operator's way out: receive what fits (here nothing of p), the rest recorded lost
    const received = (
      await api
        .post(`/stock/transfers/${transfer.id}/receive`, {
          items: [
            { product_id: p, quantity: 0 },
            { product_id: q, quantity: 3 },
          ],
        })
        .expect(200)
    ).body.data;
    expect(received.status).toBe('received');
    expect(
      received.items.map((i: { product_id: string; received_quantity: number; lost_quantity: number }) => [i.product_id, i.received_quantity, i.lost_quantity]),
    ).toEqual(
      expect.arrayContaining([
        [p, 0, 4],
        [q, 3, 0],
      ]),
    );
    expect([await level(p, main), await level(p, annex), await level(q, annex)]).toEqual(['99999999999.999', '99999999999.999', '3.000']);
    expect((await api.get(`/products/${p}`).expect(200)).body.data).toMatchObject({ in_transit: 0 });
    await verified();
  });

  it('12 receipts of 1 racing into a level 5 below the limit: five 201s, seven 422 STOCK_LIMIT, the level at the limit', async () => {
    const { biz, api, product, adjust, level, verified } = await shop('Racing Shop');
    const supplier = (await api.post('/suppliers', { name: 'Pit' }).expect(201)).body.data.id as string;
    const p = await product('Clay');
    await adjust(p, LIMIT - 5).expect(201);
    const orders = [];
    for (let i = 0; i < 12; i++) {
      const po = (await api.post('/purchase-orders', { supplier_id: supplier, items: [{ product_id: p, quantity: 1, unit_cost: 1 }] }).expect(201)).body.data;
      await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
      orders.push(po);
    }
    const results = await Promise.all(
      orders.map((po) => api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 1 }] })),
    );
    const outcomes = results.map((r) => `${r.status} ${r.body.error?.code ?? ''}`.trim()).sort();
    expect(outcomes).toEqual([...Array(5).fill('201'), ...Array(7).fill('422 STOCK_LIMIT')]);
    expect(await level(p)).toBe('99999999999.999');
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM receipts WHERE business_id = $1`, [biz.business_id]);
    expect(n).toBe(5);
    await verified();
  });

  it('goods entering up to the limit fold the average cost over a product total beyond one level, goods in transit included', async () => {
    const { api, main, product, adjust, fill, level, verified } = await shop('Costing Shop');
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id as string;
    const supplier = (await api.post('/suppliers', { name: 'Mill' }).expect(201)).body.data.id as string;
    const p = await product('Rice');
    await fill(p, annex);
    await adjust(p, 10).expect(201);
    await api.post('/stock/transfers', { from_warehouse_id: main, to_warehouse_id: annex, items: [{ product_id: p, quantity: 10 }] }).expect(201);
    await fill(p, main);
    await adjust(p, -1).expect(201);
    const po = (await api.post('/purchase-orders', { supplier_id: supplier, items: [{ product_id: p, quantity: 1, unit_cost: 999_999_999.9999 }] }).expect(201))
      .body.data;
    await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
    await api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 1 }] }).expect(201);
    expect(await level(p, main)).toBe('99999999999.999');
    const read = (await api.get(`/products/${p}`).expect(200)).body.data;
    expect(read).toMatchObject({ stock: 199_999_999_999.998, in_transit: 10 });
    // on hand 99,999,999,999.998 + 99,999,999,999.999 + 10 in transit at 2, and 1 at 999,999,999.9999: 2.00499999999..., half up to 4 decimals
    expect(read.average_cost).toBe(2.005);
    await verified();
  });
});
