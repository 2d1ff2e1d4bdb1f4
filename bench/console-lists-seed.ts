/*
 * The rest of the console benchmark's business, so every list of the console has real rows on its
 * first page (bench/console-list-measures.ts): suppliers and purchase orders, a second warehouse with
 * transfers between the two, stock counts, adjustments and the sales' own stock movements, invoices
 * for one order in five, the finance ledger (each order's income, each cancelled order's refund,
 * expenses), webhooks and API keys. Straight through SQL over what bench/analytics-seed.ts wrote:
 * rows as the app writes them (numbers from the business's counters, amounts from the lines), but
 * not every side table the app would also fill (no goods receipts behind the received purchase
 * orders, no deliveries behind the webhooks, sold stock not deducted from the stock levels).
 * `LISTS_SEED_VERSION` is part of the kept database's shape (bench/console-kept-seed.ts): change it
 * with what this writes.
 */
import { Client } from 'pg';
import { Log } from './bench-support';

export const LISTS_SEED_VERSION = 'lists-2';

export const LIST_ROWS = {
  suppliers: 2_000,
  purchaseOrders: 20_000,
  transfers: 5_000,
  stockCounts: 2_000,
  adjustments: 50_000,
  /** one invoice for every `invoiceEvery`-th order: 200,000 of 1,000,000 */
  invoiceEvery: 5,
  expenses: 20_000,
  webhooks: 12,
  apiKeys: 30,
};

const DAYS = 730;

/** Seeds the lists of business `businessId` (warehouse `warehouseId` its default one); logs each step's time. */
export async function seedConsoleLists(client: Client, businessId: string, warehouseId: string, log: Log): Promise<void> {
  const started = Date.now();
  const step = async (what: string, sql: string, params: unknown[]) => {
    const at = Date.now();
    const res = await client.query(sql, params);
    log(`  ${what}: ${res.rowCount ?? 0} rows (${((Date.now() - at) / 1000).toFixed(1)} s)`);
  };
  const b = businessId;
  // products by number (SKU-00001 is 1), so lines pick them by arithmetic
  await client.query(
    `CREATE TEMP TABLE lists_products AS
     SELECT row_number() OVER (ORDER BY sku) AS n, id, name, coalesce(cost_price, 0) AS cost FROM products WHERE business_id = $1`,
    [b],
  );
  await client.query(`CREATE UNIQUE INDEX ON lists_products (n)`);
  const { rows } = await client.query<{ n: string }>(`SELECT count(*) AS n FROM lists_products`);
  const products = Number(rows[0].n);

  const { rows: back } = await client.query<{ id: string }>(
    `INSERT INTO warehouses (business_id, name, address, created_at, updated_at)
     VALUES ($1, 'Back store', '2 Mill Lane', now() - make_interval(days => ${DAYS}), now() - make_interval(days => ${DAYS})) RETURNING id`,
    [b],
  );
  const backId = back[0].id;

  await step(
    'suppliers',
    `INSERT INTO suppliers (business_id, name, email, phone, created_at, updated_at)
     SELECT $1, 'Supplier ' || lpad(g::text, 4, '0'), 'orders@supplier-' || g || '.test', '+1 555 01' || lpad(g::text, 4, '0'),
            now() - make_interval(days => ${DAYS}) + (g::float8 / $2) * make_interval(days => ${DAYS}),
            now() - make_interval(days => ${DAYS}) + (g::float8 / $2) * make_interval(days => ${DAYS})
       FROM generate_series(1, $2) g`,
    [b, LIST_ROWS.suppliers],
  );
  await client.query(`CREATE TEMP TABLE lists_suppliers AS SELECT row_number() OVER (ORDER BY name) AS n, id FROM suppliers WHERE business_id = $1`, [b]);
  await client.query(`CREATE UNIQUE INDEX ON lists_suppliers (n)`);

  // Purchase orders over the two years, 1..5 lines at the product's cost; the older ones received and
  // paid, the last month's ordered, partly received or drafts, one in 40 cancelled.
  await client.query(
    `CREATE TEMP TABLE lists_po AS
     SELECT g, gen_random_uuid() AS id, 1 + (g * 37) % ${LIST_ROWS.suppliers} AS supplier_n, 1 + g % 5 AS lines,
            now() - make_interval(days => ${DAYS}) + ((g - 0.5) / $1) * make_interval(days => ${DAYS}) AS created_at,
            CASE WHEN g % 40 = 0 THEN 'cancelled'
                 WHEN g > $1 - 300 THEN (ARRAY['draft', 'ordered', 'ordered', 'partially_received'])[1 + g % 4]
                 ELSE 'received' END AS status
       FROM generate_series(1, $1) g`,
    [LIST_ROWS.purchaseOrders],
  );
  await step(
    'purchase order lines',
    `INSERT INTO purchase_order_items (business_id, purchase_order_id, line_no, product_id, quantity, unit_cost, total, received_quantity)
     SELECT $1, o.id, l, p.id, q.quantity, p.cost, round(q.quantity * p.cost, 2),
            CASE o.status WHEN 'received' THEN q.quantity WHEN 'partially_received' THEN CASE WHEN l = 1 THEN q.quantity ELSE 0 END ELSE 0 END
       FROM lists_po o
       CROSS JOIN LATERAL generate_series(1, o.lines) l
       CROSS JOIN LATERAL (SELECT (12 * (1 + (o.g + l) % 8))::numeric AS quantity) q
       JOIN lists_products p ON p.n = 1 + ((o.g * 53 + l * 7919) % ${products})`,
    [b],
  );
  await step(
    'purchase orders',
    `INSERT INTO purchase_orders (id, business_id, number, purchase_order_number, supplier_id, warehouse_id, status, expected_date,
                                  total, paid_amount, paid_at_cancel, created_at, updated_at)
     SELECT o.id, $1, o.g, 'PO-' || lpad(o.g::text, greatest(4, length(o.g::text)), '0'), s.id, $2, o.status, (o.created_at + interval '7 days')::date,
            t.total, CASE WHEN o.status = 'received' THEN t.total ELSE 0 END, CASE WHEN o.status = 'cancelled' THEN 0 END,
            o.created_at, o.created_at + CASE WHEN o.status IN ('received', 'cancelled') THEN interval '6 days' ELSE interval '0' END
       FROM lists_po o
       JOIN lists_suppliers s ON s.n = o.supplier_n
       JOIN (SELECT purchase_order_id, sum(total) AS total FROM purchase_order_items WHERE business_id = $1 GROUP BY purchase_order_id) t
         ON t.purchase_order_id = o.id`,
    [b, warehouseId],
  );

  // Transfers between the two warehouses (2 lines each, all arrived but the last few), counts of
  // 5 products each in the main warehouse; their movements go in with the adjustments below.
  await client.query(
    `CREATE TEMP TABLE lists_transfers AS
     SELECT g, gen_random_uuid() AS id, now() - make_interval(days => ${DAYS}) + ((g - 0.5) / $1) * make_interval(days => ${DAYS}) AS created_at,
            CASE WHEN g > $1 - 20 THEN 'in_transit' WHEN g % 100 = 0 THEN 'cancelled' ELSE 'received' END AS status,
            g % 3 = 0 AS backwards
       FROM generate_series(1, $1) g`,
    [LIST_ROWS.transfers],
  );
  await step(
    'transfers',
    `INSERT INTO transfers (id, business_id, number, transfer_number, from_warehouse_id, to_warehouse_id, status, created_at, received_at, cancelled_at)
     SELECT id, $1, g, 'TR-' || lpad(g::text, greatest(4, length(g::text)), '0'),
            CASE WHEN backwards THEN $3::uuid ELSE $2::uuid END, CASE WHEN backwards THEN $2::uuid ELSE $3::uuid END, status, created_at,
            CASE WHEN status = 'received' THEN created_at + interval '1 day' END, CASE WHEN status = 'cancelled' THEN created_at + interval '2 hours' END
       FROM lists_transfers`,
    [b, warehouseId, backId],
  );
  await step(
    'transfer lines',
    `INSERT INTO transfer_items (business_id, transfer_id, line_no, product_id, quantity, received_quantity)
     SELECT $1, t.id, l, p.id, 6 * l, CASE WHEN t.status = 'received' THEN 6 * l ELSE 0 END
       FROM lists_transfers t CROSS JOIN generate_series(1, 2) l JOIN lists_products p ON p.n = 1 + ((t.g * 101 + l * 13) % ${products})`,
    [b],
  );
  await client.query(
    `CREATE TEMP TABLE lists_counts AS
     SELECT g, gen_random_uuid() AS id, now() - make_interval(days => ${DAYS}) + ((g - 0.5) / $1) * make_interval(days => ${DAYS}) AS created_at
       FROM generate_series(1, $1) g`,
    [LIST_ROWS.stockCounts],
  );
  await step(
    'stock counts',
    `INSERT INTO stock_counts (id, business_id, number, count_number, warehouse_id, note, created_at)
     SELECT id, $1, g, 'CNT-' || lpad(g::text, greatest(4, length(g::text)), '0'), $2, CASE WHEN g % 4 = 0 THEN 'Monthly shelf count' END, created_at
       FROM lists_counts`,
    [b, warehouseId],
  );
  await step(
    'stock count lines',
    `INSERT INTO stock_count_items (business_id, count_id, line_no, product_id, expected_quantity, counted_quantity, difference)
     SELECT $1, c.id, l, p.id, 1000000, 1000000 - d.diff, -d.diff
       FROM lists_counts c CROSS JOIN generate_series(1, 5) l
       CROSS JOIN LATERAL (SELECT ((c.g + l) % 3)::numeric AS diff) d
       JOIN lists_products p ON p.n = 1 + ((c.g * 211 + l * 31) % ${products})`,
    [b],
  );

  // The big tables, filled without their indexes, which are then built once each (sorted) instead
  // of row by row: about half the time.
  await withIndexesBuiltAfter(client, ['stock_movements', 'invoices', 'invoice_items', 'finance_transactions'], log, async () => {
    // The ledger: every order line's `sale` movement (the bulk, as a running business has it; not
    // sorted, 3,000,000 rows: their seq is not their time order), the adjustments, the transfers' and
    // counts' movements (these in time order).
    await step(
      'stock movements of the orders',
      `INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, sale_id, created_at)
       SELECT $1, i.product_id, s.warehouse_id, 'sale', -i.quantity, 1000000 - i.quantity, s.id, s.created_at
         FROM sale_items i JOIN sales s ON s.business_id = $1 AND s.id = i.sale_id
        WHERE i.business_id = $1`,
      [b],
    );
    await step(
      'adjustments',
      `INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, reason, note, created_at)
       SELECT $1, p.id, $2, 'adjustment', q.quantity, 1000000 + q.quantity, (ARRAY['damaged', 'restock', 'correction', 'expired'])[1 + g % 4],
              CASE WHEN g % 7 = 0 THEN 'Found on the shelf check' END,
              now() - make_interval(days => ${DAYS}) + ((g - 0.5) / $3) * make_interval(days => ${DAYS})
         FROM generate_series(1, $3) g
         CROSS JOIN LATERAL (SELECT (CASE WHEN g % 4 = 1 THEN 24 ELSE -(1 + g % 3) END)::numeric AS quantity) q
         JOIN lists_products p ON p.n = 1 + ((g * 61) % ${products})
        ORDER BY 9`,
      [b, warehouseId, LIST_ROWS.adjustments],
    );
    await step(
      'movements of the transfers and counts',
      `INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, transfer_id, count_id, created_at)
       SELECT * FROM (
         SELECT $1::uuid, i.product_id, t.from_warehouse_id, 'transfer_out', -i.quantity, 1000000 - i.quantity, t.id, NULL::uuid, t.created_at
           FROM transfers t JOIN transfer_items i ON i.business_id = $1 AND i.transfer_id = t.id WHERE t.business_id = $1
         UNION ALL
         SELECT $1::uuid, i.product_id, t.to_warehouse_id, 'transfer_in', i.received_quantity, i.received_quantity, t.id, NULL, t.received_at
           FROM transfers t JOIN transfer_items i ON i.business_id = $1 AND i.transfer_id = t.id WHERE t.business_id = $1 AND t.status = 'received'
         UNION ALL
         SELECT $1::uuid, i.product_id, c.warehouse_id, 'count', i.difference, i.counted_quantity, NULL, c.id, c.created_at
           FROM stock_counts c JOIN stock_count_items i ON i.business_id = $1 AND i.count_id = c.id WHERE c.business_id = $1 AND i.difference <> 0
       ) m ORDER BY 9`,
      [b],
    );

    // Invoices for one order in five, paid on the order's day (cancelled with a cancelled order), their
    // lines the order's; numbered in order of the orders.
    await client.query(
      `CREATE TEMP TABLE lists_invoices AS
       SELECT row_number() OVER (ORDER BY s.number) AS n, gen_random_uuid() AS id, s.id AS sale_id, s.customer_id, s.status,
              s.subtotal, s.tax_amount, s.total, s.created_at
         FROM sales s WHERE s.business_id = $1 AND s.number % $2 = 1`,
      [b, LIST_ROWS.invoiceEvery],
    );
    await step(
      'invoices',
      `INSERT INTO invoices (id, business_id, number, invoice_number, customer_id, sale_id, status, currency, subtotal, tax_amount, total,
                             due_date, paid_date, created_at, updated_at)
       SELECT id, $1, n, 'INV-' || lpad(n::text, greatest(4, length(n::text)), '0'), customer_id, sale_id,
              CASE WHEN status = 'cancelled' THEN 'cancelled' ELSE 'paid' END, 'USD', subtotal, tax_amount, total,
              created_at::date, created_at::date, created_at, created_at
         FROM lists_invoices ORDER BY n`,
      [b],
    );
    await step(
      'invoice lines',
      `INSERT INTO invoice_items (business_id, invoice_id, line_no, product_id, product_name, quantity, unit_price, total)
       SELECT $1, v.id, i.line_no, i.product_id, i.product_name, i.quantity, i.unit_price, i.total
         FROM lists_invoices v JOIN sale_items i ON i.business_id = $1 AND i.sale_id = v.sale_id`,
      [b],
    );

    // The finance ledger: each order's income (as the order statement books it), each cancelled
    // order's refund an hour later, and the expenses with their transactions.
    await step(
      'finance: the orders\u2019 income and refunds',
      `INSERT INTO finance_transactions (business_id, type, category, amount, description, sale_id, invoice_id, occurred_on, created_at)
       SELECT $1, t.type, 'sales', s.total, t.prefix || s.sale_number, s.id, v.id, (s.created_at + t.after)::date, s.created_at + t.after
         FROM sales s
         LEFT JOIN lists_invoices v ON v.sale_id = s.id
         CROSS JOIN LATERAL (VALUES ('income', 'Order ', interval '0'), ('refund', 'Refund of order ', interval '1 hour')) t(type, prefix, after)
        WHERE s.business_id = $1 AND (t.type = 'income' OR s.status = 'cancelled')
        ORDER BY s.created_at + t.after`,
      [b],
    );
    await step(
      'expenses',
      `WITH e AS (
         SELECT gen_random_uuid() AS id, gen_random_uuid() AS transaction_id, (ARRAY['rent', 'utilities', 'supplies', 'marketing', 'other'])[1 + g % 5] AS category,
                (20 + (g * 7) % 480)::numeric + 0.5 AS amount, 'Expense ' || g AS description,
                now() - make_interval(days => ${DAYS}) + ((g - 0.5) / $2) * make_interval(days => ${DAYS}) AS created_at
           FROM generate_series(1, $2) g),
       f AS (
         INSERT INTO finance_transactions (id, business_id, type, category, amount, description, reference_id, occurred_on, created_at)
         SELECT transaction_id, $1, 'expense', category, amount, description, id, created_at::date, created_at FROM e ORDER BY e.created_at)
       INSERT INTO expenses (id, business_id, amount, category, description, expense_date, finance_transaction_id, created_at)
       SELECT id, $1, amount, category, description, created_at::date, transaction_id, created_at FROM e`,
      [b, LIST_ROWS.expenses],
    );
  });

  // Webhooks (off, so the run's own orders make no deliveries to these made-up addresses) and keys.
  await step(
    'webhooks',
    `INSERT INTO webhooks (business_id, url, events, secret, is_active, created_at, updated_at)
     SELECT $1, 'https://hooks.example.com/shop/' || g, CASE g % 3 WHEN 0 THEN ARRAY['sale.completed'] WHEN 1 THEN ARRAY['sale.completed', 'sale.cancelled', 'sale.returned'] ELSE ARRAY['stock.low', 'stock.out'] END,
            md5('secret' || g), false, now() - make_interval(days => 60 * g), now() - make_interval(days => 60 * g)
       FROM generate_series(1, $2) g`,
    [b, LIST_ROWS.webhooks],
  );
  await step(
    'API keys',
    `INSERT INTO api_keys (business_id, key_hash, key_prefix, name, scopes, revoked_at, last_used_at, created_at)
     SELECT $1::uuid, encode(sha256(('bench key ' || $1::text || ' ' || g)::bytea), 'hex'), 'bo_' || substr(md5(g::text), 1, 6),
            (ARRAY['Till ', 'Stock room ', 'Accounting ', 'Web shop '])[1 + g % 4] || g,
            CASE g % 4 WHEN 0 THEN ARRAY['sales', 'orders:read'] WHEN 1 THEN ARRAY['inventory', 'purchasing'] WHEN 2 THEN ARRAY['finance', 'invoices'] ELSE ARRAY['orders:read', 'products:read'] END,
            CASE WHEN g % 6 = 0 THEN now() - make_interval(days => g) END, now() - make_interval(hours => g),
            now() - make_interval(days => 20 * g)
       FROM generate_series(1, $2) g`,
    [b, LIST_ROWS.apiKeys],
  );

  await client.query(
    `UPDATE business_counters SET value = CASE name
        WHEN 'purchase_order' THEN $2::bigint WHEN 'transfer' THEN $3::bigint WHEN 'stock_count' THEN $4::bigint
        WHEN 'invoice' THEN (SELECT count(*) FROM lists_invoices) END
      WHERE business_id = $1 AND name IN ('purchase_order', 'transfer', 'stock_count', 'invoice')`,
    [b, LIST_ROWS.purchaseOrders, LIST_ROWS.transfers, LIST_ROWS.stockCounts],
  );
  await client.query(`DROP TABLE lists_products, lists_suppliers, lists_po, lists_transfers, lists_counts, lists_invoices`);
  log(`seeded the lists in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * `work` with the indexes of `tables` (primary keys and unique constraints included) dropped, then
 * made again from their own definitions (pg_get_indexdef, pg_get_constraintdef), so they stay the
 * migrations'. Nothing else may read these tables meanwhile.
 */
async function withIndexesBuiltAfter(client: Client, tables: string[], log: Log, work: () => Promise<void>): Promise<void> {
  const { rows: constraints } = await client.query<{ tbl: string; name: string; def: string }>(
    `SELECT conrelid::regclass::text AS tbl, conname AS name, pg_get_constraintdef(oid) AS def
       FROM pg_constraint WHERE conrelid = ANY($1::regclass[]) AND contype IN ('p', 'u')`,
    [tables],
  );
  const { rows: indexes } = await client.query<{ name: string; def: string }>(
    `SELECT indexrelid::regclass::text AS name, pg_get_indexdef(indexrelid) AS def
       FROM pg_index i WHERE indrelid = ANY($1::regclass[]) AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  for (const c of constraints) await client.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT "${c.name}"`);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  await work();
  const started = Date.now();
  for (const c of constraints) await client.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT "${c.name}" ${c.def}`);
  for (const index of indexes) await client.query(index.def);
  log(`  ${constraints.length + indexes.length} indexes of ${tables.join(', ')} built (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
