import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Moving average cost (docs/api.md 13). Products carry `average_cost` (and `opening_cost`, where a
 * replay of their ledger starts), both their cost_price at first; sale lines record the average cost
 * they sold at (existing lines: the product's cost_price); stock movements record the cost goods
 * entered at and their insertion order (`seq`, taken under the product's stock lock, so it is the
 * order in which a product's movements happened).
 *
 * `moving_average_cost(on_hand, average, quantity, unit_cost ORDER BY seq)` folds movements into the
 * average from a starting state: goods entering at a cost (unit_cost not null, quantity > 0) make it
 * (on_hand x average + quantity x unit_cost) / (on_hand + quantity), rounded half up to 4 decimals
 * (unit_cost itself when nothing is on hand); every other movement only changes on_hand. The service
 * applies it to the movements it just wrote, `cli verify` to a product's whole ledger: one rule.
 */
export class AverageCost1763800011000 implements MigrationInterface {
  name = 'AverageCost1763800011000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE products ADD average_cost numeric(18,4) NOT NULL DEFAULT '0', ADD opening_cost numeric(18,4) NOT NULL DEFAULT '0';
      UPDATE products SET average_cost = cost_price, opening_cost = cost_price WHERE cost_price IS NOT NULL AND cost_price <> 0;

      ALTER TABLE sale_items ADD unit_cost numeric(18,4) NOT NULL DEFAULT '0', ADD cost_total numeric(33,2) NOT NULL DEFAULT '0';
      UPDATE sale_items i SET unit_cost = p.cost_price, cost_total = round(i.quantity * p.cost_price, 2)
        FROM products p WHERE p.business_id = i.business_id AND p.id = i.product_id AND p.cost_price IS NOT NULL AND p.cost_price <> 0;

      ALTER TABLE stock_movements ADD unit_cost numeric(18,4), ADD seq bigint GENERATED ALWAYS AS IDENTITY NOT NULL;

      CREATE FUNCTION moving_average_cost_step(state numeric[], on_hand numeric, average numeric, quantity numeric, unit_cost numeric)
      RETURNS numeric[] LANGUAGE sql IMMUTABLE AS $$
        SELECT CASE
                 WHEN unit_cost IS NULL OR quantity <= 0 THEN ARRAY[s[1] + quantity, s[2]]
                 WHEN s[1] <= 0 THEN ARRAY[s[1] + quantity, round(unit_cost, 4)]
                 ELSE ARRAY[s[1] + quantity, round((s[1] * s[2] + quantity * unit_cost) / (s[1] + quantity), 4)]
               END
          FROM (SELECT coalesce(state, ARRAY[on_hand, average]) AS s) start
      $$;
      CREATE FUNCTION moving_average_cost_final(state numeric[]) RETURNS numeric LANGUAGE sql IMMUTABLE AS $$ SELECT state[2] $$;
      CREATE AGGREGATE moving_average_cost(numeric, numeric, numeric, numeric) (
        SFUNC = moving_average_cost_step, STYPE = numeric[], FINALFUNC = moving_average_cost_final
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP AGGREGATE moving_average_cost(numeric, numeric, numeric, numeric);
      DROP FUNCTION moving_average_cost_final(numeric[]);
      DROP FUNCTION moving_average_cost_step(numeric[], numeric, numeric, numeric, numeric);
      ALTER TABLE stock_movements DROP COLUMN seq, DROP COLUMN unit_cost;
      ALTER TABLE sale_items DROP COLUMN cost_total, DROP COLUMN unit_cost;
      ALTER TABLE products DROP COLUMN opening_cost, DROP COLUMN average_cost;
    `);
  }
}
