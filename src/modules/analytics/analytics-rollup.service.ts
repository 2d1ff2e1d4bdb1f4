import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { HourBucket } from './analytics-buckets';
import * as rollupSql from './persistence/analytics-rollups.sql';
import * as windowUpkeep from './persistence/window-product-upkeep.sql';
import * as reportSql from './persistence/analytics-reports.sql';
import { runStatement } from '../../database/run-statement';

/**
 * What a fill does to the product running totals: `extend` them to the last rolled-up day (a read
 * that takes them), only `rewind` them before a day it rolled up again (a read that does not), or
 * extend them `if-chosen`, when a product read of the filled days would take them (TOTALS_CHOICE: the
 * warmer). Extending after a return of an old sale rewrites every later day's totals: 407,000 rows
 * and 4.3-4.5 s of a warm-up pass for 100 days of the 100,000-product bench business, whose reads
 * never take them.
 */
export type TotalsUpkeep = 'extend' | 'rewind' | 'if-chosen';

/** A first fill this large changes the rollups' size by orders of magnitude: see fillDays. */
const ANALYZE_AFTER_DAYS = 28;
/** Product running totals written at once beyond which their statistics are refreshed too. */
const ANALYZE_AFTER_TOTALS = 50_000;

/**
 * The lazily filled analytics rollups. Reads fill them for CLOSED days and hour buckets only, the
 * first time they are asked for; the order write path never touches them, so concurrent orders
 * never queue on a rollup row.
 *
 * A sale that changes after its day or hour closed (a cancellation) makes the rollups stale: the
 * code that changes it calls `invalidate` in the same transaction. Fills hold a shared advisory
 * lock per business and `invalidate` an exclusive one until its transaction ends, so a fill never
 * computes from a sale as it was before a committed change and stores it after the invalidation:
 * either the fill finishes first and the invalidation marks its day as not rolled up, or the fill
 * waits for the change to commit and reads it.
 */
@Injectable()
export class AnalyticsRollupService {
  private readonly logger = new Logger(AnalyticsRollupService.name);

  constructor(
    private readonly uow: UnitOfWork,
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Forgets every rollup that includes a sale created at `saleCreatedAt`: the daily and hourly rows
   * of its day (in the business time zone) and the customer snapshots that reach past it (returning
   * customers and lifetime values look at all earlier history). Call it in the transaction that
   * changes the sale's status, total or lines, preferably as one of its last statements (it holds
   * the business's rollup lock until commit). Harmless when nothing was rolled up yet.
   */
  async invalidate(tx: Tx, businessId: string, saleCreatedAt: Date): Promise<void> {
    tx.locks.take(LockRank.AnalyticsRollup);
    await tx.run(rollupSql.lockRollupsExclusive, [rollupSql.ROLLUP_LOCK_CLASS, businessId]);
    await tx.run(rollupSql.invalidateRollups, [businessId, saleCreatedAt.toISOString()]);
  }

  /**
   * Rolls up every day of [from, to] that is not rolled up yet (the caller passes closed days only),
   * a day rolled up again changing its product rows and the window product rows holding it by what
   * changed (window-product-upkeep.sql.ts), and rewinds the product running totals before such a day.
   * Then, as `totals` says, brings those totals up to the last rolled-up day in a transaction of
   * their own, so the window rows' lock is not held while they are written.
   */
  async fillDays(businessId: string, timeZone: string, from: string, to: string, totals: TotalsUpkeep): Promise<void> {
    if (to < from) return;
    const days = await this.withFillLock(businessId, async (tx) => {
      tx.locks.take(LockRank.AnalyticsWindowRows);
      await tx.run(windowUpkeep.lockWindowRows, [businessId]);
      const [row] = await tx.run(rollupSql.fillDays, [businessId, from, to, timeZone]);
      if (row.kept.length > 0) await tx.run(windowUpkeep.refreshDayProducts, [businessId, row.kept, timeZone]);
      const firstTime = row.days.filter((day) => !row.kept.includes(day));
      if (firstTime.length > 0) await tx.run(windowUpkeep.addFilledDays, [businessId, firstTime]);
      if (row.days.length > 0) {
        await tx.run(windowUpkeep.dropEmptyWindowProducts, [businessId]);
        await tx.run(rollupSql.lockProductTotals, [businessId, row.days[0]]);
      }
      await tx.run(rollupSql.dropHourlySalesThrough, [businessId, to]);
      await tx.run(rollupSql.dropHourlyProductsThrough, [businessId, to]);
      return row.days.length;
    });
    const extend = totals === 'extend' || (totals === 'if-chosen' && (await this.totalsChosen(businessId, from, to)));
    const written = extend ? await this.extendProductTotals(businessId) : 0;
    // Without fresh statistics after a large first fill, the planner sorts a year of product rows on
    // disk instead of hashing them (3x slower), or scans the running totals instead of probing them,
    // until autovacuum comes by. Best effort: the figures are already stored and right either way.
    if (days >= ANALYZE_AFTER_DAYS || written >= ANALYZE_AFTER_TOTALS) {
      await rollupSql.analyzeDailyRollups(this.db).catch((err: unknown) => {
        this.logger.warn(`ANALYZE of the analytics rollups failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    }
  }

  private async totalsChosen(businessId: string, from: string, to: string): Promise<boolean> {
    const [row] = await runStatement(this.db, reportSql.totalsChosen, [businessId, from, to]);
    return row.use_totals;
  }

  /** The product running totals brought up to the last rolled-up day: their state row locked, stale rows dropped, then extended. */
  private extendProductTotals(businessId: string): Promise<number> {
    return this.withFillLock(businessId, async (tx) => {
      await tx.run(rollupSql.lockProductTotals, [businessId, null]);
      await tx.run(rollupSql.dropStaleProductTotals, [businessId]);
      const [row] = await tx.run(rollupSql.extendProductTotals, [businessId]);
      return row.written;
    });
  }

  /** Rolls up the given closed hour buckets that are not rolled up yet. */
  async fillBuckets(businessId: string, buckets: HourBucket[]): Promise<void> {
    if (buckets.length === 0) return;
    await this.withFillLock(businessId, (tx) =>
      tx.run(rollupSql.fillBuckets, [
        businessId,
        buckets.map((b) => b.day),
        buckets.map((b) => b.hour),
        buckets.map((b) => b.start.toISOString()),
        buckets.map((b) => b.end.toISOString()),
      ]),
    );
  }

  /** A transaction holding the business's rollup lock in shared mode (fills share it; an invalidation waits for them). */
  withFillLock<T>(businessId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.uow.run(async (tx) => {
      tx.locks.take(LockRank.AnalyticsRollup);
      await tx.run(rollupSql.lockRollupsShared, [rollupSql.ROLLUP_LOCK_CLASS, businessId]);
      await tx.run(rollupSql.fillSettings, [String(this.config.dbLongStatementTimeoutMs)]);
      return work(tx);
    });
  }
}
