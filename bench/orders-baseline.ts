import { randomUUID } from 'crypto';
import { Client } from 'pg';
import { dec, moneyString, sumMoney } from '../src/common/money/money';
import { percentile } from './bench-support';
import { BenchBusiness, BenchOrder, LoadFigures, randomOrder } from './orders-workload';

type Query = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, any>[] }>;

/**
 * The raw-SQL reference: the same writes as POST /orders, through `pg` directly, one transaction
 * per order, written as a careful engineer writes SQL by hand: one statement per write (multi-row
 * inserts for lines), stock updated conditionally in product order, the sale number taken late.
 * 17 to 21 round trips per order (~19 on average). No HTTP, no JSON, no framework.
 */
async function rawOrder(q: Query, b: BenchBusiness, order: BenchOrder): Promise<void> {
  const lines = [...order.items].sort((x, y) => (x.product_id < y.product_id ? -1 : 1));
  const ids = lines.map((l) => l.product_id);
  await q('BEGIN');
  try {
    const products = (await q(`SELECT id, name, sku, price FROM products WHERE business_id = $1 AND id = ANY($2::uuid[]) AND is_active`, [b.id, ids])).rows;
    const byId = new Map(products.map((p) => [p.id, p]));
    if (byId.size !== ids.length) throw new Error('unknown product');
    const warehouseId = (await q(`SELECT id FROM warehouses WHERE business_id = $1 AND is_default`, [b.id])).rows[0].id;
    const email = order.customer.email.trim().toLowerCase();
    let customerId: string | undefined = (await q(`SELECT id FROM customers WHERE business_id = $1 AND email_normalized = $2`, [b.id, email])).rows[0]?.id;
    if (!customerId) {
      customerId = (
        await q(`INSERT INTO customers (business_id, name, email, email_normalized) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING id`, [
          b.id,
          order.customer.name,
          order.customer.email,
          email,
        ])
      ).rows[0].id;
      await q(`INSERT INTO outbox_events (id, business_id, type, data) VALUES (gen_random_uuid(), $1, 'customer.created', $2)`, [
        b.id,
        JSON.stringify({ customer_id: customerId, name: order.customer.name, email: order.customer.email, phone: null }),
      ]);
    }
    const priced = lines.map((l) => ({
      ...l,
      price: byId.get(l.product_id)!.price as string,
      total: moneyString(dec(byId.get(l.product_id)!.price).times(l.quantity)),
    }));
    const subtotal = sumMoney(priced.map((l) => l.total));
    const total = subtotal.plus(order.tax_amount);
    const points = total.floor().toNumber();
    const after: string[] = [];
    for (const l of priced) {
      const r = await q(
        `UPDATE stock_levels SET quantity = quantity - $4, updated_at = now()
          WHERE business_id = $1 AND warehouse_id = $2 AND product_id = $3 AND quantity >= $4 RETURNING quantity`,
        [b.id, warehouseId, l.product_id, l.quantity],
      );
      if (r.rows.length === 0) throw new Error('insufficient stock');
      after.push(r.rows[0].quantity);
    }
    const saleId = randomUUID();
    await q(
      `INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, sale_id)
       SELECT $1, p, $2, 'sale', -qty, qa, $3 FROM unnest($4::uuid[], $5::numeric[], $6::numeric[]) AS m(p, qty, qa)`,
      [b.id, warehouseId, saleId, ids, priced.map((l) => l.quantity), after],
    );
    await q(
      `INSERT INTO sale_items (business_id, sale_id, line_no, product_id, product_name, sku, quantity, unit_price, discount, total)
       SELECT $1, $2, n, p, name, sku, qty, price, 0, total
         FROM unnest($3::int[], $4::uuid[], $5::text[], $6::text[], $7::numeric[], $8::numeric[], $9::numeric[]) AS i(n, p, name, sku, qty, price, total)`,
      [
        b.id,
        saleId,
        priced.map((_, i) => i + 1),
        ids,
        priced.map((l) => byId.get(l.product_id)!.name),
        priced.map((l) => byId.get(l.product_id)!.sku),
        priced.map((l) => l.quantity),
        priced.map((l) => l.price),
        priced.map((l) => l.total),
      ],
    );
    await q(
      `UPDATE customers SET total_spent = total_spent + $3, total_orders = total_orders + 1, last_purchase_date = now(), updated_at = now()
        WHERE business_id = $1 AND id = $2`,
      [b.id, customerId, total.toString()],
    );
    await q(
      `INSERT INTO loyalty_accounts (business_id, customer_id, balance, lifetime_earned) VALUES ($1, $2, $3, $3)
       ON CONFLICT (business_id, customer_id) DO UPDATE SET balance = loyalty_accounts.balance + $3, lifetime_earned = loyalty_accounts.lifetime_earned + $3, updated_at = now()`,
      [b.id, customerId, points],
    );
    const invoiceId = order.send_invoice ? randomUUID() : null;
    if (invoiceId) {
      await q(
        `INSERT INTO invoice_items (business_id, invoice_id, line_no, product_id, product_name, quantity, unit_price, total)
         SELECT $1, $2, n, p, name, qty, price, total FROM unnest($3::int[], $4::uuid[], $5::text[], $6::numeric[], $7::numeric[], $8::numeric[]) AS i(n, p, name, qty, price, total)`,
        [
          b.id,
          invoiceId,
          priced.map((_, i) => i + 1),
          ids,
          priced.map((l) => byId.get(l.product_id)!.name),
          priced.map((l) => l.quantity),
          priced.map((l) => l.price),
          priced.map((l) => l.total),
        ],
      );
    }
    // the per-business counter, as late as possible
    const number = Number(
      (await q(`UPDATE business_counters SET value = value + 1 WHERE business_id = $1 AND name = 'sale' RETURNING value`, [b.id])).rows[0].value,
    );
    const saleNumber = `S-${String(number).padStart(4, '0')}`;
    const loyaltyId = randomUUID();
    await q(
      `INSERT INTO sales (id, business_id, number, sale_number, customer_id, warehouse_id, status, payment_status, payment_method, currency,
                          subtotal, tax_amount, shipping_amount, discount_amount, total, loyalty_points_earned, loyalty_transaction_id)
       VALUES ($1, $2, $3, $4, $5, $6, 'completed', 'paid', 'cash', 'USD', $7, $8, 0, 0, $9, $10, $11)`,
      [saleId, b.id, number, saleNumber, customerId, warehouseId, subtotal.toString(), order.tax_amount, total.toString(), points, loyaltyId],
    );
    await q(`INSERT INTO loyalty_transactions (id, business_id, customer_id, type, points, sale_id, description) VALUES ($1, $2, $3, 'earn', $4, $5, $6)`, [
      loyaltyId,
      b.id,
      customerId,
      points,
      saleId,
      `Points earned on order ${saleNumber}`,
    ]);
    if (invoiceId) {
      const invoiceNumber = Number(
        (await q(`UPDATE business_counters SET value = value + 1 WHERE business_id = $1 AND name = 'invoice' RETURNING value`, [b.id])).rows[0].value,
      );
      await q(
        `INSERT INTO invoices (id, business_id, number, invoice_number, customer_id, sale_id, status, currency, subtotal, tax_amount, total, due_date, paid_date)
         VALUES ($1, $2, $3, $4, $5, $6, 'paid', 'USD', $7, $8, $9, current_date, current_date)`,
        [
          invoiceId,
          b.id,
          invoiceNumber,
          `INV-${String(invoiceNumber).padStart(4, '0')}`,
          customerId,
          saleId,
          subtotal.toString(),
          order.tax_amount,
          total.toString(),
        ],
      );
    }
    await q(
      `INSERT INTO finance_transactions (business_id, type, category, amount, description, sale_id, invoice_id, occurred_on)
       VALUES ($1, 'income', 'sales', $2, $3, $4, $5, current_date)`,
      [b.id, total.toString(), `Order ${saleNumber}`, saleId, invoiceId],
    );
    await q(`INSERT INTO outbox_events (id, business_id, type, data) VALUES (gen_random_uuid(), $1, 'sale.completed', $2)`, [
      b.id,
      JSON.stringify({ sale_id: saleId, sale_number: saleNumber, total: total.toNumber(), customer_id: customerId, items: priced }),
    ]);
    await q('COMMIT');
  } catch (err) {
    await q('ROLLBACK').catch(() => undefined);
    throw err;
  }
}

/** How a reference places one order on its own connection. */
export interface OrderReference {
  prepareSession?: (client: Client) => Promise<void>;
  place: (client: Client, business: BenchBusiness, order: BenchOrder) => Promise<void>;
}

export const NINETEEN_STATEMENTS: OrderReference = {
  place: (client, business, order) => rawOrder((text, params) => client.query(text, params as unknown[]), business, order),
};

/** `workers` connections, each placing orders back to back for `seconds`. */
export async function driveBaseline(
  url: string,
  businesses: BenchBusiness[],
  workers: number,
  seconds: number,
  reference: OrderReference = NINETEEN_STATEMENTS,
): Promise<LoadFigures> {
  const clients = await Promise.all(
    Array.from({ length: workers }, async () => {
      const client = new Client({ connectionString: url });
      await client.connect();
      await reference.prepareSession?.(client);
      return client;
    }),
  );
  const latencies: number[] = [];
  let errors = 0;
  const started = process.hrtime.bigint();
  const deadline = Date.now() + seconds * 1000;
  try {
    await Promise.all(
      clients.map(async (client) => {
        while (Date.now() < deadline) {
          const business = businesses[Math.floor(Math.random() * businesses.length)];
          const t0 = process.hrtime.bigint();
          try {
            await reference.place(client, business, randomOrder(business));
            latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
          } catch (err) {
            if (errors++ === 0) console.error(`first failed order: ${(err as Error).message}`);
          }
        }
      }),
    );
  } finally {
    await Promise.all(clients.map((c) => c.end()));
  }
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  latencies.sort((a, b) => a - b);
  return {
    orders: latencies.length,
    errors,
    seconds: elapsed,
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}
