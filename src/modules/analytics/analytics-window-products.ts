import { BeforeApplicationShutdown, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { runStatement } from '../../database/run-statement';
import { AnalyticsPlan } from './analytics-plan';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { dayCount } from './analytics-window';
import { AnalyticsWarmWindow } from './entities/analytics-warm-window.entity';
import * as sql from './persistence/analytics-window-products.sql';
import { lockWindowRows } from './persistence/window-product-upkeep.sql';
import { LockRank } from '../../database/lock-order';

/**
 * The closed days of a window length summed per product (analytics_window_products), so a year's
 * top products or margin on 100,000 products reads the first rows of an index instead of
 * aggregating 1.4 million daily rows (issue 45, BENCHMARKS.md "Reports"). Built by the warmer
 * (AnalyticsWarmer) from the daily product rollups, once a day per window length, when they hold
 * exactly the window's closed days; a read uses them only when they hold exactly its window's closed
 * days, and merges the products of the open hours. A day rolled up again after a return or a
 * cancellation is replaced in them by the fill that rolls it up (window-product-upkeep.sql.ts), so
 * they stay in use. A window length no pass has built yet is read from the daily rollups (and the
 * request remembers it for the warmer).
 */
/** How long shutdown waits for the builds under way; an open one is rolled back when the pool closes. */
const SHUTDOWN_WAIT_MS = 2_000;

@Injectable()
export class AnalyticsWindowProducts implements BeforeApplicationShutdown {
  private readonly logger = new Logger('Analytics');
  /** The builds asked of buildSoon, one after the other (each aggregates up to a year of daily rows); keyed by business and length. */
  private readonly queued = new Set<string>();
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: DataSource,
    private readonly rollups: AnalyticsRollupService,
  ) {}

  /** Builds the rows of `plan`'s window length for its closed days unless they hold them already (the daily rollups filled first). */
  async ensure(businessId: string, plan: AnalyticsPlan): Promise<'built' | 'current' | 'none'> {
    if (plan.rollupTo < plan.firstDay) return 'none';
    const [state] = await runStatement(this.db, sql.windowProductState, [businessId, plan.days]);
    if (state && state.first_day === plan.firstDay && state.through === plan.rollupTo) return 'current';
    const built = await this.rollups.withFillLock(businessId, async (tx) => {
      tx.locks.take(LockRank.AnalyticsWindowRows);
      await tx.run(lockWindowRows, [businessId]);
      // under the lock: an invalidation committed before it shows as a missing day, one after it waits
      const [{ days }] = await tx.run(sql.rolledUpDays, [businessId, plan.firstDay, plan.rollupTo]);
      if (days !== dayCount(plan.firstDay, plan.rollupTo)) return 'none' as const;
      await tx.run(sql.deleteWindowProducts, [businessId, plan.days]);
      await tx.run(sql.insertWindowProducts, [businessId, plan.days, plan.firstDay, plan.rollupTo]);
      await tx.run(sql.insertWindowProductState, [businessId, plan.days, plan.firstDay, plan.rollupTo]);
      return 'built' as const;
    });
    // Without statistics the planner takes the new rows for a handful and reads every one of them
    // instead of the first of an index (measured: 330 ms against 22 ms for a year of 100,000 products).
    // Best effort, outside the transaction (ANALYZE cannot be prepared); the rows are right either way.
    if (built === 'built') await sql.analyzeWindowProducts(this.db).catch(() => undefined);
    return built;
  }

  /** A request read the daily rollups for want of these rows: the warmer builds its window length from now on. */
  async remember(businessId: string, days: number): Promise<void> {
    await this.db.getRepository(AnalyticsWarmWindow).upsert({ businessId, days, lastBuiltAt: new Date() }, ['businessId', 'days']);
  }

  /**
   * Builds the rows of `plan` (its days rolled up: a read has just filled them) after the builds
   * already asked for, unless one for this business and length is waiting, so that the reads of a
   * length first asked, or of yesterday's window after midnight, use rows within seconds rather than
   * after the next warm-up pass (ANALYTICS_WARM_INTERVAL_MS).
   */
  buildSoon(businessId: string, plan: AnalyticsPlan): void {
    const key = `${businessId}:${plan.days}`;
    if (this.queued.has(key)) return;
    this.queued.add(key);
    this.queue = this.queue.then(async () => {
      this.queued.delete(key);
      await this.ensure(businessId, plan).catch((err: unknown) => {
        this.logger.warn(`building the ${plan.days}-day product rows of business ${businessId} failed: ${err instanceof Error ? err.message : String(err)}`);
      });
    });
  }

  /** Resolves when the builds asked of buildSoon so far are done. */
  settled(): Promise<void> {
    return this.queue;
  }

  async beforeApplicationShutdown(): Promise<void> {
    await Promise.race([this.queue, new Promise((resolve) => setTimeout(resolve, SHUTDOWN_WAIT_MS).unref())]);
  }
}
