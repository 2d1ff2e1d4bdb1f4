import { Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { localDateSql } from '../../common/time/zone-sql';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { HourBucket } from './analytics-buckets';
import { FILL_BUCKETS_SQL, FILL_DAYS_SQL } from './analytics-sql';

/** Advisory lock class of the analytics rollups; the second key is hashtext(business id). */
const LOCK_CLASS = 0x414e4c59;
/** Aggregating a year of sales in one statement: enough memory to keep the hash tables off disk. */
const FILL_WORK_MEM = '64MB';
const ANALYZE_AFTER_DAYS = 28;

/**
 * The lazily filled analytics rollups (migrations/1763800004000-Analytics.ts). Reads fill them for
 * CLOSED days and hour buckets only, the first time they are asked for; the order write path never
 * touches them, so concurrent orders never queue on a rollup row.
 *
 * A sale that changes after its day or hour closed (a cancellation) makes the rollups stale: the
 * code that changes it calls `invalidate` in the same transaction. Fills hold a shared advisory
 * lock per business and `invalidate` an exclusive one until its transaction ends, so a fill never
 * computes from a sale as it was before a committed change and stores it after the delete: either
 * the fill finishes first and the delete removes its rows, or the fill waits for the change to
 * commit and reads it.
 */
@Injectable()
export class AnalyticsRollupService {
  private readonly logger = new Logger(AnalyticsRollupService.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly db: DataSource,
  ) {}

  /**
   * Forgets every rollup that includes a sale created at `saleCreatedAt`: the daily and hourly rows
   * of its day (in the business time zone) and the customer snapshots that reach past it (returning
   * customers and lifetime values look at all earlier history). Call it in the transaction that
   * changes the sale's status, total or lines, preferably as one of its last statements (it holds
   * the business's rollup lock until commit). Harmless when nothing was rolled up yet.
   */
  async invalidate(tx: Tx, businessId: string, saleCreatedAt: Date): Promise<void> {
    await tx.query(`SELECT pg_advisory_xact_lock($1, hashtext($2))`, [LOCK_CLASS, businessId]);
    await tx.query(
      `WITH d AS (
         SELECT ${localDateSql('$2::timestamptz', 'b.timezone')} AS day FROM businesses b WHERE b.id = $1
       ), daily AS (
         DELETE FROM analytics_daily_sales r USING d WHERE r.business_id = $1 AND r.day = d.day
       ), daily_products AS (
         DELETE FROM analytics_daily_products r USING d WHERE r.business_id = $1 AND r.day = d.day
       ), hourly AS (
         DELETE FROM analytics_hourly_sales r USING d WHERE r.business_id = $1 AND r.day = d.day
       ), hourly_products AS (
         DELETE FROM analytics_hourly_products r USING d WHERE r.business_id = $1 AND r.day = d.day
       )
       DELETE FROM analytics_customer_snapshots s WHERE s.business_id = $1 AND s.through > $2::timestamptz`,
      [businessId, saleCreatedAt.toISOString()],
    );
  }

  /** Rolls up every day of [from, to] that is not rolled up yet (the caller passes closed days only). */
  async fillDays(businessId: string, timeZone: string, from: string, to: string): Promise<void> {
    if (to < from) return;
    const filled = await this.withFillLock(businessId, async (tx) => {
      const [row] = await tx.query<{ days: number }>(FILL_DAYS_SQL, [businessId, from, to, timeZone]);
      // Hour buckets of days now rolled up as whole days are not read again.
      await tx.query(`DELETE FROM analytics_hourly_sales WHERE business_id = $1 AND day <= $2`, [businessId, to]);
      await tx.query(`DELETE FROM analytics_hourly_products WHERE business_id = $1 AND day <= $2`, [businessId, to]);
      return row.days;
    });
    // A large first fill changes the tables' size by orders of magnitude: without fresh statistics
    // the planner sorts a year of product rows on disk instead of hashing them (3x slower), until
    // autovacuum comes by. Best effort: the figures are already stored and right either way.
    if (filled >= ANALYZE_AFTER_DAYS) {
      await this.db.query(`ANALYZE analytics_daily_sales, analytics_daily_products`).catch((err) => {
        this.logger.warn(`ANALYZE of the analytics rollups failed: ${err?.message ?? err}`);
      });
    }
  }

  /** Rolls up the given closed hour buckets that are not rolled up yet. */
  async fillBuckets(businessId: string, buckets: HourBucket[]): Promise<void> {
    if (buckets.length === 0) return;
    await this.withFillLock(businessId, (tx) =>
      tx.query(FILL_BUCKETS_SQL, [
        businessId,
        buckets.map((b) => b.day),
        buckets.map((b) => b.hour),
        buckets.map((b) => b.start.toISOString()),
        buckets.map((b) => b.end.toISOString()),
      ]),
    );
  }

  /** A transaction holding the business's rollup lock in shared mode (fills never block each other). */
  withFillLock<T>(businessId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.uow.run(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock_shared($1, hashtext($2))`, [LOCK_CLASS, businessId]);
      // Cost estimates of a year-long fill cross the JIT threshold; compiling costs more than it saves.
      await tx.query(`SET LOCAL work_mem = '${FILL_WORK_MEM}'; SET LOCAL jit = off`);
      return work(tx);
    });
  }
}
