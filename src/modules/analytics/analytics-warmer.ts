import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource, LessThan } from 'typeorm';
import { PeriodicPass } from '../../common/jobs/periodic-pass';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { runStatement } from '../../database/run-statement';
import { Tx } from '../../database/transaction';
import { AnalyticsPlanner } from './analytics-plan';
import { AnalyticsRollupService } from './analytics-rollup.service';
import { CustomerSnapshotsService } from './customer-snapshots.service';
import { AnalyticsWindowProducts } from './analytics-window-products';
import { AnalyticsWarmWindow } from './entities/analytics-warm-window.entity';
import { businessesToWarm, releaseWarmerLock, tryWarmerLock } from './persistence/analytics-warmer.sql';

/** The windows always warmed, shortest first: each one's days, closed hours, customer snapshot and product rows are built before a request asks. */
export const WARM_WINDOWS = [1, 7, 30, 90, 365] as const;

/** Another window a request had to build is warmed too, until no request has had to for this long. */
export const REMEMBERED_WINDOW_DAYS = 30;

/** How long shutdown waits for a pass under way; its open fill is rolled back when the pool closes. */
const SHUTDOWN_WAIT_MS = 2_000;

/**
 * Builds the analytics rollups in the background (issue 15, "analytics never cold"): every
 * ANALYTICS_WARM_INTERVAL_MS, for each business with sales, the closed days of the last year (the
 * daily rollups, and the product running totals where a product read of the year would take them), the closed hours of the open days, and the
 * customer snapshots and the window product rows (AnalyticsWindowProducts) of the usual windows and
 * of the others requests have asked for (AnalyticsWarmWindow), through the same fills a request would run. Days and
 * hours that close, a bulk load and a correction are thus built here, not by the first request that
 * asks. One pass at a time per database: the pass holds a session advisory lock, and a process that
 * finds it taken skips its turn.
 */
@Injectable()
export class AnalyticsWarmer implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job = new PeriodicPass(new Logger('Analytics'), 'analytics warm-up failed', () => this.warmAll());

  constructor(
    private readonly db: DataSource,
    private readonly planner: AnalyticsPlanner,
    private readonly rollups: AnalyticsRollupService,
    private readonly snapshots: CustomerSnapshotsService,
    private readonly windowProducts: AnalyticsWindowProducts,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.config.analyticsWarmIntervalMs, true);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.job.stop(SHUTDOWN_WAIT_MS);
  }

  /** One pass over every business with sales; `busy` when another process's pass holds the lock. */
  async warmAll(): Promise<'done' | 'busy'> {
    const session = this.db.createQueryRunner();
    try {
      const tx = new Tx(session.manager);
      const [{ locked }] = await tx.run(tryWarmerLock, []);
      if (!locked) return 'busy';
      try {
        for (const business of await runStatement(this.db, businessesToWarm, [])) {
          if (this.job.stopping) break;
          await this.warm(business);
        }
      } finally {
        await tx.run(releaseWarmerLock, []);
      }
      return 'done';
    } finally {
      await session.release();
    }
  }

  /** The longest window's days and hours hold every shorter one's: one fill, then a snapshot per window. */
  private async warm(business: { id: string; timezone: string }): Promise<void> {
    const plans = [];
    for (const days of await this.windowsOf(business.id)) plans.push(await this.planner.plan(business, days));
    const longest = plans[plans.length - 1];
    await this.rollups.fillDays(business.id, business.timezone, longest.firstDay, longest.rollupTo, 'if-chosen');
    await this.rollups.fillBuckets(business.id, longest.windowBuckets);
    for (const plan of plans) await this.snapshots.upToLiveStart(business.id, plan);
    for (const plan of plans) await this.windowProducts.ensure(business.id, plan);
  }

  /** WARM_WINDOWS and the business's remembered windows, shortest first; the ones past REMEMBERED_WINDOW_DAYS are forgotten. */
  private async windowsOf(businessId: string): Promise<number[]> {
    const remembered = this.db.getRepository(AnalyticsWarmWindow);
    const forgetBefore = new Date(this.planner.clock().getTime() - REMEMBERED_WINDOW_DAYS * 86_400_000);
    await remembered.delete({ businessId, lastBuiltAt: LessThan(forgetBefore) });
    const asked = await remembered.find({ select: { days: true }, where: { businessId } });
    return [...new Set<number>([...WARM_WINDOWS, ...asked.map((w) => w.days)])].sort((a, b) => a - b);
  }
}
