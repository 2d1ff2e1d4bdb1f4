import { MigrationInterface, QueryRunner } from 'typeorm';
import { distributeByBusiness, hasCitus } from '../src/database/citus';

/**
 * The inventory valuation maintained with the stock (issue 45, docs/api.md 13): one row per product,
 * `product_valuations`, holding its quantity over every warehouse plus its goods in transit, its
 * average cost, value = round(quantity x average cost, 2), its name and SKU, and its JSON object
 * exactly as GET /reports/inventory-valuation writes it. GET reads the rows with stock in the order
 * of `product_valuations_order_idx` (value descending, name, id) and joins their JSON: no aggregate
 * of the stock levels, no sort, no formatting at read time.
 *
 * Triggers keep it, in the transaction of every change, whatever the path (orders, returns,
 * cancellations, adjustments, counts, receipts, transfers, imports, a hand UPDATE):
 * - `stock_levels`: a level inserted, changed or deleted adds its difference to the product's quantity;
 * - `transfer_items` and `transfers`: a line of an in-transit transfer counts in the quantity (whichever
 *   of the transfer and its lines is written first); a transfer leaving `in_transit` (received,
 *   cancelled) or deleted takes its lines out;
 * - `products`: a new product gets its row (quantity 0); a change of name, SKU or average cost is copied;
 *   a deleted product's row goes with it (foreign key, ON DELETE CASCADE);
 * - `product_valuations` itself: a BEFORE trigger computes value and the JSON from the row's columns,
 *   the one rendering (numbers by trim_scale as the API's mappers write them, texts by to_json as
 *   JSON.stringify escapes them).
 * On Citus every table here is distributed by business in one co-location group: a trigger fires on
 * the shard of its row and writes `product_valuations` of the same business, whose shard is on the
 * same node (executed locally, in the same transaction). Citus creates triggers on distributed tables
 * only with `citus.enable_unsafe_triggers`.
 */

/** The functions and triggers that keep `product_valuations` (see above), one statement each. */
const TRIGGERS = [
  `
  CREATE FUNCTION product_valuations_render() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.value := round(NEW.quantity * NEW.average_cost, 2);
    NEW.json := '{"product_id":"' || NEW.product_id || '","sku":' || to_json(NEW.sku) || ',"name":' || to_json(NEW.name)
                || ',"quantity":' || trim_scale(NEW.quantity) || ',"average_cost":' || trim_scale(NEW.average_cost)
                || ',"value":' || trim_scale(NEW.value) || '}';
    RETURN NEW;
  END $$;`,
  `
  CREATE FUNCTION product_valuations_add(b uuid, p uuid, d numeric) RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    IF d = 0 THEN RETURN; END IF;
    UPDATE product_valuations SET quantity = quantity + d WHERE business_id = b AND product_id = p;
    IF NOT FOUND THEN
      INSERT INTO product_valuations (business_id, product_id, sku, name, quantity, average_cost, value, json)
      SELECT x.business_id, x.id, x.sku, x.name, d, x.average_cost, 0, '' FROM products x WHERE x.business_id = b AND x.id = p
          ON CONFLICT (business_id, product_id) DO UPDATE SET quantity = product_valuations.quantity + EXCLUDED.quantity;
    END IF;
  END $$;`,
  `
  CREATE FUNCTION product_valuations_stock() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'UPDATE' AND NEW.product_id = OLD.product_id AND NEW.business_id = OLD.business_id THEN
      -- the hot path (every order line): one update of the product's row
      UPDATE product_valuations SET quantity = quantity + (NEW.quantity - OLD.quantity)
       WHERE business_id = NEW.business_id AND product_id = NEW.product_id;
      IF NOT FOUND THEN PERFORM product_valuations_add(NEW.business_id, NEW.product_id, NEW.quantity - OLD.quantity); END IF;
      RETURN NULL;
    END IF;
    IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM product_valuations_add(OLD.business_id, OLD.product_id, -OLD.quantity); END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') THEN PERFORM product_valuations_add(NEW.business_id, NEW.product_id, NEW.quantity); END IF;
    RETURN NULL;
  END $$;`,
  `
  CREATE FUNCTION product_valuations_transfer_item() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP IN ('UPDATE', 'DELETE') AND EXISTS (SELECT 1 FROM transfers t WHERE t.business_id = OLD.business_id AND t.id = OLD.transfer_id AND t.status = 'in_transit') THEN
      PERFORM product_valuations_add(OLD.business_id, OLD.product_id, -OLD.quantity);
    END IF;
    IF TG_OP IN ('UPDATE', 'INSERT') AND EXISTS (SELECT 1 FROM transfers t WHERE t.business_id = NEW.business_id AND t.id = NEW.transfer_id AND t.status = 'in_transit') THEN
      PERFORM product_valuations_add(NEW.business_id, NEW.product_id, NEW.quantity);
    END IF;
    RETURN NULL;
  END $$;`,
  `
  -- a transfer entering or leaving in_transit adds or takes out its lines (made in transit: the lines
  -- written before it, the later ones count themselves); BEFORE DELETE, while they exist
  CREATE FUNCTION product_valuations_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    t transfers;
    sign int;
    line record;
  BEGIN
    IF TG_OP = 'INSERT' THEN t := NEW; sign := 1;
    ELSIF TG_OP = 'DELETE' THEN t := OLD; sign := -1;
    ELSIF OLD.status = 'in_transit' THEN t := OLD; sign := -1;
    ELSE t := NEW; sign := 1;
    END IF;
    FOR line IN
      SELECT i.product_id, sum(i.quantity) AS quantity FROM transfer_items i
       WHERE i.business_id = t.business_id AND i.transfer_id = t.id GROUP BY i.product_id ORDER BY i.product_id
    LOOP
      PERFORM product_valuations_add(t.business_id, line.product_id, sign * line.quantity);
    END LOOP;
    RETURN CASE WHEN TG_OP = 'DELETE' THEN OLD ELSE NULL END;
  END $$;`,
  `
  CREATE FUNCTION product_valuations_product() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO product_valuations (business_id, product_id, sku, name, quantity, average_cost, value, json)
      VALUES (NEW.business_id, NEW.id, NEW.sku, NEW.name, 0, NEW.average_cost, 0, '')
      ON CONFLICT (business_id, product_id) DO NOTHING;
    ELSE
      UPDATE product_valuations SET sku = NEW.sku, name = NEW.name, average_cost = NEW.average_cost
       WHERE business_id = NEW.business_id AND product_id = NEW.id;
    END IF;
    RETURN NULL;
  END $$;`,
  `CREATE TRIGGER product_valuations_render BEFORE INSERT OR UPDATE ON product_valuations
   FOR EACH ROW EXECUTE FUNCTION product_valuations_render()`,
  `CREATE TRIGGER product_valuations_stock_update AFTER UPDATE OF business_id, product_id, quantity ON stock_levels
   FOR EACH ROW WHEN (OLD.quantity IS DISTINCT FROM NEW.quantity OR OLD.product_id IS DISTINCT FROM NEW.product_id OR OLD.business_id IS DISTINCT FROM NEW.business_id)
   EXECUTE FUNCTION product_valuations_stock()`,
  `CREATE TRIGGER product_valuations_stock_insert_delete AFTER INSERT OR DELETE ON stock_levels
   FOR EACH ROW EXECUTE FUNCTION product_valuations_stock()`,
  `CREATE TRIGGER product_valuations_transfer_item AFTER INSERT OR DELETE OR UPDATE OF business_id, transfer_id, product_id, quantity ON transfer_items
   FOR EACH ROW EXECUTE FUNCTION product_valuations_transfer_item()`,
  `CREATE TRIGGER product_valuations_transfer_status AFTER UPDATE OF status ON transfers
   FOR EACH ROW WHEN ((OLD.status = 'in_transit') IS DISTINCT FROM (NEW.status = 'in_transit'))
   EXECUTE FUNCTION product_valuations_transfer()`,
  `CREATE TRIGGER product_valuations_transfer_insert AFTER INSERT ON transfers
   FOR EACH ROW WHEN (NEW.status = 'in_transit') EXECUTE FUNCTION product_valuations_transfer()`,
  `CREATE TRIGGER product_valuations_transfer_delete BEFORE DELETE ON transfers
   FOR EACH ROW WHEN (OLD.status = 'in_transit') EXECUTE FUNCTION product_valuations_transfer()`,
  `CREATE TRIGGER product_valuations_product_insert AFTER INSERT ON products
   FOR EACH ROW EXECUTE FUNCTION product_valuations_product()`,
  `CREATE TRIGGER product_valuations_product_update AFTER UPDATE OF sku, name, average_cost ON products
   FOR EACH ROW WHEN (OLD.sku IS DISTINCT FROM NEW.sku OR OLD.name IS DISTINCT FROM NEW.name OR OLD.average_cost IS DISTINCT FROM NEW.average_cost)
   EXECUTE FUNCTION product_valuations_product()`,
];

export class ProductValuations1795932664370 implements MigrationInterface {
  name = 'ProductValuations1795932664370';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE TABLE "product_valuations" ("business_id" uuid NOT NULL, "product_id" uuid NOT NULL, "sku" text NOT NULL, "name" text NOT NULL, "quantity" numeric NOT NULL DEFAULT '0', "average_cost" numeric(18,4) NOT NULL, "value" numeric NOT NULL, "json" text NOT NULL, CONSTRAINT "product_valuations_pkey" PRIMARY KEY ("business_id", "product_id"))`,
    );
    await distributeByBusiness(q, 'product_valuations');
    await q.query(
      `ALTER TABLE "product_valuations" ADD CONSTRAINT "product_valuations_product_fkey" FOREIGN KEY ("business_id", "product_id") REFERENCES "products"("business_id","id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await q.query(`CREATE INDEX "product_valuations_order_idx" ON "product_valuations" ("business_id", "value" DESC, "name", "product_id") WHERE quantity > 0`);
    if (await hasCitus(q)) await q.query(`SET LOCAL citus.enable_unsafe_triggers TO on`);
    // one statement a query: Citus refuses several in one (a prepared statement)
    for (const statement of TRIGGERS) await q.query(statement);
    // the products there are, with their stock and goods in transit (the triggers now hold every writer off until commit)
    await q.query(`
      INSERT INTO product_valuations (business_id, product_id, sku, name, quantity, average_cost, value, json)
      SELECT p.business_id, p.id, p.sku, p.name, coalesce(s.quantity, 0) + coalesce(tr.quantity, 0), p.average_cost, 0, ''
        FROM products p
        LEFT JOIN (SELECT business_id, product_id, sum(quantity) AS quantity FROM stock_levels GROUP BY business_id, product_id) s
               ON s.business_id = p.business_id AND s.product_id = p.id
        LEFT JOIN (SELECT i.business_id, i.product_id, sum(i.quantity) AS quantity
                     FROM transfer_items i JOIN transfers t ON t.business_id = i.business_id AND t.id = i.transfer_id
                    WHERE t.status = 'in_transit' GROUP BY i.business_id, i.product_id) tr
               ON tr.business_id = p.business_id AND tr.product_id = p.id
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    if (await hasCitus(q)) {
      // DROP FUNCTION after DROP TABLE in one transaction: Citus propagates it on the same connections
      await q.query(`SET LOCAL citus.multi_shard_modify_mode TO 'sequential'`);
      await q.query(`SET LOCAL citus.enable_unsafe_triggers TO on`);
    }
    for (const statement of [
      `DROP TRIGGER product_valuations_product_update ON products`,
      `DROP TRIGGER product_valuations_product_insert ON products`,
      `DROP TRIGGER product_valuations_transfer_delete ON transfers`,
      `DROP TRIGGER product_valuations_transfer_insert ON transfers`,
      `DROP TRIGGER product_valuations_transfer_status ON transfers`,
      `DROP TRIGGER product_valuations_transfer_item ON transfer_items`,
      `DROP TRIGGER product_valuations_stock_insert_delete ON stock_levels`,
      `DROP TRIGGER product_valuations_stock_update ON stock_levels`,
      `DROP TABLE product_valuations`,
      `DROP FUNCTION product_valuations_product()`,
      `DROP FUNCTION product_valuations_transfer()`,
      `DROP FUNCTION product_valuations_transfer_item()`,
      `DROP FUNCTION product_valuations_stock()`,
      `DROP FUNCTION product_valuations_add(uuid, uuid, numeric)`,
      `DROP FUNCTION product_valuations_render()`,
    ])
      await q.query(statement);
  }
}
