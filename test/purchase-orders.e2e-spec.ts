import { randomUUID } from 'crypto';
import { apiAs, countRows, createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { seedProduct, stockOf } from './helpers/orders-fixtures';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('purchase orders up to receiving (docs/api.md 13)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const api = (biz: TestBusiness) => apiAs(t, biz);
  const world = async (name = 'Buyer') => {
    const biz = await createBusiness(t, name, { timezone: 'Europe/Berlin' });
    const supplier = (await api(biz).post('/suppliers', { name: 'Roastery' }).expect(201)).body.data;
    // no stock yet: every unit in the tests arrives by a receipt, so the ledger accounts for it (verify)
    const beans = await seedProduct(t, biz, { name: 'Beans', price: '12.00', stock: null });
    const cups = await seedProduct(t, biz, { name: 'Cups', price: '2.00', stock: null });
    return { biz, supplier, beans, cups };
  };
  const poState = async (biz: TestBusiness) => ({
    orders: await countRows(t, 'purchase_orders', biz.business_id),
    items: await countRows(t, 'purchase_order_items', biz.business_id),
    counters: await t.db.query(`SELECT name, value FROM business_counters WHERE business_id = $1 ORDER BY name`, [biz.business_id]),
    rows: await t.db.query(`SELECT id, status, total, supplier_id, warehouse_id, notes FROM purchase_orders WHERE business_id = $1 ORDER BY id`, [
      biz.business_id,
    ]),
  });

  it('creates a draft (201): line totals rounded half up to cents, the total their sum, the default warehouse, PO-0001', async () => {
    const { biz, supplier, beans, cups } = await world();
    const res = await api(biz)
      .post('/purchase-orders', {
        supplier_id: supplier.id,
        expected_date: '2026-12-01',
        notes: 'Deliver to the back door',
        items: [
          { product_id: beans, quantity: 3, unit_cost: 1.2345 }, // 3.7035 -> 3.70
          { product_id: cups, quantity: 0.5, unit_cost: 0.0125 }, // 0.00625 -> 0.01
        ],
      })
      .expect(201);
    expect(res.body).toEqual({
      success: true,
      data: {
        id: expect.stringMatching(UUID),
        purchase_order_number: 'PO-0001',
        supplier_id: supplier.id,
        warehouse_id: biz.warehouse_id,
        status: 'draft',
        expected_date: '2026-12-01',
        notes: 'Deliver to the back door',
        items: [
          { id: expect.stringMatching(UUID), product_id: beans, quantity: 3, unit_cost: 1.2345, total: 3.7, received_quantity: 0 },
          { id: expect.stringMatching(UUID), product_id: cups, quantity: 0.5, unit_cost: 0.0125, total: 0.01, received_quantity: 0 },
        ],
        total: 3.71,
        paid_amount: 0,
        created_at: expect.stringMatching(ISO_MS),
        updated_at: expect.stringMatching(ISO_MS),
      },
    });
    const po = res.body.data;
    expect((await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data).toEqual(po);
    const second = (
      await api(biz)
        .post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: beans, quantity: 1, unit_cost: 0 }] })
        .expect(201)
    ).body.data;
    expect(second).toMatchObject({ purchase_order_number: 'PO-0002', total: 0, expected_date: null, notes: null });
  });

  it('edits only a draft: sent fields, items replacing every line; then submit, cancel, and 409 for every other transition', async () => {
    const { biz, supplier, beans, cups } = await world();
    const annex = (await api(biz).post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
    const po = (
      await api(biz)
        .post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: beans, quantity: 1, unit_cost: 5 }] })
        .expect(201)
    ).body.data;
    const edited = (
      await api(biz)
        .put(`/purchase-orders/${po.id}`, { warehouse_id: annex.id, items: [{ product_id: cups, quantity: 10, unit_cost: 0.333 }] })
        .expect(200)
    ).body.data;
    expect(edited).toMatchObject({ warehouse_id: annex.id, total: 3.33, notes: null, status: 'draft' });
    expect(edited.items).toEqual([{ id: expect.stringMatching(UUID), product_id: cups, quantity: 10, unit_cost: 0.333, total: 3.33, received_quantity: 0 }]);
    expect((await api(biz).put(`/purchase-orders/${po.id}`, { notes: 'urgent' }).expect(200)).body.data).toMatchObject({ notes: 'urgent', total: 3.33 });

    const submitted = (await api(biz).post(`/purchase-orders/${po.id}/submit`, {}).expect(200)).body.data;
    expect(submitted.status).toBe('ordered');
    const before = await poState(biz);
    const refused = await api(biz).put(`/purchase-orders/${po.id}`, { notes: 'late change' }).expect(409);
    expect(refused.body.error).toMatchObject({ code: 'INVALID_STATUS_TRANSITION', details: [{ from: 'ordered', to: 'draft' }] });
    await api(biz).post(`/purchase-orders/${po.id}/submit`, {}).expect(409);
    expect(await poState(biz)).toEqual(before);

    expect((await api(biz).post(`/purchase-orders/${po.id}/cancel`, {}).expect(200)).body.data.status).toBe('cancelled');
    await api(biz).post(`/purchase-orders/${po.id}/cancel`, {}).expect(409);
    await api(biz).post(`/purchase-orders/${po.id}/submit`, {}).expect(409);
    const draft = (
      await api(biz)
        .post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: beans, quantity: 1, unit_cost: 5 }] })
        .expect(201)
    ).body.data;
    expect((await api(biz).post(`/purchase-orders/${draft.id}/cancel`, {}).expect(200)).body.data.status).toBe('cancelled');
  });

  it('lists newest first with status, supplier and date filters, paged', async () => {
    const { biz, supplier, beans } = await world();
    const other = (await api(biz).post('/suppliers', { name: 'Dairy' }).expect(201)).body.data;
    const a = (
      await api(biz)
        .post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: beans, quantity: 1, unit_cost: 1 }] })
        .expect(201)
    ).body.data;
    const b = (
      await api(biz)
        .post('/purchase-orders', { supplier_id: other.id, items: [{ product_id: beans, quantity: 1, unit_cost: 1 }] })
        .expect(201)
    ).body.data;
    await api(biz).post(`/purchase-orders/${b.id}/submit`, {}).expect(200);
    const all = await api(biz).get('/purchase-orders').expect(200);
    expect(all.body.data.map((o: { id: string }) => o.id)).toEqual([b.id, a.id]);
    expect(all.body.meta).toEqual({ page: 1, per_page: 20, total: 2, total_pages: 1 });
    expect((await api(biz).get('/purchase-orders?status=ordered').expect(200)).body.data.map((o: { id: string }) => o.id)).toEqual([b.id]);
    expect((await api(biz).get(`/purchase-orders?supplier_id=${supplier.id}`).expect(200)).body.data.map((o: { id: string }) => o.id)).toEqual([a.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    expect((await api(biz).get(`/purchase-orders?from=${today}&to=${today}`).expect(200)).body.meta.total).toBe(2);
    expect((await api(biz).get('/purchase-orders?from=2020-01-01&to=2020-01-31').expect(200)).body.data).toEqual([]);
    await api(biz).get('/purchase-orders?status=shipped').expect(400);
  });

  it('refuses bad references (422) and bad bodies (400) writing nothing and taking no number; 404 across businesses', async () => {
    const { biz, supplier, beans } = await world();
    const stranger = await world('Stranger');
    const line = { product_id: beans, quantity: 1, unit_cost: 1 };
    const before = await poState(biz);
    const cases: [object, number, string][] = [
      [{ supplier_id: stranger.supplier.id, items: [line] }, 422, 'UNKNOWN_SUPPLIER'],
      [{ supplier_id: supplier.id, items: [{ ...line, product_id: stranger.beans }] }, 422, 'UNKNOWN_PRODUCT'],
      [{ supplier_id: supplier.id, warehouse_id: stranger.biz.warehouse_id, items: [line] }, 422, 'UNKNOWN_WAREHOUSE'],
      [{ supplier_id: supplier.id, items: [] }, 400, 'VALIDATION_FAILED'],
      [{ supplier_id: supplier.id, items: [{ ...line, unit_cost: 1.23456 }] }, 400, 'VALIDATION_FAILED'],
      [{ supplier_id: supplier.id, items: [{ ...line, unit_cost: -1 }] }, 400, 'VALIDATION_FAILED'],
      [{ supplier_id: supplier.id, items: [{ ...line, quantity: 0 }] }, 400, 'VALIDATION_FAILED'],
      [{ supplier_id: supplier.id, items: [{ ...line, quantity: 2, unit_cost: 999999999999.99 }] }, 400, 'VALIDATION_FAILED'],
      [{ supplier_id: supplier.id, expected_date: '2026-02-30', items: [line] }, 400, 'VALIDATION_FAILED'],
      [{ supplier_id: supplier.id, status: 'ordered', items: [line] }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await api(biz).post('/purchase-orders', body);
      expect([res.status, res.body.error?.code, JSON.stringify(body)]).toEqual([status, code, JSON.stringify(body)]);
    }
    expect(await poState(biz)).toEqual(before);

    const po = (
      await api(biz)
        .post('/purchase-orders', { supplier_id: supplier.id, items: [line] })
        .expect(201)
    ).body.data;
    expect(po.purchase_order_number).toBe('PO-0001');
    const afterCreate = await poState(biz);
    await api(biz).put(`/purchase-orders/${po.id}`, { supplier_id: stranger.supplier.id }).expect(422);
    await api(biz)
      .put(`/purchase-orders/${po.id}`, { items: [{ ...line, product_id: stranger.beans }] })
      .expect(422);
    await api(biz).put(`/purchase-orders/${po.id}`, { items: null }).expect(400);
    expect(await poState(biz)).toEqual(afterCreate);

    await api(stranger.biz).get(`/purchase-orders/${po.id}`).expect(404);
    await api(stranger.biz).put(`/purchase-orders/${po.id}`, { notes: 'x' }).expect(404);
    await api(stranger.biz).post(`/purchase-orders/${po.id}/submit`, {}).expect(404);
    await api(stranger.biz).post(`/purchase-orders/${po.id}/cancel`, {}).expect(404);
    expect((await api(stranger.biz).get('/purchase-orders').expect(200)).body.data).toEqual([]);
    await api(biz).get(`/purchase-orders/${randomUUID()}`).expect(404);
    expect(await poState(biz)).toEqual(afterCreate);
  });

  describe('receipts', () => {
    const ordered = async (name: string, lines: (w: Awaited<ReturnType<typeof world>>) => object[]) => {
      const w = await world(name);
      const po = (
        await api(w.biz)
          .post('/purchase-orders', { supplier_id: w.supplier.id, items: lines(w) })
          .expect(201)
      ).body.data;
      await api(w.biz).post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
      return { ...w, po };
    };
    const receive = (biz: TestBusiness, poId: string, body: object, key?: string) => {
      const req = t.http().post(`/api/v1/purchase-orders/${poId}/receipts`).set(biz.auth);
      if (key) req.set('Idempotency-Key', key);
      return req.send(body);
    };
    const receiptState = async (biz: TestBusiness) => ({
      receipts: await countRows(t, 'receipts', biz.business_id),
      items: await countRows(t, 'receipt_items', biz.business_id),
      movements: await countRows(t, 'stock_movements', biz.business_id),
      events: await countRows(t, 'outbox_events', biz.business_id),
      stock: await t.db.query(`SELECT warehouse_id, product_id, quantity FROM stock_levels WHERE business_id = $1 ORDER BY 1, 2`, [biz.business_id]),
      lines: await t.db.query(`SELECT id, received_quantity FROM purchase_order_items WHERE business_id = $1 ORDER BY id`, [biz.business_id]),
      orders: await t.db.query(`SELECT id, status FROM purchase_orders WHERE business_id = $1 ORDER BY id`, [biz.business_id]),
      counters: await t.db.query(`SELECT name, value FROM business_counters WHERE business_id = $1 ORDER BY name`, [biz.business_id]),
    });
    const verified = async (biz: TestBusiness) => expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);

    it('receives in parts: stock per warehouse, receipt movements, received quantities, statuses, GR numbers, purchase_order.received once', async () => {
      const { biz, po, beans, cups } = await ordered('Receiver', (w) => [
        { product_id: w.beans, quantity: 10, unit_cost: 4.5 },
        { product_id: w.cups, quantity: 2.5, unit_cost: 0.2 },
      ]);
      const annex = (await api(biz).post('/warehouses', { name: 'Annex' }).expect(201)).body.data;
      const [beansLine, cupsLine] = po.items.map((i: { id: string }) => i.id);
      const first = await receive(biz, po.id, { items: [{ purchase_order_item_id: beansLine, quantity: 4 }] }).expect(201);
      expect(first.body).toEqual({
        success: true,
        data: {
          id: expect.stringMatching(UUID),
          receipt_number: 'GR-0001',
          purchase_order_id: po.id,
          warehouse_id: biz.warehouse_id,
          items: [{ purchase_order_item_id: beansLine, product_id: beans, quantity: 4, unit_cost: 4.5 }],
          created_at: expect.stringMatching(ISO_MS),
        },
      });
      let now = (await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data;
      expect([now.status, now.items.map((i: { received_quantity: number }) => i.received_quantity)]).toEqual(['partially_received', [4, 0]]);
      expect(await stockOf(t, biz, beans)).toBe('4.000');

      const second = await receive(biz, po.id, {
        warehouse_id: annex.id,
        items: [
          { purchase_order_item_id: beansLine, quantity: 6, unit_cost: 4.75 },
          { purchase_order_item_id: cupsLine, quantity: 2.5 },
        ],
      }).expect(201);
      expect(second.body.data).toMatchObject({ receipt_number: 'GR-0002', warehouse_id: annex.id });
      expect(second.body.data.items.map((i: { unit_cost: number }) => i.unit_cost)).toEqual([4.75, 0.2]);
      now = (await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data;
      expect([now.status, now.items.map((i: { received_quantity: number }) => i.received_quantity)]).toEqual(['received', [10, 2.5]]);
      expect([await stockOf(t, biz, beans, annex.id), await stockOf(t, biz, cups, annex.id)]).toEqual(['6.000', '2.500']);
      const movements = (await api(biz).get('/stock/movements?type=receipt').expect(200)).body.data;
      expect(movements.map((m: { quantity: number; warehouse_id: string }) => [m.quantity, m.warehouse_id === annex.id])).toEqual(
        expect.arrayContaining([
          [4, false],
          [6, true],
          [2.5, true],
        ]),
      );
      expect(movements).toHaveLength(3);
      const events = (await api(biz).get('/events?type=purchase_order.received').expect(200)).body.data;
      expect(events.map((e: { data: object }) => e.data)).toEqual([
        { purchase_order_id: po.id, purchase_order_number: 'PO-0001', supplier_id: po.supplier_id, warehouse_id: biz.warehouse_id, total: 45.5 },
      ]);
      const before = await receiptState(biz);
      const again = await receive(biz, po.id, { items: [{ purchase_order_item_id: cupsLine, quantity: 1 }] }).expect(409);
      expect(again.body.error.details).toEqual([{ from: 'received', to: 'received' }]);
      await api(biz).post(`/purchase-orders/${po.id}/cancel`, {}).expect(409);
      expect(await receiptState(biz)).toEqual(before);
      await verified(biz);
    });

    it('20 parallel receipts of one unit of a 5-unit line: exactly 5 accepted, numbers gapless, stock +5', async () => {
      const { biz, po, beans } = await ordered('Parallel Receiver', (w) => [{ product_id: w.beans, quantity: 5, unit_cost: 1 }]);
      const line = po.items[0].id;
      const results = await Promise.all(Array.from({ length: 20 }, () => receive(biz, po.id, { items: [{ purchase_order_item_id: line, quantity: 1 }] })));
      const accepted = results.filter((r) => r.status === 201);
      expect(accepted).toHaveLength(5);
      for (const r of results.filter((x) => x.status !== 201)) {
        expect([
          [422, 'RECEIPT_EXCEEDS_ORDERED'],
          [409, 'INVALID_STATUS_TRANSITION'],
        ]).toContainEqual([r.status, r.body.error.code]);
      }
      expect(accepted.map((r) => r.body.data.receipt_number).sort()).toEqual(['GR-0001', 'GR-0002', 'GR-0003', 'GR-0004', 'GR-0005']);
      expect(await stockOf(t, biz, beans)).toBe('5.000');
      expect((await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data).toMatchObject({ status: 'received' });
      expect((await api(biz).get('/events?type=purchase_order.received').expect(200)).body.data).toHaveLength(1);
      await verified(biz);
    });

    it('an Idempotency-Key makes one receipt, replayed in parallel and after', async () => {
      const { biz, po, beans } = await ordered('Idempotent Receiver', (w) => [{ product_id: w.beans, quantity: 5, unit_cost: 1 }]);
      const body = { items: [{ purchase_order_item_id: po.items[0].id, quantity: 2 }] };
      const key = randomUUID();
      const parallel = await Promise.all(Array.from({ length: 4 }, () => receive(biz, po.id, body, key)));
      const first = parallel.find((r) => r.status === 201)!;
      for (const r of parallel) {
        if (r.status === 201) expect(r.body).toEqual(first.body);
        else expect(r.body.error.code).toBe('IDEMPOTENCY_IN_PROGRESS');
      }
      expect((await receive(biz, po.id, body, key).expect(201)).body).toEqual(first.body);
      expect(await stockOf(t, biz, beans)).toBe('2.000');
      expect(await countRows(t, 'receipts', biz.business_id)).toBe(1);
    });

    it('refusals write nothing and take no number; a cancelled order keeps what it received', async () => {
      const { biz, po, beans, cups } = await ordered('Refusing Receiver', (w) => [{ product_id: w.beans, quantity: 5, unit_cost: 1 }]);
      const stranger = await world('Receiver Stranger');
      const line = po.items[0].id;
      const draft = (
        await api(biz)
          .post('/purchase-orders', { supplier_id: po.supplier_id, items: [{ product_id: cups, quantity: 1, unit_cost: 1 }] })
          .expect(201)
      ).body.data;
      const before = await receiptState(biz);
      const cases: [string, object, number, string][] = [
        [po.id, { items: [{ purchase_order_item_id: line, quantity: 5.001 }] }, 422, 'RECEIPT_EXCEEDS_ORDERED'],
        [
          po.id,
          {
            items: [
              { purchase_order_item_id: line, quantity: 3 },
              { purchase_order_item_id: line, quantity: 3 },
            ],
          },
          422,
          'RECEIPT_EXCEEDS_ORDERED',
        ],
        [po.id, { items: [{ purchase_order_item_id: draft.items[0].id, quantity: 1 }] }, 400, 'VALIDATION_FAILED'],
        [po.id, { warehouse_id: stranger.biz.warehouse_id, items: [{ purchase_order_item_id: line, quantity: 1 }] }, 422, 'UNKNOWN_WAREHOUSE'],
        [po.id, { items: [] }, 400, 'VALIDATION_FAILED'],
        [po.id, { items: [{ purchase_order_item_id: line, quantity: 1, unit_cost: 0.00001 }] }, 400, 'VALIDATION_FAILED'],
        [draft.id, { items: [{ purchase_order_item_id: draft.items[0].id, quantity: 1 }] }, 409, 'INVALID_STATUS_TRANSITION'],
        [randomUUID(), { items: [{ purchase_order_item_id: line, quantity: 1 }] }, 404, 'NOT_FOUND'],
      ];
      for (const [id, body, status, code] of cases) {
        const res = await receive(biz, id, body);
        expect([res.status, res.body.error?.code, JSON.stringify(body)]).toEqual([status, code, JSON.stringify(body)]);
      }
      const detail = await receive(biz, po.id, { items: [{ purchase_order_item_id: line, quantity: 6 }] }).expect(422);
      expect(detail.body.error.details).toEqual([{ purchase_order_item_id: line, ordered: 5, received: 0, requested: 6 }]);
      await receive(stranger.biz, po.id, { items: [{ purchase_order_item_id: line, quantity: 1 }] }).expect(404);
      expect(await receiptState(biz)).toEqual(before);

      await receive(biz, po.id, { items: [{ purchase_order_item_id: line, quantity: 2 }] }).expect(201);
      expect((await api(biz).post(`/purchase-orders/${po.id}/cancel`, {}).expect(200)).body.data).toMatchObject({
        status: 'cancelled',
        items: [{ received_quantity: 2 }],
      });
      expect(await stockOf(t, biz, beans)).toBe('2.000');
      await receive(biz, po.id, { items: [{ purchase_order_item_id: line, quantity: 1 }] }).expect(409);
      await verified(biz);
    });
  });

  describe('supplier payments', () => {
    const submitted = async (name: string, quantity: number, unitCost: number) => {
      const w = await world(name);
      const po = (
        await api(w.biz)
          .post('/purchase-orders', { supplier_id: w.supplier.id, items: [{ product_id: w.beans, quantity, unit_cost: unitCost }] })
          .expect(201)
      ).body.data;
      await api(w.biz).post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
      return { ...w, po };
    };
    const financeOf = (biz: TestBusiness) =>
      t.db.query(
        `SELECT type, category, amount, reference_id, occurred_on::text AS date FROM finance_transactions WHERE business_id = $1 ORDER BY created_at`,
        [biz.business_id],
      );

    it('books each payment as a purchases expense naming the order, up to its total; 422 OVERPAYMENT beyond, writing nothing', async () => {
      const { biz, po } = await submitted('Payer', 4, 2.5);
      const res = await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 6, date: '2026-11-20', method: 'bank_transfer' }).expect(201);
      expect(res.body.data).toEqual({
        id: expect.stringMatching(UUID),
        type: 'expense',
        category: 'purchases',
        amount: 6,
        currency: 'USD',
        description: 'Payment of PO-0001 by bank_transfer',
        date: '2026-11-20',
        sale_id: null,
        invoice_id: null,
        reference_id: po.id,
        created_at: expect.stringMatching(ISO_MS),
      });
      expect((await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data.paid_amount).toBe(6);
      const before = await financeOf(biz);
      const over = await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 4.01 }).expect(422);
      expect(over.body.error).toMatchObject({ code: 'OVERPAYMENT', details: [{ paid_amount: 6, payable: 10, requested: 4.01 }] });
      await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 0 }).expect(400);
      await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 1.001 }).expect(400);
      await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 1, method: 'cheque' }).expect(400);
      expect(await financeOf(biz)).toEqual(before);
      await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 4 }).expect(201);
      expect((await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data.paid_amount).toBe(10);
      const purchases = (await api(biz).get('/finance/transactions?category=purchases').expect(200)).body.data;
      expect(purchases.map((f: { amount: number }) => f.amount).sort()).toEqual([4, 6]);
    });

    it('parallel payments never pay more than the total', async () => {
      const { biz, po } = await submitted('Parallel Payer', 5, 1);
      const results = await Promise.all(Array.from({ length: 12 }, () => api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 1 })));
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      for (const r of results.filter((x) => x.status !== 201)) expect([r.status, r.body.error.code]).toEqual([422, 'OVERPAYMENT']);
      expect((await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data.paid_amount).toBe(5);
      expect((await financeOf(biz)).length).toBe(5);
    });

    it('an Idempotency-Key pays once: 10 concurrent identical payments, a retry replays, another body is 409 (issue 30)', async () => {
      const { biz, po } = await submitted('Idempotent Payer', 10, 10);
      const pay = (body: object) => api(biz).post(`/purchase-orders/${po.id}/payments`, body).set('Idempotency-Key', 'pay-once');
      const body = { amount: 3, method: 'bank_transfer' };
      const parallel = await Promise.all(Array.from({ length: 10 }, () => pay(body)));
      const made = parallel.filter((r) => r.status === 201 && r.headers['idempotent-replayed'] === undefined);
      expect(made).toHaveLength(1);
      for (const r of parallel.filter((x) => x !== made[0])) {
        if (r.status === 201) expect([r.headers['idempotent-replayed'], r.body]).toEqual(['true', made[0].body]);
        else expect([r.status, r.body.error.code]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);
      }
      const retry = await pay(body).expect(201);
      expect([retry.headers['idempotent-replayed'], retry.body]).toEqual(['true', made[0].body]);
      expect((await pay({ amount: 4, method: 'bank_transfer' }).expect(409)).body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data.paid_amount).toBe(3);
      expect(await financeOf(biz)).toEqual([expect.objectContaining({ type: 'expense', category: 'purchases', amount: '3.00', reference_id: po.id })]);
    });

    it('a draft cannot be paid (409); a cancelled order only up to the value received; other businesses get 404', async () => {
      const { biz, po, supplier, beans } = await submitted('Cancelled Payer', 5, 1.255);
      const draft = (
        await api(biz)
          .post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: beans, quantity: 1, unit_cost: 1 }] })
          .expect(201)
      ).body.data;
      await api(biz).post(`/purchase-orders/${draft.id}/payments`, { amount: 1 }).expect(409);
      // 2 x 1.255 = 2.51 received, then cancelled
      await api(biz)
        .post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 2 }] })
        .expect(201);
      await api(biz).post(`/purchase-orders/${po.id}/cancel`, {}).expect(200);
      const over = await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 2.52 }).expect(422);
      expect(over.body.error.details).toEqual([{ paid_amount: 0, payable: 2.51, requested: 2.52 }]);
      await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 2.51 }).expect(201);
      const stranger = await createBusiness(t, 'Payer Stranger');
      await api(stranger).post(`/purchase-orders/${po.id}/payments`, { amount: 1 }).expect(404);
      expect(await financeOf(biz)).toHaveLength(1);
    });

    const cancelledAfter = async (name: string, quantity: number, unitCost: number, receipts: { quantity: number; unit_cost?: number }[]) => {
      const w = await submitted(name, quantity, unitCost);
      for (const r of receipts) {
        await api(w.biz)
          .post(`/purchase-orders/${w.po.id}/receipts`, { items: [{ purchase_order_item_id: w.po.items[0].id, ...r }] })
          .expect(201);
      }
      await api(w.biz).post(`/purchase-orders/${w.po.id}/cancel`, {}).expect(200);
      return w;
    };

    it('a cancelled order received above its total is payable up to its total: 422 OVERPAYMENT beyond, never a 500', async () => {
      // 10 x 1.00 ordered, 9 received at 100 each (900 of goods), cancelled: the payable is min(10, 900)
      const { biz, po } = await cancelledAfter('Dear Receipts', 10, 1, [{ quantity: 9, unit_cost: 100 }]);
      const over = await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 50 }).expect(422);
      expect(over.body.error).toMatchObject({ code: 'OVERPAYMENT', details: [{ paid_amount: 0, payable: 10, requested: 50 }] });
      await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 10 }).expect(201);
      const again = await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 0.01 }).expect(422);
      expect(again.body.error.details).toEqual([{ paid_amount: 10, payable: 10, requested: 0.01 }]);
      expect(await financeOf(biz)).toHaveLength(1);
      expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);
    });

    it('the value received is summed over every receipt line before one rounding', async () => {
      // 10 x 0.005 (total 0.05); six receipts of 1 at 0.005 are worth 0.03, not six lines of 0.01
      const { biz, po } = await cancelledAfter(
        'Fractional Receipts',
        10,
        0.005,
        Array.from({ length: 6 }, () => ({ quantity: 1 })),
      );
      for (const amount of [0.06, 0.07, 0.04]) {
        const over = await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount }).expect(422);
        expect(over.body.error).toMatchObject({ code: 'OVERPAYMENT', details: [{ paid_amount: 0, payable: 0.03, requested: amount }] });
      }
      await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 0.03 }).expect(201);
      expect((await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data.paid_amount).toBe(0.03);
    });

    it('parallel payments of a cancelled order never pay more than its payable, round after round', async () => {
      for (let round = 0; round < 5; round++) {
        // 3 of 5 received at 1.01: payable 3.03, paid in cents-sized steps racing for it
        const { biz, po } = await cancelledAfter(`Racing Cancelled ${round}`, 5, 1.01, [{ quantity: 3 }]);
        await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 2.5 }).expect(201);
        const results = await Promise.all(Array.from({ length: 10 }, () => api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 0.1 })));
        expect(results.filter((r) => r.status === 201)).toHaveLength(5);
        for (const r of results.filter((x) => x.status !== 201)) expect([r.status, r.body.error.code]).toEqual([422, 'OVERPAYMENT']);
        expect((await api(biz).get(`/purchase-orders/${po.id}`).expect(200)).body.data.paid_amount).toBe(3);
        expect((await financeOf(biz)).length).toBe(6);
      }
    });

    it('an order paid before it was cancelled keeps what was paid; nothing more is payable, and verify agrees', async () => {
      const { biz, po } = await submitted('Prepaid', 4, 2.5);
      await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 10 }).expect(201);
      await api(biz)
        .post(`/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 1 }] })
        .expect(201);
      await api(biz).post(`/purchase-orders/${po.id}/cancel`, {}).expect(200);
      const over = await api(biz).post(`/purchase-orders/${po.id}/payments`, { amount: 0.01 }).expect(422);
      expect(over.body.error.details).toEqual([{ paid_amount: 10, payable: 2.5, requested: 0.01 }]);
      expect((await verifyLedgers(t.db, biz.business_id)).drift).toEqual([]);
    });
  });
});
