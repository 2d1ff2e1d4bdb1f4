import { randomUUID } from 'crypto';
import fc from 'fast-check';
import { Decimal } from 'decimal.js';
import { MAX_MONEY, MAX_QUANTITY } from '../src/common/money/money';
import { normalizeEmail, normalizePhone } from '../src/modules/customers/customer-identity';
import { verifyLedgers } from '../src/modules/verify/verify-ledgers';
import { call, errorBodyProblems } from './helpers/route-cases';
import { snapshotBusiness, snapshotDiff } from './helpers/snapshot';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * Issue 6 item 2, property-based: fast-check generates POST /orders bodies, valid and not
 * (quantities with 0-4 decimals, prices and discounts with 0-3 decimals, zero, negative and huge
 * values, missing fields, duplicate, unknown, foreign, inactive and malformed products, stock that
 * is sometimes short). An independent model of docs/api.md 3 and 5 predicts each answer: either
 * 201 with every line total, the subtotal, the total, the points and the stock deduction exactly
 * as the five formulas give them (recomputed with decimal.js), or one of the 4xx the model allows,
 * with nothing of the business written. Seeded and bounded; verify is clean at the end.
 */
const RUNS = 200;
const SEED = 20261122;
/** the largest bigint: points (floor of a total up to MAX_MONEY) and the account figures they add to are int8 */
const MAX_INT8 = new Decimal('9223372036854775807');

interface Catalog {
  /** product id -> price, for the active products of the business */
  prices: Map<string, Decimal>;
  /** stock the run tops these products up to before each order (small: orders run short) */
  topUp: Map<string, number>;
  inactive: string;
  foreign: string;
}

type Line = { product_id?: unknown; quantity?: unknown; price?: unknown; discount?: unknown };
type Body = Record<string, unknown> & { items?: unknown };

const D = (v: number | string) => new Decimal(v);
const cents = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
const places = (v: number) => (String(v).includes('e') ? Infinity : (String(v).split('.')[1] ?? '').length);
const isMoney = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= MAX_MONEY && places(v) <= 2;
const isQuantity = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0 && v <= MAX_QUANTITY && places(v) <= 3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A number with exactly `p` decimals (the last one not 0), written as a client would (shortest JSON number). */
const withPlaces = (maxInt: number, p: number) =>
  fc
    .tuple(fc.integer({ min: 0, max: maxInt }), fc.integer({ min: 0, max: 10 ** Math.max(p - 1, 0) - 1 }), fc.integer({ min: 1, max: 9 }))
    .map(([int, head, last]) => (p === 0 ? int : Number(`${int}.${String(head).padStart(p - 1, '0')}${last}`)));
/** Mostly up to `valid` decimals (each count equally likely), sometimes one decimal too many. */
const decimal = (maxInt: number, valid: number) =>
  fc.oneof(...Array.from({ length: valid + 1 }, (_, p) => ({ weight: 12, arbitrary: withPlaces(maxInt, p) })), {
    weight: 1,
    arbitrary: withPlaces(maxInt, valid + 1),
  });
const rare = <T>(common: fc.Arbitrary<T>, ...odd: unknown[]) => fc.oneof({ weight: 40, arbitrary: common }, { weight: 1, arbitrary: fc.constantFrom(...odd) });

function orderBodies(catalog: Catalog) {
  const known = [...catalog.prices.keys()];
  const productId = fc.oneof(
    { weight: 30, arbitrary: fc.constantFrom(...known) },
    { weight: 1, arbitrary: fc.constantFrom(catalog.inactive, catalog.foreign, 'not-a-uuid') },
    { weight: 1, arbitrary: fc.constant(null).map(() => randomUUID()) },
  );
  // quantities with 0-4 decimals (4 is one too many), zero, negative, past the stock, past the column
  const quantity = rare(decimal(4, 3), 0, -1, -0.5, 1e9, 1e15, '2', null);
  // prices and discounts with 0-3 decimals (3 is one too many), negative, the largest amount and past it
  const money = (maxInt: number) => rare(decimal(maxInt, 2), -1, MAX_MONEY, 1e12, '1.00');
  const line = fc.oneof(
    {
      weight: 20,
      arbitrary: fc.record({ product_id: productId, quantity, price: money(60), discount: money(3) }, { requiredKeys: ['product_id', 'quantity'] }),
    },
    { weight: 1, arbitrary: fc.record({ product_id: productId, quantity, price: money(60) }, { requiredKeys: [] }) },
  ) as fc.Arbitrary<Line>;
  const customer = rare(
    fc.constantFrom({ email: 'fuzz-a@example.com' }, { email: 'FUZZ-B@example.com ', name: 'B' }, { phone: '+1 555 0199' }),
    { name: 'Nameless' },
    {
      email: 'not-an-email',
    },
  );
  return fc.record(
    {
      items: rare(fc.array(line, { minLength: 1, maxLength: 4 }), [], null, 'x', {}),
      customer,
      payment_method: rare(fc.constantFrom('cash', 'card', 'bank_transfer'), 'bitcoin'),
      tax_amount: money(30),
      shipping_amount: money(10),
      discount_amount: money(15),
      send_invoice: fc.boolean(),
      notes: fc.constantFrom('fuzz', "'; DROP TABLE sales; --"),
    },
    { requiredKeys: ['items'] },
  ) as fc.Arbitrary<Body>;
}

interface Expected {
  /** the codes the contract allows for this body; empty: it must be created */
  errors: Set<string>;
  lines?: { productId: string; quantity: Decimal; unitPrice: Decimal; discount: Decimal; total: Decimal }[];
  subtotal?: Decimal;
  total?: Decimal;
}

/** What the order's customer already holds (zeros for a new one): the figures the order adds to. */
interface CustomerState {
  totalSpent: Decimal;
  lifetimeEarned: Decimal;
  balance: Decimal;
}

/** docs/api.md 3 and 5, independently of the service's code. */
function expectedOutcome(body: Body, catalog: Catalog, stock: Map<string, Decimal>, customer: CustomerState): Expected {
  const errors = new Set<string>();
  const items = body.items;
  const validCustomer = (c: any) =>
    c === undefined || (typeof c.email === 'string' ? /^[^@\s]+@[^@\s]+\.[a-z]+$/i.test(c.email.trim()) : typeof c.phone === 'string');
  const validLine = (l: Line) =>
    typeof l.product_id === 'string' &&
    UUID.test(l.product_id) &&
    isQuantity(l.quantity) &&
    (l.price === undefined || isMoney(l.price)) &&
    (l.discount === undefined || isMoney(l.discount));
  if (
    !Array.isArray(items) ||
    items.length === 0 ||
    !items.every(validLine) ||
    !['tax_amount', 'shipping_amount', 'discount_amount'].every((k) => body[k] === undefined || isMoney(body[k])) ||
    !(body.payment_method === undefined || ['cash', 'card', 'bank_transfer'].includes(body.payment_method as string)) ||
    !validCustomer(body.customer)
  ) {
    return { errors: new Set(['VALIDATION_FAILED']) };
  }
  const lines = (items as Line[]).map((l) => {
    const productId = l.product_id as string;
    if (productId === catalog.inactive) errors.add('INACTIVE_PRODUCT');
    else if (!catalog.prices.has(productId)) errors.add('UNKNOWN_PRODUCT');
    const quantity = D(l.quantity as number);
    const unitPrice = l.price !== undefined ? D(l.price as number) : (catalog.prices.get(productId) ?? D(0));
    const discount = D((l.discount as number) ?? 0);
    const amount = quantity.times(unitPrice);
    if (discount.greaterThan(amount)) errors.add('NEGATIVE_TOTAL');
    return { productId, quantity, unitPrice, discount, total: cents(amount.minus(discount)) };
  });
  if (errors.has('UNKNOWN_PRODUCT') || errors.has('INACTIVE_PRODUCT')) return { errors };
  const subtotal = lines.reduce((s, l) => s.plus(l.total), D(0));
  const total = subtotal
    .plus(D((body.tax_amount as number) ?? 0))
    .plus(D((body.shipping_amount as number) ?? 0))
    .minus(D((body.discount_amount as number) ?? 0));
  if (total.isNegative()) errors.add('NEGATIVE_TOTAL');
  const wanted = new Map<string, Decimal>();
  for (const l of lines) wanted.set(l.productId, (wanted.get(l.productId) ?? D(0)).plus(l.quantity));
  for (const [id, q] of wanted) if (q.greaterThan(stock.get(id) ?? D(0))) errors.add('INSUFFICIENT_STOCK');
  // a figure past numeric(14,2), or points past a 64-bit integer, cannot be stored: the database refuses the value
  const points = body.customer ? total.floor() : D(0);
  const tooBig =
    [...lines.map((l) => l.total), subtotal, total, customer.totalSpent.plus(total)].some((v) => v.abs().greaterThan(MAX_MONEY)) ||
    customer.lifetimeEarned.plus(points).greaterThan(MAX_INT8) ||
    customer.balance.plus(points).greaterThan(MAX_INT8);
  if (tooBig && !total.isNegative()) errors.add('VALIDATION_FAILED');
  return { errors, lines, subtotal, total };
}

describe('orders, property-based: random bodies are either priced exactly or refused without a write', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let catalog: Catalog;
  const tally = { created: 0, refused: new Map<string, number>() };

  const post = async (path: string, body: unknown) => {
    const res = await call(t, biz.auth, 'POST', path, { body });
    if (res.status !== 201) throw new Error(`fixture ${path}: ${res.status} ${res.text}`);
    return res.body.data;
  };

  beforeAll(async () => {
    t = await startTestApp({ webhookDispatcher: false });
    biz = await createBusiness(t, 'Fuzz');
    const other = await createBusiness(t, 'Elsewhere');
    const product = async (price: number, stock: number) => {
      const p = await post('/products', { name: `Fuzz ${price}`, price });
      if (stock > 0) await post('/stock/adjustments', { product_id: p.id, quantity: stock, reason: 'restock' });
      return p.id as string;
    };
    const plenty = await product(12.34, 1_000_000);
    const cheap = await product(0.99, 20);
    const dear = await product(1999.99, 3);
    const free = await product(0, 100);
    const inactive = await product(5, 10);
    await call(t, biz.auth, 'DELETE', `/products/${inactive}`);
    const foreign = (await call(t, other.auth, 'POST', '/products', { body: { name: 'Not yours', price: 1 } })).body.data.id;
    catalog = {
      prices: new Map([
        [plenty, D('12.34')],
        [cheap, D('0.99')],
        [dear, D('1999.99')],
        [free, D(0)],
      ]),
      topUp: new Map([
        [cheap, 20],
        [dear, 3],
        [free, 100],
      ]),
      inactive,
      foreign,
    };
  }, 60_000);
  afterAll(() => t.close());

  async function stockLevels(): Promise<Map<string, Decimal>> {
    const rows = await t.db.query(`SELECT product_id, quantity FROM stock_levels WHERE business_id = $1 AND warehouse_id = $2`, [
      biz.business_id,
      biz.warehouse_id,
    ]);
    return new Map(rows.map((r: { product_id: string; quantity: string }) => [r.product_id, D(r.quantity)]));
  }

  async function customerState(c: any): Promise<CustomerState> {
    const email = typeof c?.email === 'string' ? normalizeEmail(c.email) : null;
    const phone = typeof c?.phone === 'string' ? normalizePhone(c.phone) : null;
    const [row] = await t.db.query(
      `SELECT c.total_spent::text AS spent, coalesce(l.lifetime_earned, 0)::text AS earned, coalesce(l.balance, 0)::text AS balance
         FROM customers c LEFT JOIN loyalty_accounts l ON l.business_id = c.business_id AND l.customer_id = c.id
        WHERE c.business_id = $1 AND (c.email_normalized = $2 OR ($2::text IS NULL AND c.phone_normalized = $3))`,
      [biz.business_id, email, phone],
    );
    return { totalSpent: D(row?.spent ?? 0), lifetimeEarned: D(row?.earned ?? 0), balance: D(row?.balance ?? 0) };
  }

  /** Brings the short-stocked products back to their level through the API (the ledger stays whole). */
  async function topUp(): Promise<void> {
    const levels = await stockLevels();
    for (const [id, level] of catalog.topUp) {
      const missing = D(level).minus(levels.get(id) ?? D(0));
      if (missing.greaterThan(0)) await post('/stock/adjustments', { product_id: id, quantity: missing.toNumber(), reason: 'restock' });
    }
  }

  it(`${RUNS} seeded runs`, async () => {
    await fc.assert(
      fc.asyncProperty(orderBodies(catalog), async (body) => {
        await topUp();
        const stockBefore = await stockLevels();
        const expected = expectedOutcome(body, catalog, stockBefore, await customerState(body.customer));
        const before = await snapshotBusiness(t.db, biz.business_id);
        const res = await call(t, biz.auth, 'POST', '/orders', { body });
        const context = `${JSON.stringify(body)} -> ${res.status} ${res.text.slice(0, 400)}`;
        if (res.status !== 201) {
          tally.refused.set(res.body?.error?.code, (tally.refused.get(res.body?.error?.code) ?? 0) + 1);
          expect([context, res.status < 500, errorBodyProblems(res)]).toEqual([context, true, []]);
          expect([context, expected.errors.has(res.body.error.code)]).toEqual([context, true]);
          expect([context, snapshotDiff(before, await snapshotBusiness(t.db, biz.business_id))]).toEqual([context, {}]);
          return;
        }
        tally.created++;
        expect([context, [...expected.errors]]).toEqual([context, []]);
        await checkCreated(res.body.data, body, expected, stockBefore, context);
      }),
      { numRuns: RUNS, seed: SEED, endOnFailure: true },
    );
    process.stderr.write(`order fuzz: ${tally.created} created, refused ${JSON.stringify(Object.fromEntries(tally.refused))}\n`);
    expect(tally.created).toBeGreaterThan(RUNS / 5);
    expect(tally.refused.size).toBeGreaterThanOrEqual(4);
    expect(await verifyLedgers(t.db, biz.business_id)).toMatchObject({ ok: true, drift: [] });
  }, 180_000);

  async function checkCreated(order: any, body: Body, expected: Expected, stockBefore: Map<string, Decimal>, context: string): Promise<void> {
    const money = (v: number) => D(v).toFixed(2);
    const got = {
      lines: order.items.map((i: any) => [i.product_id, D(i.quantity).toString(), money(i.unit_price), money(i.discount), money(i.total)]),
      subtotal: money(order.subtotal),
      total: money(order.total),
      points: order.loyalty_points_earned,
      invoice: order.invoice_id !== undefined && order.invoice_id !== null,
    };
    const total = expected.total!;
    const want = {
      lines: expected.lines!.map((l) => [l.productId, l.quantity.toString(), l.unitPrice.toFixed(2), l.discount.toFixed(2), l.total.toFixed(2)]),
      subtotal: expected.subtotal!.toFixed(2),
      total: total.toFixed(2),
      points: body.customer ? total.floor().toNumber() : 0,
      invoice: body.send_invoice === true,
    };
    expect([context, got]).toEqual([context, want]);
    expect([context, order.loyalty_transaction_id === null]).toEqual([context, want.points === 0]);

    const stockAfter = await stockLevels();
    const sold = new Map<string, Decimal>();
    for (const l of expected.lines!) sold.set(l.productId, (sold.get(l.productId) ?? D(0)).plus(l.quantity));
    const deltas = [...sold].map(([id, q]) => [id, stockBefore.get(id)!.minus(stockAfter.get(id)!).toString(), q.toString()]);
    expect([context, deltas]).toEqual([context, [...sold].map(([id, q]) => [id, q.toString(), q.toString()])]);

    const [row] = await t.db.query(
      `SELECT (SELECT count(*)::int FROM sale_items WHERE sale_id = $1) AS items,
              (SELECT count(*)::int FROM stock_movements WHERE sale_id = $1 AND type = 'sale') AS movements,
              (SELECT amount::text FROM finance_transactions WHERE sale_id = $1 AND type = 'income') AS income`,
      [order.order_id],
    );
    expect([context, row]).toEqual([context, { items: expected.lines!.length, movements: expected.lines!.length, income: total.toFixed(2) }]);
  }
});
