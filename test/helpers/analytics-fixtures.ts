/*
 * A sales history on known days of the business time zone, inserted with plain SQL (no order
 * code involved), and the analytics answers computed from the same arrays in TypeScript.
 */
import Decimal from 'decimal.js';
import { DataSource } from 'typeorm';

export interface ProductSeed {
  key: string;
  name: string;
  sku: string;
  price: string;
  active: boolean;
}

export interface CustomerSeed {
  key: string;
  name: string;
  email: string;
  /** days before today (business time zone) the customer was created */
  createdDaysAgo: number;
}

export interface LineSeed {
  product: string;
  quantity: string;
  unitPrice: string;
  discount?: string;
}

export interface SaleSeed {
  /** 0 = today in the business time zone */
  daysAgo: number;
  /** local wall-clock time; today's sales use "now" instead (never in the future) */
  time: string;
  customer: string | null;
  status: 'completed' | 'cancelled' | 'pending';
  lines: LineSeed[];
  tax?: string;
  shipping?: string;
  discount?: string;
}

export const PRODUCTS: ProductSeed[] = [
  { key: 'coffee', name: 'Coffee beans', sku: 'AN-COF', price: '12.40', active: true },
  { key: 'tea', name: 'Green tea', sku: 'AN-TEA', price: '4.25', active: true },
  { key: 'grinder', name: 'Grinder', sku: 'AN-GRI', price: '89.99', active: true },
  { key: 'mug', name: 'Old mug', sku: 'AN-MUG', price: '7.00', active: false },
  { key: 'filter', name: 'Paper filters', sku: 'AN-FIL', price: '3.10', active: true },
];

export const CUSTOMERS: CustomerSeed[] = [
  { key: 'ann', name: 'Ann', email: 'ann@example.test', createdDaysAgo: 500 },
  { key: 'bob', name: 'Bob', email: 'bob@example.test', createdDaysAgo: 45 },
  { key: 'cyd', name: 'Cyd', email: 'cyd@example.test', createdDaysAgo: 20 },
  { key: 'dee', name: 'Dee', email: 'dee@example.test', createdDaysAgo: 6 },
  { key: 'eve', name: 'Eve', email: 'eve@example.test', createdDaysAgo: 0 },
  { key: 'fay', name: 'Fay', email: 'fay@example.test', createdDaysAgo: 59 },
];

/**
 * 60 days of history plus older sales: a cancelled and a pending sale (never counted), sales on
 * both sides of local midnight (other UTC days than local ones), walk-ins, order-level tax,
 * shipping and discount (revenue is the order total, product revenue the line totals), kg quantities.
 */
export const SALES: SaleSeed[] = [
  { daysAgo: 0, time: 'now', customer: 'ann', status: 'completed', lines: [{ product: 'coffee', quantity: '2', unitPrice: '12.40' }], tax: '1.98' },
  { daysAgo: 0, time: 'now', customer: null, status: 'completed', lines: [{ product: 'tea', quantity: '1.5', unitPrice: '4.25' }] },
  { daysAgo: 0, time: 'now', customer: 'eve', status: 'completed', lines: [{ product: 'filter', quantity: '3', unitPrice: '3.10' }] },
  {
    daysAgo: 1,
    time: '10:15:00',
    customer: 'dee',
    status: 'completed',
    lines: [{ product: 'grinder', quantity: '1', unitPrice: '89.99', discount: '9.99' }],
    shipping: '5.00',
  },
  { daysAgo: 1, time: '11:00:00', customer: 'cyd', status: 'cancelled', lines: [{ product: 'grinder', quantity: '2', unitPrice: '89.99' }] },
  {
    daysAgo: 2,
    time: '00:00:30',
    customer: 'cyd',
    status: 'completed',
    lines: [
      { product: 'coffee', quantity: '1', unitPrice: '12.40' },
      { product: 'filter', quantity: '2', unitPrice: '3.10' },
    ],
  },
  { daysAgo: 3, time: '23:59:30', customer: 'cyd', status: 'completed', lines: [{ product: 'tea', quantity: '0.75', unitPrice: '4.00' }] },
  { daysAgo: 4, time: '13:30:00', customer: 'bob', status: 'pending', lines: [{ product: 'coffee', quantity: '10', unitPrice: '12.40' }] },
  { daysAgo: 5, time: '09:00:00', customer: 'ann', status: 'completed', lines: [{ product: 'mug', quantity: '4', unitPrice: '7.00' }], discount: '3.00' },
  { daysAgo: 6, time: '18:45:00', customer: 'dee', status: 'completed', lines: [{ product: 'coffee', quantity: '3', unitPrice: '12.40' }] },
  { daysAgo: 10, time: '12:00:00', customer: null, status: 'completed', lines: [{ product: 'grinder', quantity: '1', unitPrice: '79.99' }] },
  {
    daysAgo: 15,
    time: '08:20:00',
    customer: 'bob',
    status: 'completed',
    lines: [
      { product: 'tea', quantity: '4', unitPrice: '4.25' },
      { product: 'coffee', quantity: '1', unitPrice: '12.40' },
    ],
  },
  { daysAgo: 29, time: '23:30:00', customer: 'fay', status: 'completed', lines: [{ product: 'filter', quantity: '10', unitPrice: '3.10' }] },
  { daysAgo: 30, time: '00:30:00', customer: 'bob', status: 'completed', lines: [{ product: 'grinder', quantity: '1', unitPrice: '89.99' }] },
  { daysAgo: 44, time: '16:00:00', customer: 'bob', status: 'completed', lines: [{ product: 'coffee', quantity: '5', unitPrice: '12.00' }] },
  { daysAgo: 59, time: '12:00:00', customer: 'fay', status: 'completed', lines: [{ product: 'mug', quantity: '1', unitPrice: '7.00' }] },
  { daysAgo: 200, time: '12:00:00', customer: 'ann', status: 'completed', lines: [{ product: 'grinder', quantity: '2', unitPrice: '85.00' }] },
  { daysAgo: 400, time: '12:00:00', customer: 'ann', status: 'completed', lines: [{ product: 'tea', quantity: '100', unitPrice: '4.00' }] },
];

export interface Seeded {
  products: Record<string, string>;
  customers: Record<string, string>;
  sales: { id: string; createdAt: Date }[];
  today: string;
}

export function lineTotal(l: LineSeed): Decimal {
  return new Decimal(l.quantity)
    .times(l.unitPrice)
    .minus(l.discount ?? 0)
    .toDecimalPlaces(2);
}

export function saleTotal(s: SaleSeed): Decimal {
  const subtotal = s.lines.reduce((acc, l) => acc.plus(lineTotal(l)), new Decimal(0));
  return subtotal
    .plus(s.tax ?? 0)
    .plus(s.shipping ?? 0)
    .minus(s.discount ?? 0);
}

export async function seedHistory(db: DataSource, businessId: string, warehouseId: string, sales: SaleSeed[] = SALES): Promise<Seeded> {
  const [{ tz, today }] = await db.query(`SELECT timezone AS tz, (now() AT TIME ZONE timezone)::date::text AS today FROM businesses WHERE id = $1`, [
    businessId,
  ]);
  const products: Record<string, string> = {};
  for (const p of PRODUCTS) {
    const [row] = await db.query(`INSERT INTO products (business_id, name, sku, price, is_active) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
      businessId,
      p.name,
      p.sku,
      p.price,
      p.active,
    ]);
    products[p.key] = row.id;
  }
  const customers: Record<string, string> = {};
  for (const c of CUSTOMERS) {
    const [row] = await db.query(
      `INSERT INTO customers (business_id, name, email, email_normalized, created_at)
       VALUES ($1, $2, $3, $3, least(now(), (($5::date - $4::int) + time '12:00')::timestamp AT TIME ZONE $6)) RETURNING id`,
      [businessId, c.name, c.email, c.createdDaysAgo, today, tz],
    );
    customers[c.key] = row.id;
  }
  const seeded: Seeded['sales'] = [];
  let number = 0;
  for (const s of sales) {
    number += 1;
    const subtotal = s.lines.reduce((acc, l) => acc.plus(lineTotal(l)), new Decimal(0));
    const [row] = await db.query(
      `INSERT INTO sales (business_id, number, sale_number, customer_id, warehouse_id, status, payment_status, payment_method,
                          currency, subtotal, tax_amount, shipping_amount, discount_amount, total, created_at)
       VALUES ($1, $2::int, $3, $4, $5, $6, 'paid', 'cash', 'USD', $7, $8, $9, $10, $11,
               CASE WHEN $12::text = 'now' THEN now() - make_interval(secs => $2::int)
                    ELSE (($13::date - $14::int) + $12::text::time)::timestamp AT TIME ZONE $15 END)
       RETURNING id, created_at`,
      [
        businessId,
        number,
        `S-${String(number).padStart(4, '0')}`,
        s.customer ? customers[s.customer] : null,
        warehouseId,
        s.status,
        subtotal.toString(),
        s.tax ?? '0',
        s.shipping ?? '0',
        s.discount ?? '0',
        saleTotal(s).toString(),
        s.time,
        today,
        s.daysAgo,
        tz,
      ],
    );
    seeded.push({ id: row.id, createdAt: row.created_at });
    let lineNo = 0;
    for (const l of s.lines) {
      lineNo += 1;
      const p = PRODUCTS.find((x) => x.key === l.product)!;
      await db.query(
        `INSERT INTO sale_items (business_id, sale_id, line_no, product_id, product_name, sku, quantity, unit_price, discount, total)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [businessId, row.id, lineNo, products[l.product], p.name, p.sku, l.quantity, l.unitPrice, l.discount ?? '0', lineTotal(l).toString()],
      );
    }
  }
  // Orders created through the API afterwards continue the numbering.
  await db.query(`UPDATE business_counters SET value = $2 WHERE business_id = $1 AND name = 'sale'`, [businessId, number]);
  return { products, customers, sales: seeded, today };
}

/** `YYYY-MM-DD` minus n days. */
export function daysBefore(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - n);
  return d.toISOString().slice(0, 10);
}

const num = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();

/**
 * What the four endpoints must answer for `days`, computed from the seed arrays; `laterDays`
 * when the reports' clock runs that many days after the seed's today.
 */
export function expected(seed: Seeded, days: number, seeded: SaleSeed[] = SALES, laterDays = 0) {
  const sales = seeded.map((s) => ({ ...s, daysAgo: s.daysAgo + laterDays }));
  const today = daysBefore(seed.today, -laterDays);
  const createdDaysAgo = (c: CustomerSeed) => c.createdDaysAgo + laterDays;
  const counted = sales.filter((s) => s.status === 'completed');
  const inWindow = counted.filter((s) => s.daysAgo < days);
  const revenue = inWindow.reduce((acc, s) => acc.plus(saleTotal(s)), new Decimal(0));

  const dashboard = {
    period_days: days,
    revenue: { total: num(revenue), orders: inWindow.length, avg_order_value: inWindow.length ? num(revenue.div(inWindow.length)) : 0 },
    customers: { total: CUSTOMERS.length, new_in_period: CUSTOMERS.filter((c) => createdDaysAgo(c) < days).length },
    products: { total: PRODUCTS.filter((p) => p.active).length },
  };

  const series = [];
  for (let k = days - 1; k >= 0; k--) {
    const onDay = inWindow.filter((s) => s.daysAgo === k);
    series.push({ date: daysBefore(today, k), revenue: num(onDay.reduce((a, s) => a.plus(saleTotal(s)), new Decimal(0))), orders: onDay.length });
  }

  const byProduct = new Map<string, { sold: Decimal; revenue: Decimal }>();
  for (const s of inWindow) {
    for (const l of s.lines) {
      const acc = byProduct.get(l.product) ?? { sold: new Decimal(0), revenue: new Decimal(0) };
      byProduct.set(l.product, { sold: acc.sold.plus(l.quantity), revenue: acc.revenue.plus(lineTotal(l)) });
    }
  }
  const productRows = [...byProduct.entries()].map(([key, v]) => {
    const p = PRODUCTS.find((x) => x.key === key)!;
    return { product_id: seed.products[key], name: p.name, sku: p.sku, total_sold: v.sold.toNumber(), total_revenue: num(v.revenue) };
  });
  const byRevenue = [...productRows].sort((a, b) => b.total_revenue - a.total_revenue || b.total_sold - a.total_sold || a.name.localeCompare(b.name));
  const byQuantity = [...productRows].sort((a, b) => b.total_sold - a.total_sold || b.total_revenue - a.total_revenue || a.name.localeCompare(b.name));

  const buyers = new Map<string, { lifetime: Decimal; windowOrders: number; windowSpent: Decimal; before: boolean }>();
  for (const s of counted) {
    if (!s.customer) continue;
    const acc = buyers.get(s.customer) ?? { lifetime: new Decimal(0), windowOrders: 0, windowSpent: new Decimal(0), before: false };
    acc.lifetime = acc.lifetime.plus(saleTotal(s));
    if (s.daysAgo < days) {
      acc.windowOrders += 1;
      acc.windowSpent = acc.windowSpent.plus(saleTotal(s));
    } else acc.before = true;
    buyers.set(s.customer, acc);
  }
  const active = [...buyers.entries()].filter(([, b]) => b.windowOrders > 0);
  const lifetime = [...buyers.values()].reduce((a, b) => a.plus(b.lifetime), new Decimal(0));
  const customers = {
    period_days: days,
    total_customers: CUSTOMERS.length,
    new_customers: CUSTOMERS.filter((c) => createdDaysAgo(c) < days).length,
    active_customers: active.length,
    returning_customers: active.filter(([, b]) => b.before).length,
    repeat_rate: active.length ? new Decimal(active.filter(([, b]) => b.windowOrders >= 2).length).div(active.length).toDecimalPlaces(4).toNumber() : 0,
    avg_lifetime_value: buyers.size ? num(lifetime.div(buyers.size)) : 0,
    top_customers: active
      .map(([key, b]) => {
        const c = CUSTOMERS.find((x) => x.key === key)!;
        return { customer_id: seed.customers[key], name: c.name, email: c.email, total_spent: num(b.windowSpent), orders: b.windowOrders };
      })
      .sort((a, b) => b.total_spent - a.total_spent || b.orders - a.orders || (a.customer_id < b.customer_id ? -1 : 1))
      .slice(0, 10),
  };
  return { dashboard, series, byRevenue, byQuantity, customers };
}
