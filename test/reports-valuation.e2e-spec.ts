import { randomUUID } from 'crypto';
import { ProductValuations1795932664370 } from '../migrations/1795932664370-ProductValuations';
import { stringifyExact } from '../src/common/http/exact-json';
import { costNumber, dec, moneyNumber, quantityNumber, roundMoney } from '../src/common/money/money';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { runImport } from './helpers/imports';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

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

  /** A business with a second warehouse, and a maker of products with their cost and stock in the main one. */
  async function stockedShop(name: string, options?: Parameters<typeof createBusiness>[2]) {
    const biz = await createBusiness(t, name, options);
    const api = apiAs(t, biz);
    const main = (await api.get('/warehouses').expect(200)).body.data[0].id as string;
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id as string;
    const product = async (productName: string, costPrice: number, stock: number) => {
      const p = (await api.post('/products', { name: productName, price: 20, cost_price: costPrice }).expect(201)).body.data;
      if (stock > 0) await api.post('/stock/adjustments', { product_id: p.id, warehouse_id: main, quantity: stock, reason: 'restock' }).expect(201);
      return p.id as string;
    };
    return { biz, api, main, annex, product };
  }

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
    const { biz, api, main, annex, product } = await stockedShop('Valuation Shop', { currency: 'EUR' });
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

  /** The body equals the recomputation, and `cli verify` finds the maintained rows exact (and, unless told, every other check clean). */
  async function expectExact(biz: TestBusiness, which: 'every check' | 'valuation check' = 'every check') {
    const res = await apiAs(t, biz).get('/reports/inventory-valuation').expect(200);
    expect(res.text).toBe(await recomputed(biz.business_id, 'USD'));
    const drift = (await verifyLedgers(t.db, biz.business_id)).drift;
    expect(which === 'every check' ? drift : drift.filter((d) => d.kind === 'product_valuation')).toEqual([]);
    return res.body.data as { total_value: number; products: { product_id: string; name: string; quantity: number; average_cost: number; value: number }[] };
  }

  it('kept with every change: a sale, a return, a cancellation, a transfer in transit and its end, a receipt, a count, a rename, an archived product', async () => {
    const { biz, api, main, annex, product } = await stockedShop('Valuation Kept');
    const mug = await product('Mug', 2, 10);
    const tea = await product('Tea', 5, 4);
    const jam = await product('Jam', 1.5, 6);
    const row = (data: Awaited<ReturnType<typeof expectExact>>, id: string) => data.products.find((p) => p.product_id === id);
    expect(row(await expectExact(biz), mug)).toMatchObject({ quantity: 10, value: 20 });

    // a sale takes 3 mugs and 1 tea
    const order = (
      await api
        .post('/orders', {
          items: [
            { product_id: mug, quantity: 3 },
            { product_id: tea, quantity: 1 },
          ],
        })
        .expect(201)
    ).body.data;
    let data = await expectExact(biz);
    expect(row(data, mug)).toMatchObject({ quantity: 7, value: 14 });
    expect(row(data, tea)).toMatchObject({ quantity: 3, value: 15 });

    // a return of 2 mugs, restocked
    const mugLine = order.items.find((i: { product_id: string }) => i.product_id === mug).id as string;
    await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: mugLine, quantity: 2, restock: true }] }).expect(201);
    expect(row(await expectExact(biz), mug)).toMatchObject({ quantity: 9, value: 18 });

    // a cancellation puts back what is left of another order
    const other = (await api.post('/orders', { items: [{ product_id: jam, quantity: 2 }] }).expect(201)).body.data;
    expect(row(await expectExact(biz), jam)).toMatchObject({ quantity: 4 });
    await api.post(`/orders/${other.order_id}/cancel`, {}).expect(200);
    expect(row(await expectExact(biz), jam)).toMatchObject({ quantity: 6, value: 9 });

    // a transfer in transit still counts; received with a loss, the loss leaves; a cancelled one comes back
    const shipped = (
      await api.post('/stock/transfers', { from_warehouse_id: main, to_warehouse_id: annex, items: [{ product_id: mug, quantity: 4 }] }).expect(201)
    ).body.data;
    expect(row(await expectExact(biz), mug)).toMatchObject({ quantity: 9 });
    await api.post(`/stock/transfers/${shipped.id}/receive`, { items: [{ product_id: mug, quantity: 3 }] }).expect(200);
    expect(row(await expectExact(biz), mug)).toMatchObject({ quantity: 8, value: 16 });
    const back = (
      await api.post('/stock/transfers', { from_warehouse_id: main, to_warehouse_id: annex, items: [{ product_id: tea, quantity: 3 }] }).expect(201)
    ).body.data;
    expect(row(await expectExact(biz), tea)).toMatchObject({ quantity: 3 });
    await api.post(`/stock/transfers/${back.id}/cancel`, {}).expect(200);
    expect(row(await expectExact(biz), tea)).toMatchObject({ quantity: 3, value: 15 });

    // a receipt changes the average cost: (8 x 2 + 2 x 3.5) / 10 = 2.3
    const supplier = (await api.post('/suppliers', { name: 'Potter' }).expect(201)).body.data;
    const po = (await api.post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: mug, quantity: 2, unit_cost: 3.5 }] }).expect(201)).body
      .data;
    await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
    await api.post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 2 }] }).expect(201);
    expect(row(await expectExact(biz), mug)).toMatchObject({ quantity: 10, average_cost: 2.3, value: 23 });

    // a count sets the level; a count to 0 takes the product out of the report
    await api.post('/stock/counts', { warehouse_id: main, items: [{ product_id: tea, counted_quantity: 0 }] }).expect(201);
    data = await expectExact(biz);
    expect(row(data, tea)).toBeUndefined();

    // a rename and a new SKU are in the next read, in the order of the new name
    await api.put(`/products/${jam}`, { name: 'Apricot jam', sku: 'JAM-2' }).expect(200);
    data = await expectExact(biz);
    expect(row(data, jam)).toMatchObject({ name: 'Apricot jam' });
    expect(data.products.map((p) => p.name)).toEqual(['Mug', 'Apricot jam']);

    // an archived product with stock is still valued (as before the table); with its stock gone it is not
    await api.del(`/products/${jam}`).expect(200);
    expect(row(await expectExact(biz), jam)).toMatchObject({ quantity: 6 });
    await api.post('/stock/adjustments', { product_id: jam, warehouse_id: main, quantity: -6, reason: 'damage' }).expect(201);
    data = await expectExact(biz);
    expect(data.products.map((p) => p.name)).toEqual(['Mug']);
    expect(data.total_value).toBe(23);
  });

  it('two orders at once on one product leave its valuation exact', async () => {
    const biz = await createBusiness(t, 'Valuation Race');
    const api = apiAs(t, biz);
    const main = (await api.get('/warehouses').expect(200)).body.data[0].id as string;
    const p = (await api.post('/products', { name: 'Contended', price: 3, cost_price: 1.25 }).expect(201)).body.data;
    await api.post('/stock/adjustments', { product_id: p.id, warehouse_id: main, quantity: 50, reason: 'restock' }).expect(201);
    const orders = await Promise.all(Array.from({ length: 8 }, (_, i) => api.post('/orders', { items: [{ product_id: p.id, quantity: i + 1 }] })));
    expect(orders.map((o) => o.status)).toEqual(Array(8).fill(201));
    // 50 - (1 + ... + 8) = 14
    const data = await expectExact(biz);
    expect(data.products).toEqual([expect.objectContaining({ product_id: p.id, quantity: 14, value: 17.5 })]);
  });

  it('a product made after the migration has its row at once, even without stock; one without stock is left out', async () => {
    const biz = await createBusiness(t, 'Valuation New');
    const api = apiAs(t, biz);
    const p = (await api.post('/products', { name: 'Fresh', price: 3, cost_price: 1 }).expect(201)).body.data;
    const [{ n }] = await t.db.query(`SELECT count(*)::int AS n FROM product_valuations WHERE business_id = $1 AND product_id = $2 AND quantity = 0`, [
      biz.business_id,
      p.id,
    ]);
    expect(n).toBe(1);
    expect((await expectExact(biz)).products).toEqual([]);
    // a product deleted (no endpoint does; a product without stock rows can be) takes its row along
    await t.db.query(`DELETE FROM products WHERE business_id = $1 AND id = $2`, [biz.business_id, p.id]);
    const [{ left }] = await t.db.query(`SELECT count(*)::int AS left FROM product_valuations WHERE business_id = $1`, [biz.business_id]);
    expect(left).toBe(0);
    await expectExact(biz);
  });

  it('a transfer written before or after its lines, or deleted in transit, counts its lines once', async () => {
    const biz = await createBusiness(t, 'Valuation Transit Rows');
    const api = apiAs(t, biz);
    const [main, annex] = [
      (await api.get('/warehouses').expect(200)).body.data[0].id as string,
      (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id as string,
    ];
    const p = (await api.post('/products', { name: 'Crate', price: 3, cost_price: 2 }).expect(201)).body.data.id as string;
    const transfer = (id: string) =>
      t.db.query(
        `INSERT INTO transfers (id, business_id, number, transfer_number, from_warehouse_id, to_warehouse_id, status) VALUES ($1, $2, $3, $4, $5, $6, 'in_transit')`,
        [id, biz.business_id, id === first ? 901 : 902, id === first ? 'TR-0901' : 'TR-0902', main, annex],
      );
    const line = (transferId: string, quantity: number) =>
      t.db.query(`INSERT INTO transfer_items (business_id, transfer_id, line_no, product_id, quantity) VALUES ($1, $2, 1, $3, $4)`, [
        biz.business_id,
        transferId,
        p,
        quantity,
      ]);
    const [first, second] = [randomUUID(), randomUUID()];
    await transfer(first);
    await line(first, 2);
    await line(second, 3);
    await transfer(second);
    expect((await expectExact(biz, 'valuation check')).products).toEqual([expect.objectContaining({ product_id: p, quantity: 5, value: 10 })]);
    await t.db.query(`DELETE FROM transfers WHERE business_id = $1 AND id = $2`, [biz.business_id, second]);
    await t.db.query(`DELETE FROM transfer_items WHERE business_id = $1 AND transfer_id = $2`, [biz.business_id, second]);
    expect((await expectExact(biz, 'valuation check')).products).toEqual([expect.objectContaining({ product_id: p, quantity: 2, value: 4 })]);
  });

  it('kept through imports: products made and renamed, stock counted by the import', async () => {
    const biz = await createBusiness(t, 'Valuation Import');
    await runImport(t, biz, 'products', 'sku,name,price,cost_price\nIMP-1,Kettle,30,12.5\nIMP-2,Toaster,25,8\n');
    await runImport(t, biz, 'stock', 'sku,warehouse,quantity\nIMP-1,Main,3\nIMP-2,Main,2.5\n');
    let data = await expectExact(biz);
    expect(data.products.map((p) => [p.name, p.quantity, p.value])).toEqual([
      ['Kettle', 3, 37.5],
      ['Toaster', 2.5, 20],
    ]);
    await runImport(t, biz, 'products', 'sku,name,price,cost_price\nIMP-2,Toaster XL,25,8\n');
    await runImport(t, biz, 'stock', 'sku,warehouse,quantity\nIMP-1,Main,1\n');
    data = await expectExact(biz);
    expect(data.products.map((p) => [p.name, p.quantity, p.value])).toEqual([
      ['Toaster XL', 2.5, 20],
      ['Kettle', 1, 12.5],
    ]);
  });

  it('the migration fills the table from the data there is; cli verify names a row that drifts', async () => {
    const biz = await createBusiness(t, 'Valuation Backfill');
    const api = apiAs(t, biz);
    const main = (await api.get('/warehouses').expect(200)).body.data[0].id as string;
    const annex = (await api.post('/warehouses', { name: 'Annex' }).expect(201)).body.data.id as string;
    const ids: string[] = [];
    for (const [name, cost, stock] of [
      ['Oats', 0.35, 12],
      ['Rye', 1.2, 7.5],
      ['None', 3, 0],
    ] as const) {
      const p = (await api.post('/products', { name, price: 5, cost_price: cost }).expect(201)).body.data;
      if (stock > 0) await api.post('/stock/adjustments', { product_id: p.id, warehouse_id: main, quantity: stock, reason: 'restock' }).expect(201);
      ids.push(p.id as string);
    }
    await api.post('/stock/transfers', { from_warehouse_id: main, to_warehouse_id: annex, items: [{ product_id: ids[1], quantity: 2.5 }] }).expect(201);
    const before = (await api.get('/reports/inventory-valuation').expect(200)).text;

    // down and up again on this spec's own database: every business's rows rebuilt from its data
    const runner = t.db.createQueryRunner();
    try {
      await runner.startTransaction();
      const migration = new ProductValuations1795932664370();
      await migration.down(runner);
      await migration.up(runner);
      await runner.commitTransaction();
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    expect((await api.get('/reports/inventory-valuation').expect(200)).text).toBe(before);
    await expectExact(biz);

    await t.db.query(`UPDATE product_valuations SET quantity = quantity + 1 WHERE business_id = $1 AND product_id = $2`, [biz.business_id, ids[0]]);
    const drift = (await verifyLedgers(t.db, biz.business_id)).drift;
    expect(drift).toEqual([expect.objectContaining({ kind: 'product_valuation', product_id: ids[0] })]);
    await t.db.query(`UPDATE product_valuations SET quantity = quantity - 1 WHERE business_id = $1 AND product_id = $2`, [biz.business_id, ids[0]]);
    await expectExact(biz);
  });

  it('an empty business: no products, total 0', async () => {
    const biz = await createBusiness(t, 'Valuation Empty');
    const res = await apiAs(t, biz).get('/reports/inventory-valuation').expect(200);
    expect(res.text).toBe('{"success":true,"data":{"currency":"USD","total_value":0,"products":[]}}');
    expect(res.text).toBe(await recomputed(biz.business_id, 'USD'));
  });
});
