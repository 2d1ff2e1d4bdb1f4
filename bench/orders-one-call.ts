import { Client } from 'pg';
import { OrderReference } from './orders-baseline';
import { BenchBusiness, BenchOrder } from './orders-workload';

/**
 * The one-call reference (issue 15): the writes of one order as ONE plpgsql function, one round trip
 * per order (BEGIN/COMMIT around it are implicit: the call is its own transaction). Same rows as the
 * 19-statement baseline; locks in a fixed order (stock rows by product, then the customer, the sale
 * counter, the invoice counter). The function lives in the bench database only.
 */
const PLACE_ORDER = `
CREATE OR REPLACE FUNCTION bench_place_order(p_business uuid, p_name text, p_email text, p_products uuid[], p_quantities numeric[],
                                             p_tax numeric, p_invoice boolean) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  v_email text := lower(trim(p_email));
  v_warehouse uuid;
  v_customer uuid;
  v_sale uuid := gen_random_uuid();
  v_loyalty uuid := gen_random_uuid();
  v_invoice uuid;
  v_subtotal numeric;
  v_total numeric;
  v_points int;
  v_number bigint;
  v_sale_number text;
  v_invoice_number bigint;
  v_items jsonb;
  v_taken int;
BEGIN
  SELECT id INTO v_warehouse FROM warehouses WHERE business_id = p_business AND is_default;
  SELECT id INTO v_customer FROM customers WHERE business_id = p_business AND email_normalized = v_email;
  IF v_customer IS NULL THEN
    INSERT INTO customers (business_id, name, email, email_normalized) VALUES (p_business, p_name, p_email, v_email) RETURNING id INTO v_customer;
    INSERT INTO outbox_events (id, business_id, type, data)
    VALUES (gen_random_uuid(), p_business, 'customer.created', jsonb_build_object('customer_id', v_customer, 'name', p_name, 'email', p_email, 'phone', null));
  END IF;

  INSERT INTO bench_lines (line_no, product_id, name, sku, quantity, price, total)
  SELECT row_number() OVER (ORDER BY l.p), l.p, p.name, p.sku, l.q, p.price, p.price * l.q
    FROM unnest(p_products, p_quantities) AS l(p, q)
    JOIN products p ON p.business_id = p_business AND p.id = l.p AND p.is_active;
  IF (SELECT count(*) FROM bench_lines) <> array_length(p_products, 1) THEN RAISE EXCEPTION 'unknown product'; END IF;

  PERFORM 1 FROM stock_levels s
    WHERE s.business_id = p_business AND s.warehouse_id = v_warehouse AND s.product_id = ANY (p_products)
    ORDER BY s.product_id FOR UPDATE;
  WITH taken AS (
    UPDATE stock_levels s SET quantity = s.quantity - l.quantity, updated_at = now()
      FROM bench_lines l
     WHERE s.business_id = p_business AND s.warehouse_id = v_warehouse AND s.product_id = l.product_id AND s.quantity >= l.quantity
    RETURNING s.product_id, s.quantity
  )
  UPDATE bench_lines l SET after = t.quantity FROM taken t WHERE t.product_id = l.product_id;
  GET DIAGNOSTICS v_taken = ROW_COUNT;
  IF v_taken <> array_length(p_products, 1) THEN RAISE EXCEPTION 'insufficient stock'; END IF;
  INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, sale_id)
  SELECT p_business, product_id, v_warehouse, 'sale', -quantity, after, v_sale FROM bench_lines ORDER BY line_no;

  SELECT sum(total), jsonb_agg(jsonb_build_object('product_id', product_id, 'product_name', name, 'sku', sku, 'quantity', quantity,
                                                  'unit_price', price, 'discount', 0, 'total', total) ORDER BY line_no)
    INTO v_subtotal, v_items FROM bench_lines;
  v_total := v_subtotal + p_tax;
  v_points := floor(v_total);

  INSERT INTO sale_items (business_id, sale_id, line_no, product_id, product_name, sku, quantity, unit_price, discount, total)
  SELECT p_business, v_sale, line_no, product_id, name, sku, quantity, price, 0, total FROM bench_lines;
  UPDATE customers SET total_spent = total_spent + v_total, total_orders = total_orders + 1, last_purchase_date = now(), updated_at = now()
   WHERE business_id = p_business AND id = v_customer;
  INSERT INTO loyalty_accounts (business_id, customer_id, balance, lifetime_earned) VALUES (p_business, v_customer, v_points, v_points)
  ON CONFLICT (business_id, customer_id) DO UPDATE
     SET balance = loyalty_accounts.balance + v_points, lifetime_earned = loyalty_accounts.lifetime_earned + v_points, updated_at = now();
  IF p_invoice THEN
    v_invoice := gen_random_uuid();
    INSERT INTO invoice_items (business_id, invoice_id, line_no, product_id, product_name, quantity, unit_price, total)
    SELECT p_business, v_invoice, line_no, product_id, name, quantity, price, total FROM bench_lines;
  END IF;

  UPDATE business_counters SET value = value + 1 WHERE business_id = p_business AND name = 'sale' RETURNING value INTO v_number;
  v_sale_number := 'S-' || lpad(v_number::text, 4, '0');
  INSERT INTO sales (id, business_id, number, sale_number, customer_id, warehouse_id, status, payment_status, payment_method, currency,
                     subtotal, tax_amount, shipping_amount, discount_amount, total, loyalty_points_earned, loyalty_transaction_id)
  VALUES (v_sale, p_business, v_number, v_sale_number, v_customer, v_warehouse, 'completed', 'paid', 'cash', 'USD',
          v_subtotal, p_tax, 0, 0, v_total, v_points, v_loyalty);
  INSERT INTO loyalty_transactions (id, business_id, customer_id, type, points, sale_id, description)
  VALUES (v_loyalty, p_business, v_customer, 'earn', v_points, v_sale, 'Points earned on order ' || v_sale_number);
  IF p_invoice THEN
    UPDATE business_counters SET value = value + 1 WHERE business_id = p_business AND name = 'invoice' RETURNING value INTO v_invoice_number;
    INSERT INTO invoices (id, business_id, number, invoice_number, customer_id, sale_id, status, currency, subtotal, tax_amount, total, due_date, paid_date)
    VALUES (v_invoice, p_business, v_invoice_number, 'INV-' || lpad(v_invoice_number::text, 4, '0'), v_customer, v_sale, 'paid', 'USD',
            v_subtotal, p_tax, v_total, current_date, current_date);
  END IF;
  INSERT INTO finance_transactions (business_id, type, category, amount, description, sale_id, invoice_id, occurred_on)
  VALUES (p_business, 'income', 'sales', v_total, 'Order ' || v_sale_number, v_sale, v_invoice, current_date);
  INSERT INTO outbox_events (id, business_id, type, data)
  VALUES (gen_random_uuid(), p_business, 'sale.completed',
          jsonb_build_object('sale_id', v_sale, 'sale_number', v_sale_number, 'total', v_total, 'customer_id', v_customer, 'items', v_items));
  RETURN v_sale_number;
END $$`;

export async function installOneCallOrder(client: Client): Promise<void> {
  await client.query(PLACE_ORDER);
}

/** The function's scratch table of lines, once per connection. */
export async function prepareOneCallSession(client: Client): Promise<void> {
  await client.query(
    `CREATE TEMP TABLE bench_lines (line_no int, product_id uuid, name text, sku text, quantity numeric, price numeric, total numeric, after numeric)
       ON COMMIT DELETE ROWS`,
  );
}

/** One order, one round trip. */
export async function oneCallOrder(client: Client, b: BenchBusiness, order: BenchOrder): Promise<void> {
  await client.query(`SELECT bench_place_order($1, $2, $3, $4::uuid[], $5::numeric[], $6, $7)`, [
    b.id,
    order.customer.name,
    order.customer.email,
    order.items.map((i) => i.product_id),
    order.items.map((i) => i.quantity),
    order.tax_amount,
    order.send_invoice,
  ]);
}

export const ONE_CALL: OrderReference = { prepareSession: prepareOneCallSession, place: oneCallOrder };
