import { orderStateOf, saleCompletedItem, seedProduct, stockOf } from './helpers/orders-fixtures';
import { createBusiness, ISO_MS, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /orders: the one-call sale', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  const post = (biz: TestBusiness, body: unknown) =>
    t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send(body as object);

  it('creates the whole sale: response field by field and every row in the database', async () => {
    const biz = await createBusiness(t, 'Full Order Shop', { timezone: 'America/New_York' });
    const mug = await seedProduct(t, biz, { name: 'Mug', sku: 'MUG-1', price: '19.99', stock: '10' });
    const tea = await seedProduct(t, biz, { name: 'Tea', sku: 'TEA-1', price: '50.00', stock: '5.5' });
    const cake = await seedProduct(t, biz, { name: 'Cake', sku: 'CAKE-1', price: '5.25', stock: '3' });

    const res = await post(biz, {
      customer: { name: 'Ada Lovelace', email: '  Ada@Example.com ', phone: '+1 (555) 010-0200' },
      items: [
        { product_id: mug, quantity: 2 },
        { product_id: tea, quantity: 1.5, price: 45.5 },
        { product_id: cake, quantity: 3, discount: 1.75 },
      ],
      payment_method: 'card',
      tax_amount: 8.12,
      shipping_amount: 4.99,
      discount_amount: 10,
      send_invoice: true,
      notes: 'leave at the door',
    }).expect(201);

    // 2 x 19.99 = 39.98 ; 1.5 x 45.50 = 68.25 ; 3 x 5.25 - 1.75 = 14.00 ; subtotal 122.23
    // total = 122.23 + 8.12 + 4.99 - 10 = 125.34 ; points 125
    const order = res.body.data;
    expect(res.body.success).toBe(true);
    expect(Object.keys(res.body)).toEqual(['success', 'data']);
    expect(order).toEqual({
      order_id: expect.stringMatching(UUID),
      order_number: 'S-0001',
      status: 'completed',
      payment_status: 'paid',
      payment_method: 'card',
      customer_id: expect.stringMatching(UUID),
      subtotal: 122.23,
      tax_amount: 8.12,
      tax_lines: [],
      tax_included: false,
      shipping_amount: 4.99,
      discount_amount: 10,
      total: 125.34,
      refunded_amount: 0,
      cash_tendered: null,
      change_due: null,
      currency: 'USD',
      loyalty_points_earned: 125,
      loyalty_transaction_id: expect.stringMatching(UUID),
      invoice_id: expect.stringMatching(UUID),
      invoice_number: 'INV-0001',
      warehouse_id: biz.warehouse_id,
      notes: 'leave at the door',
      items: [
        {
          id: expect.stringMatching(UUID),
          product_id: mug,
          product_name: 'Mug',
          sku: 'MUG-1',
          quantity: 2,
          unit_price: 19.99,
          discount: 0,
          total: 39.98,
          returned_quantity: 0,
          unit_cost: 0,
          cost_total: 0,
        },
        {
          id: expect.stringMatching(UUID),
          product_id: tea,
          product_name: 'Tea',
          sku: 'TEA-1',
          quantity: 1.5,
          unit_price: 45.5,
          discount: 0,
          total: 68.25,
          returned_quantity: 0,
          unit_cost: 0,
          cost_total: 0,
        },
        {
          id: expect.stringMatching(UUID),
          product_id: cake,
          product_name: 'Cake',
          sku: 'CAKE-1',
          quantity: 3,
          unit_price: 5.25,
          discount: 1.75,
          total: 14,
          returned_quantity: 0,
          unit_cost: 0,
          cost_total: 0,
        },
      ],
      created_by: { type: 'key', id: biz.key_id, name: 'Owner key' },
      created_at: expect.stringMatching(ISO_MS),
    });
    const bid = biz.business_id;
    const db = (sql: string, params: unknown[] = [bid]) => t.db.query(sql, params);

    const [sale] = await db(`SELECT * FROM sales WHERE business_id = $1`);
    expect(sale).toMatchObject({
      id: order.order_id,
      number: '1',
      sale_number: 'S-0001',
      customer_id: order.customer_id,
      warehouse_id: biz.warehouse_id,
      status: 'completed',
      payment_status: 'paid',
      payment_method: 'card',
      currency: 'USD',
      subtotal: '122.23',
      tax_amount: '8.12',
      shipping_amount: '4.99',
      discount_amount: '10.00',
      total: '125.34',
      loyalty_points_earned: '125',
      loyalty_transaction_id: order.loyalty_transaction_id,
      notes: 'leave at the door',
    });
    expect(sale.created_at.toISOString()).toBe(order.created_at);

    expect(
      await db(`SELECT line_no, product_id, product_name, sku, quantity, unit_price, discount, total FROM sale_items WHERE business_id = $1 ORDER BY line_no`),
    ).toEqual([
      { line_no: 1, product_id: mug, product_name: 'Mug', sku: 'MUG-1', quantity: '2.000', unit_price: '19.99', discount: '0.00', total: '39.98' },
      { line_no: 2, product_id: tea, product_name: 'Tea', sku: 'TEA-1', quantity: '1.500', unit_price: '45.50', discount: '0.00', total: '68.25' },
      { line_no: 3, product_id: cake, product_name: 'Cake', sku: 'CAKE-1', quantity: '3.000', unit_price: '5.25', discount: '1.75', total: '14.00' },
    ]);

    const movements = await db(
      `SELECT product_id, warehouse_id, type, quantity, quantity_after, sale_id FROM stock_movements WHERE business_id = $1 ORDER BY quantity_after`,
    );
    expect(movements).toEqual(
      expect.arrayContaining([
        { product_id: mug, warehouse_id: biz.warehouse_id, type: 'sale', quantity: '-2.000', quantity_after: '8.000', sale_id: order.order_id },
        { product_id: tea, warehouse_id: biz.warehouse_id, type: 'sale', quantity: '-1.500', quantity_after: '4.000', sale_id: order.order_id },
        { product_id: cake, warehouse_id: biz.warehouse_id, type: 'sale', quantity: '-3.000', quantity_after: '0.000', sale_id: order.order_id },
      ]),
    );
    expect(movements).toHaveLength(3);
    expect([await stockOf(t, biz, mug), await stockOf(t, biz, tea), await stockOf(t, biz, cake)]).toEqual(['8.000', '4.000', '0.000']);

    const [customer] = await db(`SELECT * FROM customers WHERE business_id = $1`);
    expect(customer).toMatchObject({
      id: order.customer_id,
      name: 'Ada Lovelace',
      email: 'Ada@Example.com',
      email_normalized: 'ada@example.com',
      phone: '+1 (555) 010-0200',
      phone_normalized: '+15550100200',
      total_spent: '125.34',
      total_orders: 1,
    });
    expect(customer.last_purchase_date).toBeInstanceOf(Date);

    expect(await db(`SELECT id, customer_id, type, points, sale_id, description FROM loyalty_transactions WHERE business_id = $1`)).toEqual([
      {
        id: order.loyalty_transaction_id,
        customer_id: order.customer_id,
        type: 'earn',
        points: '125',
        sale_id: order.order_id,
        description: 'Points earned on order S-0001',
      },
    ]);
    expect(await db(`SELECT customer_id, balance, lifetime_earned, lifetime_redeemed FROM loyalty_accounts WHERE business_id = $1`)).toEqual([
      { customer_id: order.customer_id, balance: '125', lifetime_earned: '125', lifetime_redeemed: '0' },
    ]);

    // "today" in New York, where the business is
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(order.created_at));
    const [invoice] = await db(
      `SELECT id, number, invoice_number, customer_id, sale_id, status, currency, subtotal, tax_amount, total,
              to_char(due_date, 'YYYY-MM-DD') AS due_date, to_char(paid_date, 'YYYY-MM-DD') AS paid_date FROM invoices WHERE business_id = $1`,
    );
    expect(invoice).toEqual({
      id: order.invoice_id,
      number: '1',
      invoice_number: 'INV-0001',
      customer_id: order.customer_id,
      sale_id: order.order_id,
      status: 'paid',
      currency: 'USD',
      subtotal: '122.23',
      tax_amount: '8.12',
      total: '125.34',
      due_date: today,
      paid_date: today,
    });
    expect(
      await db(`SELECT invoice_id, line_no, product_id, product_name, quantity, unit_price, total FROM invoice_items WHERE business_id = $1 ORDER BY line_no`),
    ).toEqual([
      { invoice_id: order.invoice_id, line_no: 1, product_id: mug, product_name: 'Mug', quantity: '2.000', unit_price: '19.99', total: '39.98' },
      { invoice_id: order.invoice_id, line_no: 2, product_id: tea, product_name: 'Tea', quantity: '1.500', unit_price: '45.50', total: '68.25' },
      { invoice_id: order.invoice_id, line_no: 3, product_id: cake, product_name: 'Cake', quantity: '3.000', unit_price: '5.25', total: '14.00' },
    ]);

    expect(
      await db(
        `SELECT type, category, amount, description, sale_id, invoice_id, to_char(occurred_on, 'YYYY-MM-DD') AS occurred_on FROM finance_transactions WHERE business_id = $1`,
      ),
    ).toEqual([
      {
        type: 'income',
        category: 'sales',
        amount: '125.34',
        description: 'Order S-0001',
        sale_id: order.order_id,
        invoice_id: order.invoice_id,
        occurred_on: today,
      },
    ]);

    const events = await db(`SELECT type, data FROM outbox_events WHERE business_id = $1 ORDER BY seq`);
    expect(events.map((e: { type: string }) => e.type)).toEqual(['customer.created', 'stock.out', 'sale.completed']);
    expect(events[0].data).toEqual({ customer_id: order.customer_id, name: 'Ada Lovelace', email: 'Ada@Example.com', phone: '+1 (555) 010-0200' });
    expect(events[2].data).toEqual({
      sale_id: order.order_id,
      sale_number: 'S-0001',
      total: 125.34,
      customer_id: order.customer_id,
      items: order.items.map(saleCompletedItem),
    });

    const counters = await db(`SELECT name, value FROM business_counters WHERE business_id = $1 ORDER BY name`);
    expect(counters).toEqual([
      { name: 'credit_note', value: '0' },
      { name: 'invoice', value: '1' },
      { name: 'purchase_order', value: '0' },
      { name: 'receipt', value: '0' },
      { name: 'return', value: '0' },
      { name: 'sale', value: '1' },
      { name: 'sku', value: '0' },
      { name: 'stock_count', value: '0' },
      { name: 'transfer', value: '0' },
    ]);
  });

  it('reuses the customer for the same email in another case, and for the same phone without email', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '10.00' });
    const first = await post(biz, {
      customer: { name: 'Grace', email: 'grace@navy.mil', phone: '+1 555 0101' },
      items: [{ product_id: product, quantity: 1 }],
    }).expect(201);
    const byEmail = await post(biz, { customer: { email: ' GRACE@Navy.MIL' }, items: [{ product_id: product, quantity: 2 }] }).expect(201);
    const byPhone = await post(biz, { customer: { phone: '+1 (555) 01-01' }, items: [{ product_id: product, quantity: 3 }] }).expect(201);
    const customerId = first.body.data.customer_id;
    expect(byEmail.body.data.customer_id).toBe(customerId);
    expect(byPhone.body.data.customer_id).toBe(customerId);
    expect([first, byEmail, byPhone].map((r) => r.body.data.order_number)).toEqual(['S-0001', 'S-0002', 'S-0003']);
    const customers = await t.db.query(`SELECT id, name, email, total_spent, total_orders FROM customers WHERE business_id = $1`, [biz.business_id]);
    expect(customers).toEqual([{ id: customerId, name: 'Grace', email: 'grace@navy.mil', total_spent: '60.00', total_orders: 3 }]);
    const [account] = await t.db.query(`SELECT balance, lifetime_earned FROM loyalty_accounts WHERE business_id = $1`, [biz.business_id]);
    expect(account).toEqual({ balance: '60', lifetime_earned: '60' });
    const created = await t.db.query(`SELECT count(*)::int AS n FROM outbox_events WHERE business_id = $1 AND type = 'customer.created'`, [biz.business_id]);
    expect(created[0].n).toBe(1);
  });

  it('matches the email first, then the phone; a new email and a new phone make a new customer', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz);
    const a = await post(biz, { customer: { email: 'a@shop.test', phone: '111 111' }, items: [{ product_id: product, quantity: 1 }] }).expect(201);
    const b = await post(biz, { customer: { email: 'b@shop.test', phone: '222 222' }, items: [{ product_id: product, quantity: 1 }] }).expect(201);
    // email of A wins over phone of B
    const ab = await post(biz, { customer: { email: 'A@shop.test', phone: '222-222' }, items: [{ product_id: product, quantity: 1 }] }).expect(201);
    // unknown email, phone of B
    const cb = await post(biz, { customer: { email: 'c@shop.test', phone: '222222' }, items: [{ product_id: product, quantity: 1 }] }).expect(201);
    expect(ab.body.data.customer_id).toBe(a.body.data.customer_id);
    expect(cb.body.data.customer_id).toBe(b.body.data.customer_id);
    const n = await t.db.query(`SELECT count(*)::int AS n FROM customers WHERE business_id = $1`, [biz.business_id]);
    expect(n[0].n).toBe(2);
  });

  it('sells without a customer: no customer, no points, no loyalty transaction; default payment cash; no invoice', async () => {
    const biz = await createBusiness(t);
    const product = await seedProduct(t, biz, { price: '99.99' });
    const res = await post(biz, { items: [{ product_id: product, quantity: 1 }] }).expect(201);
    expect(res.body.data).toMatchObject({
      customer_id: null,
      payment_method: 'cash',
      total: 99.99,
      loyalty_points_earned: 0,
      loyalty_transaction_id: null,
      invoice_id: null,
      invoice_number: null,
      notes: null,
    });
    const state = await orderStateOf(t, biz.business_id);
    expect(state.counts).toMatchObject({ customers: 0, loyalty_transactions: 0, loyalty_accounts: 0, invoices: 0, sales: 1, finance_transactions: 1 });
  });

  it('is exact with money: 3 x 0.10 plus 0.20 tax is 0.50; 99.99 earns 99 points', async () => {
    const biz = await createBusiness(t);
    const dime = await seedProduct(t, biz, { price: '0.10' });
    const pricey = await seedProduct(t, biz, { price: '99.99' });
    const small = await post(biz, { customer: { email: 'cents@shop.test' }, items: [{ product_id: dime, quantity: 3 }], tax_amount: 0.2 }).expect(201);
    expect(small.body.data).toMatchObject({ subtotal: 0.3, tax_amount: 0.2, total: 0.5, loyalty_points_earned: 0, loyalty_transaction_id: null });
    const [sale] = await t.db.query(`SELECT subtotal, total FROM sales WHERE id = $1`, [small.body.data.order_id]);
    expect(sale).toEqual({ subtotal: '0.30', total: '0.50' });
    const big = await post(biz, { customer: { email: 'cents@shop.test' }, items: [{ product_id: pricey, quantity: 1 }] }).expect(201);
    expect(big.body.data).toMatchObject({ total: 99.99, loyalty_points_earned: 99 });
    const [customer] = await t.db.query(`SELECT total_spent FROM customers WHERE business_id = $1`, [biz.business_id]);
    expect(customer.total_spent).toBe('100.49');
    const [account] = await t.db.query(`SELECT balance FROM loyalty_accounts WHERE business_id = $1`, [biz.business_id]);
    expect(account.balance).toBe('99');
  });

  it('deducts from the requested warehouse and checks the same product on two lines on their sum', async () => {
    const biz = await createBusiness(t);
    const [{ id: second }] = await t.db.query(`INSERT INTO warehouses (business_id, name) VALUES ($1, 'Back') RETURNING id`, [biz.business_id]);
    const product = await seedProduct(t, biz, { stock: '3' });
    await t.db.query(`INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) VALUES ($1, $2, $3, 5)`, [biz.business_id, second, product]);
    const res = await post(biz, {
      warehouse_id: second,
      items: [
        { product_id: product, quantity: 2 },
        { product_id: product, quantity: 3 },
      ],
    }).expect(201);
    expect(res.body.data.warehouse_id).toBe(second);
    expect(await stockOf(t, biz, product, second)).toBe('0.000');
    expect(await stockOf(t, biz, product)).toBe('3.000');
    const short = await post(biz, {
      items: [
        { product_id: product, quantity: 2 },
        { product_id: product, quantity: 2 },
      ],
    }).expect(422);
    expect(short.body.error.code).toBe('INSUFFICIENT_STOCK');
    expect(short.body.error.details).toEqual([{ product_id: product, warehouse_id: biz.warehouse_id, requested: 4, available: 3 }]);
  });
});

describe('POST /orders: a rejected order writes nothing', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;
  let active: string;
  let inactive: string;
  let foreign: string;
  let scarce: string;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Rejections');
    other = await createBusiness(t, 'Other Shop');
    active = await seedProduct(t, biz, { price: '10.00', stock: '50' });
    inactive = await seedProduct(t, biz, { isActive: false });
    scarce = await seedProduct(t, biz, { price: '4.00', stock: '2' });
    foreign = await seedProduct(t, other);
    // one good order first, so the counters and the customer are not at their initial values
    await t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send({ customer: { email: 'known@shop.test' }, items: [{ product_id: active, quantity: 1 }], send_invoice: true })
      .expect(201);
  });
  afterAll(() => t.close());

  const newCustomer = { name: 'Nobody', email: 'new-customer@shop.test', phone: '+44 20 0000 0000' };
  const UNKNOWN_WAREHOUSE = '00000000-0000-4000-8000-000000000000';

  it.each([
    [
      'another business product',
      () => ({
        customer: newCustomer,
        items: [
          { product_id: active, quantity: 1 },
          { product_id: foreign, quantity: 1 },
        ],
      }),
      422,
      'UNKNOWN_PRODUCT',
      () => [{ product_id: foreign }],
    ],
    [
      'an inactive product',
      () => ({ customer: newCustomer, items: [{ product_id: inactive, quantity: 1 }] }),
      422,
      'INACTIVE_PRODUCT',
      () => [{ product_id: inactive }],
    ],
    [
      'insufficient stock',
      () => ({
        customer: newCustomer,
        send_invoice: true,
        items: [
          { product_id: active, quantity: 1 },
          { product_id: scarce, quantity: 3 },
        ],
      }),
      422,
      'INSUFFICIENT_STOCK',
      () => [{ product_id: scarce, warehouse_id: biz.warehouse_id, requested: 3, available: 2 }],
    ],
    [
      'a negative total',
      () => ({ customer: newCustomer, items: [{ product_id: active, quantity: 1 }], discount_amount: 10.01 }),
      422,
      'NEGATIVE_TOTAL',
      undefined,
    ],
    [
      'a line discount above the line',
      () => ({ customer: newCustomer, items: [{ product_id: active, quantity: 1, discount: 10.01 }] }),
      422,
      'NEGATIVE_TOTAL',
      undefined,
    ],
    [
      'an unknown warehouse',
      () => ({ customer: newCustomer, warehouse_id: UNKNOWN_WAREHOUSE, items: [{ product_id: active, quantity: 1 }] }),
      422,
      'UNKNOWN_WAREHOUSE',
      () => [{ warehouse_id: UNKNOWN_WAREHOUSE }],
    ],
    [
      'another business warehouse',
      () => ({ customer: newCustomer, warehouse_id: other.warehouse_id, items: [{ product_id: active, quantity: 1 }] }),
      422,
      'UNKNOWN_WAREHOUSE',
      () => [{ warehouse_id: other.warehouse_id }],
    ],
    [
      'no items',
      () => ({ customer: newCustomer, items: [] }),
      400,
      'VALIDATION_FAILED',
      () => [{ field: 'items', message: 'items must contain at least one line' }],
    ],
    [
      'a zero quantity',
      () => ({ items: [{ product_id: active, quantity: 0 }] }),
      400,
      'VALIDATION_FAILED',
      () => [{ field: 'items[0].quantity', message: 'quantity must be a number above 0 with at most 3 decimals' }],
    ],
    [
      'a malformed product id',
      () => ({ items: [{ product_id: 'nope', quantity: 1 }] }),
      400,
      'VALIDATION_FAILED',
      () => [{ field: 'items[0].product_id', message: 'product_id must be a UUID' }],
    ],
    [
      'an unknown field',
      () => ({ items: [{ product_id: active, quantity: 1 }], coupon: 'X' }),
      400,
      'VALIDATION_FAILED',
      () => [{ field: 'coupon', message: 'is not an allowed field' }],
    ],
    ['negative tax', () => ({ items: [{ product_id: active, quantity: 1 }], tax_amount: -1 }), 400, 'VALIDATION_FAILED', undefined],
    ['three decimals of money', () => ({ items: [{ product_id: active, quantity: 1, price: 1.001 }] }), 400, 'VALIDATION_FAILED', undefined],
    ['an unknown payment method', () => ({ items: [{ product_id: active, quantity: 1 }], payment_method: 'bitcoin' }), 400, 'VALIDATION_FAILED', undefined],
    [
      'a customer without email or phone',
      () => ({ customer: { name: 'Anon' }, items: [{ product_id: active, quantity: 1 }] }),
      400,
      'VALIDATION_FAILED',
      undefined,
    ],
    [
      'a malformed customer email',
      () => ({ customer: { email: 'not-an-email' }, items: [{ product_id: active, quantity: 1 }] }),
      400,
      'VALIDATION_FAILED',
      () => [{ field: 'customer.email', message: 'email must be an email address (a customer needs an email or a phone)' }],
    ],
  ])('%s', async (_label, body, status, code, details) => {
    const before = await orderStateOf(t, biz.business_id);
    const otherBefore = await orderStateOf(t, other.business_id);
    const res = await t.http().post('/api/v1/orders').set(biz.auth).send(body()).expect(status);
    expect(res.body.success).toBe(false);
    expect(res.body.error.code).toBe(code);
    if (details) expect(res.body.error.details).toEqual(details());
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
    expect(await orderStateOf(t, other.business_id)).toEqual(otherBefore);
  });

  it('malformed JSON -> 400 and nothing written', async () => {
    const before = await orderStateOf(t, biz.business_id);
    const res = await t.http().post('/api/v1/orders').set(biz.auth).set('Content-Type', 'application/json').send('{"items": [').expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
  });

  it('the next good order takes the next numbers: nothing was consumed', async () => {
    const res = await t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send({ items: [{ product_id: active, quantity: 1 }], send_invoice: true })
      .expect(201);
    expect(res.body.data.order_number).toBe('S-0002');
    expect(res.body.data.invoice_number).toBe('INV-0002');
  });
});
