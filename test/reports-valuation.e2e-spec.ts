import { stringifyExact } from '../src/common/http/exact-json';
import { costNumber, dec, moneyNumber, quantityNumber, roundMoney } from '../src/common/money/money';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * GET /reports/inventory-valuation, written as JSON by PostgreSQL (inventory-valuation.sql.ts), is
 * byte for byte the body the API's own writer makes of a recomputation from the stock levels, the
 * goods in transit and the products: money, quantities and costs as its mappers write them (exact
 * past 15 digits), names escaped as JSON.stringify does, by value and then name.
 */
describe('reports: inventory valuation against a recomputation (docs/api.md 13)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  /** The body the API's writer makes of the valuation recomputed from the tables. */
  async function recomputed(businessId: string, currency: string): Promise<string> {
    const rows: { id: string; sku: string; name: string; average_cost: string; quantity: string | null; transit: string | null }[] = await t.db.query(
      `SELECT p.id, p.sku, p.name, p.average_cost::text AS average_cost,
              (SELECT sum(quantity)::text FROM stock_levels s WHERE s.business_id = $1 AND s.product_id = p.id) AS quantity,
              (SELECT sum(ti.quantity)::text FROM transfer_items ti JOIN transfers tr ON tr.business_id = ti.business_id AND tr.id = ti.transfer_id
                WHERE ti.business_id = $1 AND ti.product_id = p.id AND tr.status = 'in_transit') AS transit
         FROM products p WHERE p.business_id = $1`,
      [businessId],
    );
    const held = rows
      .map((r) => {
        const quantity = dec(r.quantity).plus(dec(r.transit));
        return { ...r, quantity, value: roundMoney(quantity.times(r.average_cost)) };
      })
      .filter((r) => r.quantity.greaterThan(0))
      .sort((a, b) => b.value.comparedTo(a.value) || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1));
    return stringifyExact({
      success: true,
      data: {
        currency,
        total_value: moneyNumber(held.reduce((sum, r) => sum.plus(r.value), dec(0))),
        products: held.map((r) => ({
          product_id: r.id,
          sku: r.sku,
          name: r.name,
          quantity: quantityNumber(r.quantity),
          average_cost: costNumber(r.average_cost),
          value: moneyNumber(r.value),
        })),
      },
    });
  }

  it('equals the recomputation: transit, fractions, escaped names, ties by name, no stock left out, totals past 15 digits', async () => {
    const biz = await createBusiness(t, 'Valuation Shop', { currency: 'EUR' });
    const api = apiAs(t, biz);
    const main = (await api.get('/warehouses').expect(200)).body.data[0].id as string;
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id as string;
    const product = async (name: string, costPrice: number, stock: number) => {
      const p = (await api.post('/products', { name, price: 20, cost_price: costPrice }).expect(201)).body.data;
      if (stock > 0) await api.post('/stock/adjustments', { product_id: p.id, warehouse_id: main, quantity: stock, reason: 'restock' }).expect(201);
      return p.id as string;
    };
    const quoted = await product('Say "cheese" \\ back\tslash', 1.1, 4);
    const beans = await product('Crème brûlée ☕ 1kg', 3.35, 2.5);
    const tieB = await product('Tie B', 2, 3);
    const tieA = await product('Tie A', 3, 2);
    await product('Sold out', 5, 0);
    const moved = await product('Moved', 0.7, 10);
    const line = await product('Line\nbreak', 0.01, 1);
    // (4 x 1.1 + 3 x 1) / 7 = 1.0571 (4 decimals)
    const supplier = (await api.post('/suppliers', { name: 'Orchard' }).expect(201)).body.data;
    const po = (await api.post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: quoted, quantity: 3, unit_cost: 1 }] }).expect(201)).body
      .data;
    await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
    await api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 3 }] }).expect(201);
    // 6 of Moved in transit, 4 in Main, 2.5 of the beans moved into Annex
    await api.post('/stock/transfers', { from_warehouse_id: main, to_warehouse_id: annex, items: [{ product_id: moved, quantity: 6 }] }).expect(201);
    const tr = (
      await api.post('/stock/transfers', { from_warehouse_id: main, to_warehouse_id: annex, items: [{ product_id: beans, quantity: 1.25 }] }).expect(201)
    ).body.data;
    await api.post(`/stock/transfers/${tr.id}/receive`, {}).expect(200);
    expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);

    const read = async () => {
      const res = await api.get('/reports/inventory-valuation').expect(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      return res;
    };
    const first = await read();
    expect(first.text).toBe(await recomputed(biz.business_id, 'EUR'));
    const names = first.body.data.products.map((p: { name: string }) => p.name);
    // 2.5 x 3.35 = 8.375 -> 8.38; 7 x 1.0571 = 7.3997 -> 7.4; 10 x 0.7 = 7 (6 of them in transit); 2 x 3 = 3 x 2
    expect(names).toEqual(['Crème brûlée ☕ 1kg', 'Say "cheese" \\ back\tslash', 'Moved', 'Tie A', 'Tie B', 'Line\nbreak']);
    expect(first.body.data.products.find((p: { product_id: string }) => p.product_id === moved)).toMatchObject({ quantity: 10, value: 7 });
    expect(first.body.data.products.find((p: { product_id: string }) => p.product_id === quoted)).toMatchObject({ average_cost: 1.0571, value: 7.4 });
    expect([tieA, tieB, line].every((id) => first.text.includes(id))).toBe(true);

    // stock and costs at the columns' limits: a value and a total past a double's 15 digits, written exactly
    await t.db.query(`UPDATE stock_levels SET quantity = 99999999999.999 WHERE business_id = $1 AND product_id = ANY ($2)`, [biz.business_id, [tieA, tieB]]);
    await t.db.query(`UPDATE products SET average_cost = 12345.6789 WHERE business_id = $1 AND id = ANY ($2)`, [biz.business_id, [tieA, tieB]]);
    const big = await read();
    expect(big.text).toBe(await recomputed(biz.business_id, 'EUR'));
    // 99999999999.999 x 12345.6789 = 1234567889999987.6543211 -> 1234567889999987.65, twice, + 22.79
    expect(big.text).toContain('"total_value":2469135779999998.09,');
    expect(big.text).toContain(`{"product_id":"${tieA}","sku":`);
    expect(big.text.indexOf(tieA)).toBeLessThan(big.text.indexOf(tieB));
  });

  it('an empty business: no products, total 0', async () => {
    const biz = await createBusiness(t, 'Valuation Empty');
    const res = await apiAs(t, biz).get('/reports/inventory-valuation').expect(200);
    expect(res.text).toBe('{"success":true,"data":{"currency":"USD","total_value":0,"products":[]}}');
    expect(res.text).toBe(await recomputed(biz.business_id, 'USD'));
  });
});
