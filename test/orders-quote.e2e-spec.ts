import { orderStateOf, seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/** What only placing an order gives it: the quote has none of these (docs/api.md 21). */
const PLACED_ONLY = [
  'order_id',
  'order_number',
  'status',
  'payment_status',
  'refunded_amount',
  'loyalty_transaction_id',
  'invoice_id',
  'invoice_number',
  'created_at',
];

/** The quote an order answers for: the order without what placing gives, each line with the stock before it. */
function quoteOf(order: Record<string, any>, available: Record<string, number>, customerExisted: boolean): Record<string, unknown> {
  const quote: Record<string, any> = { ...order };
  for (const key of PLACED_ONLY) delete quote[key];
  if (!customerExisted) quote.customer_id = null;
  quote.items = order.items.map((item: Record<string, unknown>) => {
    const line: Record<string, unknown> = { ...item, available: available[item.product_id as string] };
    delete line.id;
    delete line.returned_quantity;
    return line;
  });
  return quote;
}

describe('POST /orders/quote: the order it would be, by the order code, writing nothing', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let other: TestBusiness;
  let mug: string;
  let tea: string;
  let flour: string;
  let costly: string;
  let backOnly: string;
  let inactive: string;
  let foreign: string;
  let scarce: string;
  let back: string;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t, 'Quote Shop');
    other = await createBusiness(t, 'Other Quote Shop');
    mug = await seedProduct(t, biz, { name: 'Mug', price: '19.99', stock: '1000' });
    tea = await seedProduct(t, biz, { name: 'Tea', price: '4.35', stock: '1000' });
    flour = await seedProduct(t, biz, { name: 'Flour (kg)', price: '1.37', stock: '500.5' });
    costly = await seedProduct(t, biz, { name: 'Costly', price: '9.99', stock: '100' });
    await t.db.query(`UPDATE products SET average_cost = 3.1234 WHERE id = $1`, [costly]);
    [{ id: back }] = await t.db.query(`INSERT INTO warehouses (business_id, name) VALUES ($1, 'Back room') RETURNING id`, [biz.business_id]);
    backOnly = await seedProduct(t, biz, { name: 'Back only', price: '2.50', stock: '40', warehouseId: back });
    await t.db.query(`INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) VALUES ($1, $2, $3, 7)`, [biz.business_id, back, mug]);
    inactive = await seedProduct(t, biz, { isActive: false });
    scarce = await seedProduct(t, biz, { price: '4.00', stock: '2' });
    foreign = await seedProduct(t, other);
    await post('/orders', {
      customer: { name: 'Known', email: 'known@quote.test', phone: '+44 20 7946 0001' },
      items: [{ product_id: tea, quantity: 1 }],
    }).expect(201);
  });
  afterAll(() => t.close());

  const post = (path: string, body: unknown, as: TestBusiness = biz) =>
    t
      .http()
      .post(`/api/v1${path}`)
      .set(as.auth)
      .send(body as object);

  /** The business's rows an order or a quote could write (the activity log and the counters among them). */
  const stateOf = (businessId: string) => orderStateOf(t, businessId);

  const stockIn = async (warehouseId: string, productIds: string[]) => {
    const rows = await t.db.query(`SELECT product_id, quantity FROM stock_levels WHERE business_id = $1 AND warehouse_id = $2 AND product_id = ANY($3)`, [
      biz.business_id,
      warehouseId,
      productIds,
    ]);
    return Object.fromEntries(productIds.map((id) => [id, Number(rows.find((r: { product_id: string }) => r.product_id === id)?.quantity ?? 0)]));
  };

  const bodies: [string, () => Record<string, unknown>, boolean][] = [
    ['one line, nothing else', () => ({ items: [{ product_id: mug, quantity: 1 }] }), false],
    [
      'discounts per line and per order, shipping and tax, card, notes and an invoice',
      () => ({
        items: [
          { product_id: mug, quantity: 3, discount: 4.97 },
          { product_id: tea, quantity: 2, price: 3.99, discount: 0.01 },
        ],
        tax_amount: 7.77,
        shipping_amount: 4.95,
        discount_amount: 12.5,
        payment_method: 'card',
        notes: 'gift wrap',
        send_invoice: true,
      }),
      false,
    ],
    [
      'several lines of one product',
      () => ({
        items: [
          { product_id: tea, quantity: 1 },
          { product_id: mug, quantity: 2 },
          { product_id: tea, quantity: 3, discount: 1 },
          { product_id: tea, quantity: 0.5, price: 5 },
        ],
      }),
      false,
    ],
    [
      'quantities in kg with 3 decimals (half-up line rounding)',
      () => ({
        items: [
          { product_id: flour, quantity: 1.235 },
          { product_id: flour, quantity: 0.005, price: 0.99 },
          { product_id: flour, quantity: 12.345, discount: 0.33 },
        ],
        tax_amount: 1.11,
      }),
      false,
    ],
    [
      'an existing customer, matched by email in another case',
      () => ({ customer: { email: '  KNOWN@Quote.test ' }, items: [{ product_id: mug, quantity: 2 }], shipping_amount: 3 }),
      true,
    ],
    ['an existing customer, matched by phone', () => ({ customer: { phone: '+44 (20) 7946-0001' }, items: [{ product_id: tea, quantity: 7 }] }), true],
    [
      'a new customer (points as the order earns them)',
      () => ({ customer: { name: 'New', email: `new-${Date.now()}@quote.test` }, items: [{ product_id: mug, quantity: 5, discount: 0.45 }] }),
      false,
    ],
    [
      'another warehouse',
      () => ({
        warehouse_id: back,
        items: [
          { product_id: backOnly, quantity: 4 },
          { product_id: mug, quantity: 1 },
        ],
      }),
      false,
    ],
    ['a product with an average cost', () => ({ items: [{ product_id: costly, quantity: 3 }] }), false],
    ['a total of zero', () => ({ items: [{ product_id: tea, quantity: 2 }], discount_amount: 8.7 }), false],
    ['cash given by name', () => ({ items: [{ product_id: mug, quantity: 1 }], payment_method: 'cash', tax_amount: 0 }), false],
  ];

  it.each(bodies)('%s: the quote is the order then placed, field by field, and writes nothing', async (_label, bodyOf, customerExists) => {
    const body = bodyOf();
    const warehouseId = (body.warehouse_id as string | undefined) ?? biz.warehouse_id;
    const productIds = [...new Set((body.items as { product_id: string }[]).map((line) => line.product_id))];
    const before = await stateOf(biz.business_id);
    const available = await stockIn(warehouseId, productIds);

    const quote = await post('/orders/quote', body).expect(200);
    expect(Object.keys(quote.body)).toEqual(['success', 'data']);
    expect(await stateOf(biz.business_id)).toEqual(before);

    const order = await post('/orders', body).expect(201);
    expect(quote.body.data).toEqual(quoteOf(order.body.data, available, customerExists));
    expect(Object.keys(quote.body.data).sort()).toEqual(Object.keys(quoteOf(order.body.data, available, customerExists)).sort());
  });

  it('short stock is no refusal: the line says what is available, and the order then refuses', async () => {
    const body = {
      items: [
        { product_id: scarce, quantity: 1.5 },
        { product_id: scarce, quantity: 1 },
        { product_id: backOnly, quantity: 1 },
      ],
    };
    const before = await stateOf(biz.business_id);
    const quote = await post('/orders/quote', body).expect(200);
    expect(quote.body.data.items.map((i: { available: number }) => i.available)).toEqual([2, 2, 0]);
    expect(quote.body.data.total).toBe(12.5);
    expect(await stateOf(biz.business_id)).toEqual(before);
    const order = await post('/orders', body).expect(422);
    expect(order.body.error.code).toBe('INSUFFICIENT_STOCK');
  });

  const UNKNOWN = '00000000-0000-4000-8000-000000000000';
  const refusals: [string, () => Record<string, unknown>, number, string][] = [
    [
      'another business product',
      () => ({
        items: [
          { product_id: mug, quantity: 1 },
          { product_id: foreign, quantity: 1 },
        ],
      }),
      422,
      'UNKNOWN_PRODUCT',
    ],
    ['an unknown product', () => ({ items: [{ product_id: UNKNOWN, quantity: 1 }] }), 422, 'UNKNOWN_PRODUCT'],
    ['an inactive product', () => ({ items: [{ product_id: inactive, quantity: 1 }] }), 422, 'INACTIVE_PRODUCT'],
    ['an unknown warehouse', () => ({ warehouse_id: UNKNOWN, items: [{ product_id: mug, quantity: 1 }] }), 422, 'UNKNOWN_WAREHOUSE'],
    ['another business warehouse', () => ({ warehouse_id: other.warehouse_id, items: [{ product_id: mug, quantity: 1 }] }), 422, 'UNKNOWN_WAREHOUSE'],
    ['3 decimals of money', () => ({ items: [{ product_id: mug, quantity: 1 }], discount_amount: 19.991 }), 400, 'VALIDATION_FAILED'],
    ['a negative total', () => ({ items: [{ product_id: mug, quantity: 1 }], discount_amount: 20 }), 422, 'NEGATIVE_TOTAL'],
    ['a line discount above the line', () => ({ items: [{ product_id: mug, quantity: 1, discount: 20 }] }), 422, 'NEGATIVE_TOTAL'],
    ['no items', () => ({ items: [] }), 400, 'VALIDATION_FAILED'],
    ['a zero quantity', () => ({ items: [{ product_id: mug, quantity: 0 }] }), 400, 'VALIDATION_FAILED'],
    ['4 decimals of quantity', () => ({ items: [{ product_id: mug, quantity: 1.0005 }] }), 400, 'VALIDATION_FAILED'],
    ['a malformed product id', () => ({ items: [{ product_id: 'nope', quantity: 1 }] }), 400, 'VALIDATION_FAILED'],
    ['an unknown field', () => ({ items: [{ product_id: mug, quantity: 1 }], coupon: 'FREE' }), 400, 'VALIDATION_FAILED'],
    ['an unknown payment method', () => ({ items: [{ product_id: mug, quantity: 1 }], payment_method: 'iou' }), 400, 'VALIDATION_FAILED'],
    ['a customer without email or phone', () => ({ customer: { name: 'Anon' }, items: [{ product_id: mug, quantity: 1 }] }), 400, 'VALIDATION_FAILED'],
    ['a customer of blank email', () => ({ customer: { email: '   ' }, items: [{ product_id: mug, quantity: 1 }] }), 400, 'VALIDATION_FAILED'],
  ];

  it.each(refusals)('%s: refused as POST /orders refuses it, writing nothing', async (_label, bodyOf, status, code) => {
    const body = bodyOf();
    const before = await stateOf(biz.business_id);
    const quote = await post('/orders/quote', body);
    const order = await post('/orders', body);
    expect([quote.status, quote.body.error?.code]).toEqual([status, code]);
    expect(order.status).toBe(status);
    const { request_id: _q, ...quoteError } = quote.body.error;
    const { request_id: _o, ...orderError } = order.body.error;
    expect(quoteError).toEqual(orderError);
    expect(await stateOf(biz.business_id)).toEqual(before);
  });

  it("quotes in its own business only: another business's products are unknown to it", async () => {
    const res = await post('/orders/quote', { items: [{ product_id: mug, quantity: 1 }] }, other).expect(422);
    expect(res.body.error).toMatchObject({ code: 'UNKNOWN_PRODUCT', details: [{ product_id: mug }] });
  });
});
