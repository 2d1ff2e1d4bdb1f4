/*
 * The soak's mixed traffic (bench/soak.ts): orders, loyalty redemptions, manual invoices and their
 * status updates, stock adjustments and reads, picked at random per request by each of N workers
 * that run back to back for the duration. What the server acknowledged is tallied on the client
 * side (stock sold and adjusted per product, points redeemed, orders, invoices) so the database can
 * be checked against it afterwards.
 */
import { randomUUID } from 'crypto';
import { percentile } from './bench-support';

export interface SoakBusiness {
  id: string;
  apiKey: string;
  warehouseId: string;
  products: { id: string; price: number }[];
  emails: string[];
}

/** What the server answered 2xx to, per business. */
export interface Acknowledged {
  orders: number;
  soldByProduct: Map<string, number>;
  adjustedByProduct: Map<string, number>;
  pointsRedeemed: number;
  manualInvoices: number;
  invoiceUpdates: number;
}

export interface TrafficReport {
  requests: number;
  seconds: number;
  /** `POST /orders 201` -> count */
  statuses: Map<string, number>;
  /** requests that got a 5xx or no answer at all */
  errors: string[];
  /** 4xx outside the expected ones (422 INSUFFICIENT_POINTS, 409 INVALID_STATUS_TRANSITION) */
  unexpected4xx: string[];
  latencyMs: { p50: number; p99: number; max: number };
  acknowledged: Map<string, Acknowledged>;
}

const EXPECTED_4XX = new Set(['422 INSUFFICIENT_POINTS', '409 INVALID_STATUS_TRANSITION']);

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
const int = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

interface State {
  base: string;
  business: SoakBusiness;
  ack: Acknowledged;
  /** customers and orders and unpaid invoices learned from answers, for the requests that need ids */
  customers: string[];
  orders: string[];
  openInvoices: string[];
  settledInvoices: string[];
}

type Op = {
  kind: string;
  weight: number;
  run: (s: State) => { method: string; path: string; body?: unknown } | null;
  onOk?: (s: State, data: any, body: any) => void;
};

/** The message of an error's cause (fetch puts the socket error there), or nothing. */
function causeOf(err: unknown): string {
  const cause = (err as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : cause === undefined ? '' : JSON.stringify(cause);
}

const OPS: Op[] = [
  {
    kind: 'POST /orders',
    weight: 35,
    run: (s) => {
      const lines = new Map<string, number>();
      for (let i = int(1, 3); i > 0; i--) lines.set(pick(s.business.products).id, int(1, 3));
      const known = Math.random() < 0.85;
      return {
        method: 'POST',
        path: '/orders',
        body: {
          customer: { email: known ? pick(s.business.emails) : `walk-in-${randomUUID()}@soak.test` },
          items: [...lines].map(([product_id, quantity]) => ({ product_id, quantity })),
          tax_amount: int(0, 500) / 100,
          send_invoice: Math.random() < 0.4,
          payment_method: pick(['cash', 'card', 'bank_transfer']),
        },
      };
    },
    onOk: (s, data, body) => {
      s.ack.orders++;
      for (const line of body.items) s.ack.soldByProduct.set(line.product_id, (s.ack.soldByProduct.get(line.product_id) ?? 0) + line.quantity);
      if (s.customers.length < 500 && !s.customers.includes(data.customer_id)) s.customers.push(data.customer_id);
      s.orders.push(data.order_id);
      if (s.orders.length > 200) s.orders.shift();
    },
  },
  {
    kind: 'POST /loyalty/redeem',
    weight: 8,
    run: (s) =>
      s.customers.length === 0
        ? null
        : { method: 'POST', path: '/loyalty/redeem', body: { customer_id: pick(s.customers), points: int(1, 40), reason: 'soak' } },
    onOk: (s, data) => (s.ack.pointsRedeemed += data.points_redeemed),
  },
  {
    kind: 'POST /invoices',
    weight: 5,
    run: (s) =>
      s.customers.length === 0
        ? null
        : {
            method: 'POST',
            path: '/invoices',
            body: { customer_id: pick(s.customers), items: [{ product_id: pick(s.business.products).id, quantity: int(1, 5), price: int(100, 9999) / 100 }] },
          },
    onOk: (s, data) => {
      s.ack.manualInvoices++;
      s.openInvoices.push(data.id);
    },
  },
  {
    kind: 'PUT /invoices/:id',
    weight: 10,
    run: (s) => {
      // now and then an invoice already paid or cancelled: the 409 the contract expects
      const settled = s.settledInvoices.length > 0 && Math.random() < 0.1;
      if (!settled && s.openInvoices.length === 0) return null;
      const id = settled ? pick(s.settledInvoices) : s.openInvoices.shift()!;
      return { method: 'PUT', path: `/invoices/${id}`, body: { status: pick(['paid', 'paid', 'overdue', 'cancelled']) } };
    },
    onOk: (s, data) => {
      s.ack.invoiceUpdates++;
      if (data.status === 'overdue') s.openInvoices.push(data.id);
      else if (s.settledInvoices.length < 200) s.settledInvoices.push(data.id);
    },
  },
  {
    kind: 'POST /stock/adjustments',
    weight: 10,
    run: (s) => ({
      method: 'POST',
      path: '/stock/adjustments',
      body: { product_id: pick(s.business.products).id, quantity: pick([1, 2, 5, -1, -2]), reason: pick(['restock', 'count', 'damage']) },
    }),
    onOk: (s, _data, body) => s.ack.adjustedByProduct.set(body.product_id, (s.ack.adjustedByProduct.get(body.product_id) ?? 0) + body.quantity),
  },
  { kind: 'GET /orders', weight: 6, run: () => ({ method: 'GET', path: `/orders?page=${int(1, 5)}&per_page=20` }) },
  { kind: 'GET /orders/:id', weight: 6, run: (s) => (s.orders.length ? { method: 'GET', path: `/orders/${pick(s.orders)}` } : null) },
  { kind: 'GET /products', weight: 4, run: () => ({ method: 'GET', path: `/products?per_page=50&in_stock=true` }) },
  { kind: 'GET /loyalty/:id', weight: 4, run: (s) => (s.customers.length ? { method: 'GET', path: `/loyalty/${pick(s.customers)}` } : null) },
  {
    kind: 'GET /loyalty/:id/history',
    weight: 3,
    run: (s) => (s.customers.length ? { method: 'GET', path: `/loyalty/${pick(s.customers)}/history` } : null),
  },
  { kind: 'GET /invoices', weight: 3, run: () => ({ method: 'GET', path: `/invoices?status=${pick(['paid', 'unpaid', 'overdue'])}` }) },
  { kind: 'GET /customers/:id', weight: 2, run: (s) => (s.customers.length ? { method: 'GET', path: `/customers/${pick(s.customers)}` } : null) },
  { kind: 'GET /stock/movements', weight: 2, run: () => ({ method: 'GET', path: '/stock/movements?per_page=50' }) },
  { kind: 'GET /analytics/dashboard', weight: 1, run: () => ({ method: 'GET', path: `/analytics/dashboard?days=${pick([1, 7, 30])}` }) },
  { kind: 'GET /finance/summary', weight: 1, run: () => ({ method: 'GET', path: '/finance/summary?days=30' }) },
];
const TOTAL_WEIGHT = OPS.reduce((s, o) => s + o.weight, 0);

function pickOp(): Op {
  let r = Math.random() * TOTAL_WEIGHT;
  for (const op of OPS) if ((r -= op.weight) < 0) return op;
  return OPS[0];
}

export function newAcknowledged(): Acknowledged {
  return { orders: 0, soldByProduct: new Map(), adjustedByProduct: new Map(), pointsRedeemed: 0, manualInvoices: 0, invoiceUpdates: 0 };
}

/** `connections` workers, each sending one request after another, for `seconds`. */
export async function driveSoak(base: string, businesses: SoakBusiness[], connections: number, seconds: number): Promise<TrafficReport> {
  const states = businesses.map((business): State => ({
    base,
    business,
    ack: newAcknowledged(),
    customers: [],
    orders: [],
    openInvoices: [],
    settledInvoices: [],
  }));
  const report: TrafficReport = {
    requests: 0,
    seconds,
    statuses: new Map(),
    errors: [],
    unexpected4xx: [],
    latencyMs: { p50: 0, p99: 0, max: 0 },
    acknowledged: new Map(),
  };
  const latencies: number[] = [];
  const started = Date.now();
  const end = started + seconds * 1000;
  const count = (key: string) => report.statuses.set(key, (report.statuses.get(key) ?? 0) + 1);

  const worker = async () => {
    while (Date.now() < end) {
      const state = pick(states);
      const op = pickOp();
      const request = op.run(state);
      if (!request) continue;
      const t0 = performance.now();
      try {
        const res = await fetch(`${base}/api/v1${request.path}`, {
          method: request.method,
          headers: { authorization: `Bearer ${state.business.apiKey}`, ...(request.body ? { 'content-type': 'application/json' } : {}) },
          body: request.body ? JSON.stringify(request.body) : undefined,
        });
        const text = await res.text();
        latencies.push(performance.now() - t0);
        report.requests++;
        count(`${op.kind} ${res.status}`);
        const json = text ? JSON.parse(text) : undefined;
        if (res.status >= 500) report.errors.push(`${op.kind} ${res.status} ${text.slice(0, 200)}`);
        else if (res.status >= 400 && !EXPECTED_4XX.has(`${res.status} ${json?.error?.code}`))
          report.unexpected4xx.push(`${op.kind} ${res.status} ${text.slice(0, 200)}`);
        else if (res.status < 300) op.onOk?.(state, json?.data ?? json, request.body);
      } catch (err) {
        report.requests++;
        count(`${op.kind} no answer`);
        report.errors.push(`${op.kind}: ${(err as Error).message} ${causeOf(err)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  report.seconds = (Date.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  report.latencyMs = { p50: percentile(latencies, 50), p99: percentile(latencies, 99), max: latencies[latencies.length - 1] ?? 0 };
  for (const s of states) report.acknowledged.set(s.business.id, s.ack);
  return report;
}
