import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { ClosedCustomerStats, TOP_CUSTOMERS } from './customer-stats';

/** Advisory lock class of the analytics rollups; the second key is hashtext(business id). */
const LOCK_CLASS = 0x414e4c59;
/** Aggregating a year of sales in one statement: enough memory to keep the hash tables off disk. */
const FILL_WORK_MEM = '64MB';
const ANALYZE_AFTER_DAYS = 28;

/**
 * $1 business, $2..$3 the days, $4 time zone. One row per missing day (zeros included: the row
 * marks the day as rolled up), product rows only for the days this statement inserted, so two
 * concurrent fills of one day never mix. Returns the number of days inserted.
 */
const FILL_DAYS_SQL = `
  WITH missing AS (
    SELECT d::date AS day FROM generate_series($2::date, $3::date, interval '1 day') d
     WHERE NOT EXISTS (SELECT 1 FROM analytics_daily_sales r WHERE r.business_id = $1 AND r.day = d::date)
  ), bounds AS (
    SELECT min(day) AS lo, max(day) AS hi FROM missing
  ), sold AS MATERIALIZED (
    SELECT s.id, s.total, (s.created_at AT TIME ZONE $4)::date AS day
      FROM bounds, sales s
     WHERE s.business_id = $1 AND s.status = 'completed'
       AND s.created_at >= (bounds.lo::timestamp AT TIME ZONE $4)
       AND s.created_at < ((bounds.hi + 1)::timestamp AT TIME ZONE $4)
       AND (s.created_at AT TIME ZONE $4)::date IN (SELECT day FROM missing)
  ), day_rows AS (
    INSERT INTO analytics_daily_sales (business_id, day, orders, revenue)
    SELECT $1, m.day, count(s.id), coalesce(sum(s.total), 0)
      FROM missing m LEFT JOIN sold s ON s.day = m.day
     GROUP BY m.day
    ON CONFLICT DO NOTHING
    RETURNING day
  ), product_rows AS (
    INSERT INTO analytics_daily_products (business_id, day, product_id, quantity, revenue)
    SELECT $1, s.day, i.product_id, sum(i.quantity), sum(i.total)
      FROM sold s
      -- OFFSET 0 keeps this a per-sale probe of the (business_id, sale_id) index: as a hash join
      -- it would read the sale lines of the business's whole history.
     CROSS JOIN LATERAL (
       SELECT li.product_id, li.quantity, li.total FROM sale_items li
        WHERE li.business_id = $1 AND li.sale_id = s.id OFFSET 0
     ) i
     WHERE s.day IN (SELECT day FROM day_rows)
     GROUP BY s.day, i.product_id
    ON CONFLICT DO NOTHING
  )
  SELECT count(*)::int AS days FROM day_rows`;

/**
 * The lazily filled analytics rollups (migrations/1763800004000-Analytics.ts). Reads fill them for
 * CLOSED days only, the first time a day is asked for; the order write path never touches them,
 * so concurrent orders never queue on a rollup row.
 *
 * A sale of a closed day that changes afterwards (a cancellation) makes that day's rollup stale:
 * the code that changes it calls `invalidate` in the same transaction. Fills hold a shared
 * advisory lock per business and `invalidate` an exclusive one until its transaction ends, so a
 * fill never computes from the sale as it was before a committed change and stores it after the
 * delete: either the fill finishes first and the delete removes its rows, or the fill waits for
 * the change to commit and reads it.
 */
@Injectable()
export class AnalyticsRollupService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly db: DataSource,
  ) {}

  /**
   * Forgets the rollups that include the day (in the business time zone) of a sale created at
   * `saleCreatedAt`: that day's sales and product rows, and every customer snapshot whose closed
   * days reach that day (returning customers and lifetime values look at all earlier history).
   * Call it in the transaction that changes the sale's status, total or lines, preferably as one
   * of its last statements (it holds the business's rollup lock until commit). Harmless for an
   * open day (nothing is rolled up yet) and for a day never queried.
   */
  async invalidate(tx: Tx, businessId: string, saleCreatedAt: Date): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [LOCK_CLASS, businessId]);
    await tx.query(
      `WITH d AS (
         SELECT ($2::timestamptz AT TIME ZONE b.timezone)::date AS day FROM businesses b WHERE b.id = $1
       ), sales_rows AS (
         DELETE FROM analytics_daily_sales r USING d WHERE r.business_id = $1 AND r.day = d.day
       ), product_rows AS (
         DELETE FROM analytics_daily_products r USING d WHERE r.business_id = $1 AND r.day = d.day
       )
       DELETE FROM analytics_customer_snapshots s USING d WHERE s.business_id = $1 AND s.last_day >= d.day`,
      [businessId, saleCreatedAt.toISOString()],
    );
  }

  /** Rolls up every day of [from, to] that is not rolled up yet (the caller passes closed days only). */
  async fillDays(businessId: string, timeZone: string, from: string, to: string): Promise<void> {
    if (to < from) return;
    const filled = await this.uow.run(async (tx) => {
      await this.lockShared(tx, businessId);
      const [row] = await tx.query<{ days: number }>(FILL_DAYS_SQL, [businessId, from, to, timeZone]);
      return row.days;
    });
    // A large first fill changes the tables' size by orders of magnitude: without fresh statistics
    // the planner sorts a year of product rows on disk instead of hashing them (3x slower), until
    // autovacuum comes by.
    if (filled >= ANALYZE_AFTER_DAYS) await this.db.query(`ANALYZE analytics_daily_sales, analytics_daily_products`);
  }

  async findCustomerSnapshot(businessId: string, firstDay: string, lastDay: string): Promise<ClosedCustomerStats | undefined> {
    const rows: { data: ClosedCustomerStats }[] = await this.db.query(
      `SELECT data FROM analytics_customer_snapshots WHERE business_id = $1 AND last_day = $3 AND first_day = $2`,
      [businessId, firstDay, lastDay],
    );
    return rows[0]?.data;
  }

  /**
   * The closed part of /analytics/customers for the window starting on `firstDay`, with history up
   * to `lastDay` (the last closed day), computed from the sales and stored. Snapshots of earlier
   * last days can never be asked for again (days only close forward) and are dropped.
   */
  async buildCustomerSnapshot(businessId: string, timeZone: string, firstDay: string, lastDay: string): Promise<ClosedCustomerStats> {
    return this.uow.run(async (tx) => {
      await this.lockShared(tx, businessId);
      const [row] = await tx.query<{ data: ClosedCustomerStats }>(
        `WITH per AS (
           SELECT customer_id,
                  count(*) FILTER (WHERE created_at >= ($2::date::timestamp AT TIME ZONE $4)) AS n,
                  coalesce(sum(total) FILTER (WHERE created_at >= ($2::date::timestamp AT TIME ZONE $4)), 0) AS spent,
                  bool_or(created_at < ($2::date::timestamp AT TIME ZONE $4)) AS before,
                  sum(total) AS lifetime
             FROM sales
            WHERE business_id = $1 AND status = 'completed' AND customer_id IS NOT NULL
              AND created_at < (($3::date + 1)::timestamp AT TIME ZONE $4)
            GROUP BY customer_id
         ), top AS (
           SELECT customer_id, n::int AS orders, spent::text AS spent FROM per WHERE n > 0
            ORDER BY per.spent DESC, per.n DESC, per.customer_id LIMIT $5
         )
         SELECT json_build_object(
                  'active', count(*) FILTER (WHERE n > 0),
                  'repeat', count(*) FILTER (WHERE n >= 2),
                  'returning', count(*) FILTER (WHERE n > 0 AND before),
                  'buyers', count(*),
                  'lifetime_revenue', coalesce(sum(lifetime), 0)::text,
                  'top', (SELECT coalesce(json_agg(top), '[]'::json) FROM top)
                ) AS data
           FROM per`,
        [businessId, firstDay, lastDay, timeZone, TOP_CUSTOMERS],
      );
      await tx.query(`DELETE FROM analytics_customer_snapshots WHERE business_id = $1 AND last_day < $2`, [businessId, lastDay]);
      await tx.query(
        `INSERT INTO analytics_customer_snapshots (business_id, first_day, last_day, data) VALUES ($1, $2, $3, $4)
         ON CONFLICT DO NOTHING`,
        [businessId, firstDay, lastDay, JSON.stringify(row.data)],
      );
      return row.data;
    });
  }

  private async lockShared(tx: Tx, businessId: string): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock_shared($1, hashtext($2))`, [LOCK_CLASS, businessId]);
    // Cost estimates of a year-long fill cross the JIT threshold; compiling costs more than it saves.
    await tx.query(`SET LOCAL work_mem = '${FILL_WORK_MEM}'; SET LOCAL jit = off`);
  }
}
