import { csvObjects } from './helpers/csv';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';

describe('GET /products: stock_status and on_order (docs/api.md 6)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('low and out select by stock and minimum; on_order is what submitted purchase orders still bring', async () => {
    const biz = await createBusiness(t, 'Stock Status Shop');
    const api = apiAs(t, biz);
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
    const ids: Record<string, string> = {};
    /** A product with `min_stock` and stock per warehouse [main, annex]. */
    const product = async (name: string, minStock: number, [main, other]: [number, number]) => {
      const p = (await api.post('/products', { name, price: 3, min_stock: minStock }).expect(201)).body.data;
      if (main) await api.post('/stock/adjustments', { product_id: p.id, quantity: main, reason: 'restock' }).expect(201);
      if (other) await api.post('/stock/adjustments', { product_id: p.id, quantity: other, warehouse_id: annex.id, reason: 'restock' }).expect(201);
      ids[name] = p.id;
    };
    await product('At minimum', 5, [3, 2]); // low: 5 <= 5 over two warehouses
    await product('Above minimum', 5, [5, 0.5]); // 5.5 > 5
    await product('Below, on order', 5, [2, 0]); // low, whatever is on order
    await product('No minimum, none', 0, [0, 0]); // out, never low
    await product('Minimum, none', 4, [0, 0]); // low and out
    await product('Sold out', 2, [1, 0]); // sold below: low and out
    await product('Retired', 5, [0, 0]); // inactive: neither
    await product('Plenty', 1, [100, 0]);
    await api.put(`/products/${ids.Retired}`, { is_active: false }).expect(200);
    await api.post('/orders', { items: [{ product_id: ids['Sold out'], quantity: 1 }] }).expect(201);

    const supplier = (await api.post('/suppliers', { name: 'Wholesale' }).expect(201)).body.data;
    const purchase = async (items: [string, number][], then: 'draft' | 'submit' | 'cancel') => {
      const po = (
        await api
          .post('/purchase-orders', { supplier_id: supplier.id, items: items.map(([name, quantity]) => ({ product_id: ids[name], quantity, unit_cost: 1 })) })
          .expect(201)
      ).body.data;
      if (then !== 'draft') await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
      if (then === 'cancel') await api.post(`/purchase-orders/${po.id}/cancel`, {}).expect(200);
      return po;
    };
    // submitted: 10 + 4.5 of "Below, on order", 7 of Plenty; 3 of the 10 received (partially received)
    const open = await purchase(
      [
        ['Below, on order', 10],
        ['Plenty', 7],
      ],
      'submit',
    );
    await api.post(`/purchase-orders/${open.id}/receipts`, { items: [{ purchase_order_item_id: open.items[0].id, quantity: 3 }] }).expect(201);
    await purchase([['Below, on order', 4.5]], 'submit');
    // not counted: a draft, a cancelled order, a fully received one
    await purchase([['Above minimum', 50]], 'draft');
    await purchase([['Above minimum', 60]], 'cancel');
    const done = await purchase([['Plenty', 2]], 'submit');
    await api.post(`/purchase-orders/${done.id}/receipts`, { items: [{ purchase_order_item_id: done.items[0].id, quantity: 2 }] }).expect(201);

    const names = async (query: string) => (await api.get(`/products?${query}`).expect(200)).body.data.map((p: { name: string }) => p.name).sort();
    // "Below, on order" had 2 and received 3: 5 <= 5, still low
    expect(await names('stock_status=low')).toEqual(['At minimum', 'Below, on order', 'Minimum, none', 'Sold out'].sort());
    expect(await names('stock_status=out')).toEqual(['Minimum, none', 'No minimum, none', 'Sold out'].sort());
    expect(await names('stock_status=low&is_active=false')).toEqual([]);
    expect(await names('stock_status=out&search=minimum')).toEqual(['Minimum, none', 'No minimum, none']);

    // the recomputation from the stock levels and purchase orders, and every product's on_order, on each read
    const [truth] = await t.db.query(
      `SELECT
         (SELECT array_agg(p.name ORDER BY p.name) FROM products p
           WHERE p.business_id = $1 AND p.is_active AND p.min_stock > 0
             AND (SELECT coalesce(sum(quantity), 0) FROM stock_levels s WHERE s.business_id = $1 AND s.product_id = p.id) <= p.min_stock) AS low,
         (SELECT json_object_agg(p.name, (SELECT coalesce(sum(i.quantity - i.received_quantity), 0)
                                            FROM purchase_order_items i JOIN purchase_orders o ON o.business_id = i.business_id AND o.id = i.purchase_order_id
                                           WHERE i.business_id = $1 AND o.status IN ('ordered', 'partially_received') AND i.product_id = p.id))
            FROM products p WHERE p.business_id = $1) AS on_order`,
      [biz.business_id],
    );
    expect(await names('stock_status=low')).toEqual([...truth.low].sort());
    const onOrder = { 'Below, on order': 11.5, Plenty: 7 };
    for (const [name, quantity] of Object.entries(truth.on_order)) expect([name, Number(quantity)]).toEqual([name, onOrder[name as keyof typeof onOrder] ?? 0]);
    const page = (await api.get('/products?per_page=100').expect(200)).body.data; // the plain page (products.page)
    const filtered = (await api.get('/products?search=o&per_page=100').expect(200)).body.data; // the entity query
    for (const p of [...page, ...filtered]) expect([p.name, p.on_order]).toEqual([p.name, onOrder[p.name as keyof typeof onOrder] ?? 0]);
    expect((await api.get(`/products/${ids.Plenty}`).expect(200)).body.data).toMatchObject({ on_order: 7, stock: 102 });
    const low = (await api.get('/products?stock_status=low').expect(200)).body.data;
    expect(low.find((p: { name: string }) => p.name === 'Below, on order')).toMatchObject({ stock: 5, min_stock: 5, on_order: 11.5 });
    const exported = csvObjects((await api.get('/products/export?stock_status=low').expect(200)).text);
    expect(exported.rows.map((r) => [r.name, r.on_order]).sort()).toEqual(
      [
        ['At minimum', '0'],
        ['Below, on order', '11.5'],
        ['Minimum, none', '0'],
        ['Sold out', '0'],
      ].sort(),
    );
  });

  it('stock_status takes low or out only', async () => {
    const biz = await createBusiness(t, 'Bad Status');
    await apiAs(t, biz).get('/products?stock_status=empty').expect(400);
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    expect(doc.paths['/api/v1/products'].get.parameters.map((p: { name: string }) => p.name)).toContain('stock_status');
  });
});
