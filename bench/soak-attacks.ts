/*
 * The red team's attacks (issue 30), run by the soak (bench/soak.ts) beside its mixed traffic, on a
 * business of their own so the mixed traffic's invariants stay exact:
 *   - scenario workers replay each attack and check its outcome on the spot (one effect per
 *     Idempotency-Key under concurrency, a committed outcome never replaced by a rolled-back one,
 *     OVERPAYMENT on a cancelled purchase order, refunds that reach the order's total, racing returns
 *     that never return more than was sold, upper-case ids in bodies, STOCK_LIMIT at the top level);
 *   - one client sends ~1 MB bodies of huge arrays, unknown keys and deep nesting, one after another;
 *   - a probe asks GET /health every 20 ms and keeps its latencies.
 * A 5xx or a request without an answer is an error; a wrong outcome is a violation.
 */
import { randomUUID } from 'crypto';
import { percentile } from './bench-support';

export interface AttackBusiness {
  apiKey: string;
  warehouseId: string;
}

export interface AttackReport {
  requests: number;
  /** `scenario status[ code]` -> count */
  statuses: Map<string, number>;
  errors: string[];
  violations: string[];
  scenarios: Map<string, number>;
  hostile: { sent: number; statuses: Map<string, number>; largestAnswerBytes: number };
  healthMs: { count: number; p50: number; p99: number; max: number };
}

interface Answer {
  status: number;
  code?: string;
  data: any;
  details?: any[];
  replayed: boolean;
}

const STOCK_LIMIT = '99999999999.999';

class Client {
  constructor(
    private readonly base: string,
    private readonly apiKey: string,
    private readonly report: AttackReport,
  ) {}

  async call(label: string, method: string, path: string, body?: unknown, key?: string): Promise<Answer> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.apiKey}` };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (key) headers['idempotency-key'] = key;
    this.report.requests++;
    try {
      const res = await fetch(`${this.base}/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      const json = text ? JSON.parse(text) : {};
      const answer: Answer = {
        status: res.status,
        code: json?.error?.code,
        data: json?.data,
        details: json?.error?.details,
        replayed: res.headers.get('idempotent-replayed') === 'true',
      };
      const tally = `${label} ${res.status}${answer.code ? ` ${answer.code}` : ''}`;
      this.report.statuses.set(tally, (this.report.statuses.get(tally) ?? 0) + 1);
      if (res.status >= 500) this.report.errors.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
      return answer;
    } catch (err) {
      this.report.errors.push(`${label}: no answer (${(err as Error).message})`);
      return { status: 0, data: undefined, replayed: false };
    }
  }

  async ok(label: string, method: string, path: string, body?: unknown): Promise<any> {
    const answer = await this.call(label, method, path, body);
    if (answer.status >= 300) throw new Error(`${label}: ${answer.status} ${answer.code}`);
    return answer.data;
  }
}

interface Fixture {
  client: Client;
  warehouseId: string;
  secondWarehouseId: string;
  supplierId: string;
  goods: string;
  free: string;
  full: string;
}

type Scenario = (f: Fixture, violate: (message: string) => void) => Promise<void>;

const newPurchaseOrder = async (f: Fixture, productId: string, quantity: number, unitCost: number) => {
  const po = await f.client.ok('setup', 'POST', '/purchase-orders', {
    supplier_id: f.supplierId,
    items: [{ product_id: productId, quantity, unit_cost: unitCost }],
  });
  await f.client.ok('setup', 'POST', `/purchase-orders/${po.id}/submit`);
  return po;
};

const order = (f: Fixture, body: Record<string, unknown>) => f.client.ok('setup', 'POST', '/orders', { payment_method: 'cash', ...body });

const SCENARIOS: Record<string, Scenario> = {
  /** Point 1: five identical supplier payments at once under one key pay once. */
  async 'payments under one key'(f, violate) {
    const po = await newPurchaseOrder(f, f.goods, 10, 1);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        f.client.call('payment (one key)', 'POST', `/purchase-orders/${po.id}/payments`, { amount: 3, method: 'bank_transfer' }, key),
      ),
    );
    if (answers.some((a) => a.status !== 201 && a.code !== 'IDEMPOTENCY_IN_PROGRESS'))
      violate(`one-key payments answered ${answers.map((a) => a.status).join(',')}`);
    const reused = await f.client.call('payment (key reused)', 'POST', `/purchase-orders/${po.id}/payments`, { amount: 4, method: 'bank_transfer' }, key);
    if (reused.code !== 'IDEMPOTENCY_KEY_REUSED') violate(`a reused key with another body answered ${reused.status} ${reused.code}`);
    const after = await f.client.ok('read', 'GET', `/purchase-orders/${po.id}`);
    if (after.paid_amount !== 3) violate(`paid ${after.paid_amount} under one key of 3`);
  },

  /** Point 2: R1, then R2 with the same key beside the adjustment that lets it succeed: the key's last word is what exists. */
  async 'committed outcome is final'(f, violate) {
    const product = await f.client.ok('setup', 'POST', '/products', { name: `race ${randomUUID()}`, price: 1 });
    const key = randomUUID();
    const body = { items: [{ product_id: product.id, quantity: 1 }], payment_method: 'cash' };
    const r1 = f.client.call('order (racing key)', 'POST', '/orders', body, key);
    const [, r2] = await Promise.all([
      f.client.call('adjustment', 'POST', '/stock/adjustments', { product_id: product.id, quantity: 1, reason: 'restock' }),
      f.client.call('order (racing key)', 'POST', '/orders', body, key),
    ]);
    const first = await r1;
    const made = [first, r2].find((a) => a.status === 201);
    const replay = await f.client.call('order (replay)', 'POST', '/orders', body, key);
    if (made && (replay.status !== 201 || replay.data?.order_id !== made.data.order_id))
      violate(`an order exists and its key replays ${replay.status} ${replay.code}`);
    if (!made && replay.status === 201) violate('the key replays an order nobody was told of');
    await f.client.ok('setup', 'PUT', `/products/${product.id}`, { is_active: false });
  },

  /** Point 3: a cancelled purchase order is payable up to the value received, summed before one rounding. */
  async 'cancelled purchase order paid'(f, violate) {
    const po = await newPurchaseOrder(f, f.goods, 10, 0.005);
    for (let i = 0; i < 6; i++)
      await f.client.ok('setup', 'POST', `/purchase-orders/${po.id}/receipts`, { items: [{ purchase_order_item_id: po.items[0].id, quantity: 1 }] });
    await f.client.ok('setup', 'POST', `/purchase-orders/${po.id}/cancel`);
    const over = await f.client.call('payment (over)', 'POST', `/purchase-orders/${po.id}/payments`, { amount: 0.06 });
    if (over.code !== 'OVERPAYMENT' || over.details?.[0]?.payable !== 0.03)
      violate(`over the value received: ${over.status} ${over.code} ${JSON.stringify(over.details)}`);
    const exact = await f.client.call('payment (payable)', 'POST', `/purchase-orders/${po.id}/payments`, { amount: 0.03 });
    if (exact.status !== 201) violate(`the payable itself: ${exact.status} ${exact.code}`);
  },

  /** Point 4: a free product's order with tax and shipping, returned in full, is refunded in full. */
  async 'zero subtotal refunded'(f, violate) {
    const sale = await order(f, { items: [{ product_id: f.free, quantity: 2 }], tax_amount: 5, shipping_amount: 3 });
    await f.client.ok('return', 'POST', `/orders/${sale.order_id}/returns`, {
      items: [{ sale_item_id: sale.items[0].id, quantity: 2 }],
      refund_shipping: true,
    });
    const after = await f.client.ok('read', 'GET', `/orders/${sale.order_id}`);
    if (after.refunded_amount !== 8 || after.status !== 'returned') violate(`zero-subtotal order: refunded ${after.refunded_amount}, ${after.status}`);
  },

  /** Point 5: shipping left on a returned order comes back by a shipping-only return. */
  async 'shipping-only return'(f, violate) {
    const sale = await order(f, { items: [{ product_id: f.goods, quantity: 2, price: 20 }], shipping_amount: 7.5 });
    await f.client.ok('return', 'POST', `/orders/${sale.order_id}/returns`, { items: [{ sale_item_id: sale.items[0].id, quantity: 2 }] });
    const answers = await Promise.all(
      [1, 2].map(() => f.client.call('shipping-only return', 'POST', `/orders/${sale.order_id}/returns`, { items: [], refund_shipping: true })),
    );
    if (answers.filter((a) => a.status === 201).length !== 1)
      violate(`two shipping-only returns answered ${answers.map((a) => `${a.status} ${a.code}`).join(', ')}`);
    const after = await f.client.ok('read', 'GET', `/orders/${sale.order_id}`);
    if (after.refunded_amount !== 47.5) violate(`refunded ${after.refunded_amount} of 47.5`);
  },

  /** Racing returns of one line never return more than it sold. */
  async 'racing returns'(f, violate) {
    const sale = await order(f, { items: [{ product_id: f.goods, quantity: 3 }] });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        f.client.call('racing return', 'POST', `/orders/${sale.order_id}/returns`, { items: [{ sale_item_id: sale.items[0].id, quantity: 1 }] }),
      ),
    );
    const made = answers.filter((a) => a.status === 201).length;
    if (made !== 3) violate(`${made} returns of one each accepted on a line of 3`);
    if (answers.some((a) => a.status !== 201 && a.code !== 'RETURN_EXCEEDS_SOLD' && a.code !== 'INVALID_STATUS_TRANSITION'))
      violate(`racing returns answered ${answers.map((a) => a.code).join(',')}`);
  },

  /** Point 8: ids in upper case inside a body are the same rows. */
  async 'upper-case ids'(f, violate) {
    const adjusted = await f.client.call('upper-case ids', 'POST', '/stock/adjustments', {
      product_id: f.goods.toUpperCase(),
      warehouse_id: f.warehouseId.toUpperCase(),
      quantity: 1,
      reason: 'restock',
    });
    if (adjusted.status !== 201 || adjusted.data?.product_id !== f.goods) violate(`upper-case ids: ${adjusted.status} ${adjusted.code}`);
  },

  /** Point 7: goods received into a level at the top are 422 STOCK_LIMIT, never a 400 or 500. */
  async 'stock limit'(f, violate) {
    const po = await newPurchaseOrder(f, f.full, 1, 1);
    const refused = await f.client.call('receipt at the limit', 'POST', `/purchase-orders/${po.id}/receipts`, {
      items: [{ purchase_order_item_id: po.items[0].id, quantity: 1 }],
    });
    if (refused.code !== 'STOCK_LIMIT') violate(`a receipt past the limit: ${refused.status} ${refused.code}`);
    await f.client.ok('setup', 'POST', `/purchase-orders/${po.id}/cancel`);
  },
};

/** Bodies of about 1 MB that once answered 500 or stalled the server (issue 30, point 6). */
function hostileBodies(f: Fixture): { path: string; body: string }[] {
  const many = (n: number, item: string) => `[${new Array(n).fill(item).join(',')}]`;
  const keys = Array.from({ length: 80_000 }, (_, i) => `"k${i}":1`).join(',');
  const deep = 100_000;
  return [
    { path: '/stock/counts', body: `{"items":${many(349_000, '{}')}}` },
    { path: '/purchase-orders', body: `{"supplier_id":"${f.supplierId}","items":${many(61_000, '{"quantity":1}')}}` },
    { path: '/stock/counts', body: `{"items":${many(200_000, '[]')}}` },
    { path: '/stock/adjustments', body: `{${keys}}` },
    { path: '/orders', body: `{"items":${'['.repeat(deep)}${']'.repeat(deep)}}` },
    { path: '/stock/transfers', body: `{"from_warehouse_id":"${f.warehouseId}","to_warehouse_id":"${f.secondWarehouseId}","items":${many(200_000, '1')}}` },
  ];
}

async function prepare(base: string, business: AttackBusiness, report: AttackReport): Promise<Fixture> {
  const client = new Client(base, business.apiKey, report);
  const second = await client.ok('setup', 'POST', '/warehouses', { name: 'Attack second' });
  const supplier = await client.ok('setup', 'POST', '/suppliers', { name: 'Attack supplier' });
  const goods = await client.ok('setup', 'POST', '/products', { name: 'Attack goods', price: 20 });
  const free = await client.ok('setup', 'POST', '/products', { name: 'Attack free', price: 0 });
  const full = await client.ok('setup', 'POST', '/products', { name: 'Attack full', price: 1 });
  await client.ok('setup', 'POST', '/stock/adjustments', { product_id: goods.id, quantity: 1_000_000, reason: 'restock' });
  await client.ok('setup', 'POST', '/stock/adjustments', { product_id: free.id, quantity: 1_000_000, reason: 'restock' });
  await client.ok('setup', 'POST', '/stock/counts', { items: [{ product_id: full.id, counted_quantity: Number(STOCK_LIMIT) }] });
  return { client, warehouseId: business.warehouseId, secondWarehouseId: second.id, supplierId: supplier.id, goods: goods.id, free: free.id, full: full.id };
}

async function probeHealth(base: string, until: number, report: AttackReport, latencies: number[]): Promise<void> {
  while (Date.now() < until) {
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/health`);
      await res.arrayBuffer();
      latencies.push(performance.now() - t0);
      if (res.status !== 200) report.errors.push(`GET /health ${res.status}`);
    } catch (err) {
      report.errors.push(`GET /health: no answer (${(err as Error).message})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function sendHostile(base: string, f: Fixture, apiKey: string, until: number, report: AttackReport): Promise<void> {
  const bodies = hostileBodies(f);
  for (let i = 0; Date.now() < until; i++) {
    const { path, body } = bodies[i % bodies.length];
    try {
      const res = await fetch(`${base}/api/v1${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${apiKey}`, 'content-type': 'application/json' },
        body,
      });
      const text = await res.text();
      report.hostile.sent++;
      report.hostile.largestAnswerBytes = Math.max(report.hostile.largestAnswerBytes, Buffer.byteLength(text));
      const tally = `${path} ${res.status}`;
      report.hostile.statuses.set(tally, (report.hostile.statuses.get(tally) ?? 0) + 1);
      if (res.status !== 400 && res.status !== 413) report.errors.push(`hostile ${path} (${body.length} bytes): ${res.status} ${text.slice(0, 200)}`);
    } catch (err) {
      report.errors.push(`hostile ${path}: no answer (${(err as Error).message})`);
    }
  }
}

async function runScenarios(f: Fixture, until: number, report: AttackReport): Promise<void> {
  const names = Object.keys(SCENARIOS);
  for (let i = Math.floor(Math.random() * names.length); Date.now() < until; i++) {
    const name = names[i % names.length];
    try {
      await SCENARIOS[name](f, (message) => report.violations.push(`${name}: ${message}`));
      report.scenarios.set(name, (report.scenarios.get(name) ?? 0) + 1);
    } catch (err) {
      report.violations.push(`${name}: ${(err as Error).message}`);
    }
  }
}

function newReport(): AttackReport {
  return {
    requests: 0,
    statuses: new Map(),
    errors: [],
    violations: [],
    scenarios: new Map(),
    hostile: { sent: 0, statuses: new Map(), largestAnswerBytes: 0 },
    healthMs: { count: 0, p50: 0, p99: 0, max: 0 },
  };
}

function healthFigures(latencies: number[]): AttackReport['healthMs'] {
  latencies.sort((a, b) => a - b);
  return { count: latencies.length, p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? 0 };
}

export interface Attacker {
  /** `workers` scenario loops, the hostile client and the health probe, for `seconds`. */
  attack(workers: number, seconds: number): Promise<AttackReport>;
  /** The health probe alone, or beside the hostile client only, for `seconds`: what the bodies cost other requests. */
  probe(seconds: number, withHostileBodies: boolean): Promise<AttackReport>;
}

export async function prepareAttacker(base: string, business: AttackBusiness): Promise<Attacker> {
  const setup = newReport();
  const fixture = await prepare(base, business, setup);
  if (setup.errors.length) throw new Error(`attack set-up: ${setup.errors.join('; ')}`);
  const run = async (seconds: number, parts: (until: number, report: AttackReport) => Promise<void>[]) => {
    const report = newReport();
    fixture.client = new Client(base, business.apiKey, report);
    const until = Date.now() + seconds * 1000;
    const latencies: number[] = [];
    await Promise.all([probeHealth(base, until, report, latencies), ...parts(until, report)]);
    report.healthMs = healthFigures(latencies);
    return report;
  };
  return {
    attack: (workers, seconds) =>
      run(seconds, (until, report) => [
        sendHostile(base, fixture, business.apiKey, until, report),
        ...Array.from({ length: workers }, () => runScenarios(fixture, until, report)),
      ]),
    probe: (seconds, withHostileBodies) =>
      run(seconds, (until, report) => (withHostileBodies ? [sendHostile(base, fixture, business.apiKey, until, report)] : [])),
  };
}
