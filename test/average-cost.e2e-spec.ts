import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

describe('moving average cost (docs/api.md 13)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const verified = async (biz: TestBusiness) => expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);

  it('moves only with goods entering at a cost: adjustments, two receipts, sales, a return and a cancel, computed by hand', async () => {
    const biz = await createBusiness(t, 'Costing Shop');
    const api = apiAs(t, biz);
    const product = (await api.post('/products', { name: 'Beans', price: 12, cost_price: 4 }).expect(201)).body.data;
    expect(product.average_cost).toBe(4);
    const averageCost = async () => (await api.get(`/products/${product.id}`).expect(200)).body.data.average_cost;
    const supplier = (await api.post('/suppliers', { name: 'Roastery' }).expect(201)).body.data;
    const receive = async (quantity: number, unitCost: number) => {
      const po = (
        await api.post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: product.id, quantity, unit_cost: unitCost }] }).expect(201)
      ).body.data;
      await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
      await api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity }] }).expect(201);
    };
    const sell = async (quantity: number) => (await api.post('/orders', { items: [{ product_id: product.id, quantity }] }).expect(201)).body.data;

    // stock from an adjustment enters at no cost: the average stays the cost price
    await api.post('/stock/adjustments', { product_id: product.id, quantity: 10, reason: 'restock' }).expect(201);
    expect(await averageCost()).toBe(4);
    // (10 x 4 + 10 x 5) / 20 = 4.5
    await receive(10, 5);
    expect(await averageCost()).toBe(4.5);
    const saleA = await sell(5);
    expect(saleA.items[0]).toMatchObject({ unit_cost: 4.5, cost_total: 22.5 });
    expect(await averageCost()).toBe(4.5);
    // (15 x 4.5 + 5 x 6.1234) / 20 = 4.90585 -> 4.9059
    await receive(5, 6.1234);
    expect(await averageCost()).toBe(4.9059);
    // 3 x 4.9059 = 14.7177 -> 14.72
    const saleB = await sell(3);
    expect(saleB.items[0]).toMatchObject({ unit_cost: 4.9059, cost_total: 14.72 });
    expect((await api.get(`/orders/${saleB.order_id}`).expect(200)).body.data.items[0]).toMatchObject({ unit_cost: 4.9059, cost_total: 14.72 });
    // the return re-enters at sale A's cost: (17 x 4.9059 + 2 x 4.5) / 19 = 4.86317 -> 4.8632
    await api.post(`/orders/${saleA.order_id}/returns`, { items: [{ sale_item_id: saleA.items[0].id, quantity: 2 }] }).expect(201);
    expect(await averageCost()).toBe(4.8632);
    // the cancel re-enters at sale B's cost: (19 x 4.8632 + 3 x 4.9059) / 22 = 4.86902 -> 4.869
    await api.post(`/orders/${saleB.order_id}/cancel`, {}).expect(200);
    expect(await averageCost()).toBe(4.869);
    // a return without restock and an adjustment out change the quantity only
    await api.post(`/orders/${saleA.order_id}/returns`, { items: [{ sale_item_id: saleA.items[0].id, quantity: 1, restock: false }] }).expect(201);
    await api.post('/stock/adjustments', { product_id: product.id, quantity: -2, reason: 'damage' }).expect(201);
    expect(await averageCost()).toBe(4.869);
    const movements = await t.db.query(`SELECT type, quantity, unit_cost FROM stock_movements WHERE business_id = $1 ORDER BY seq`, [biz.business_id]);
    expect(movements.map((m: { type: string; quantity: string; unit_cost: string | null }) => [m.type, m.quantity, m.unit_cost])).toEqual([
      ['adjustment', '10.000', null],
      ['receipt', '10.000', '5.0000'],
      ['sale', '-5.000', null],
      ['receipt', '5.000', '6.1234'],
      ['sale', '-3.000', null],
      ['return', '2.000', '4.5000'],
      ['cancel', '3.000', '4.9059'],
      ['adjustment', '-2.000', null],
    ]);
    await verified(biz);
  });

  it('is read-only: sending average_cost to POST or PUT /products is 400', async () => {
    const biz = await createBusiness(t, 'Read-only Cost');
    const api = apiAs(t, biz);
    await api.post('/products', { name: 'X', price: 1, average_cost: 1 }).expect(400);
    const product = (await api.post('/products', { name: 'Y', price: 1 }).expect(201)).body.data;
    expect(product.average_cost).toBe(0);
    await api.put(`/products/${product.id}`, { average_cost: 2 }).expect(400);
    expect((await api.get(`/products/${product.id}`).expect(200)).body.data.average_cost).toBe(0);
  });

  it('cli verify finds an average cost that does not replay from the ledger', async () => {
    const biz = await createBusiness(t, 'Cost Drift');
    const api = apiAs(t, biz);
    const product = (await api.post('/products', { name: 'Z', price: 3, cost_price: 1 }).expect(201)).body.data;
    await api.post('/stock/adjustments', { product_id: product.id, quantity: 1, reason: 'restock' }).expect(201);
    await verified(biz);
    await t.db.query(`UPDATE products SET average_cost = 1.5 WHERE id = $1`, [product.id]);
    const report = await verifyLedgers(t.db, biz.business_id);
    expect(report.drift).toEqual([expect.objectContaining({ kind: 'average_cost', product_id: product.id, expected: 1, actual: 1.5 })]);
  });
});
