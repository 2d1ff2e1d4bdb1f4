import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PeriodicPass } from '../../common/jobs/periodic-pass';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { runStatement } from '../../database/run-statement';
import { removeOldActivity } from './persistence/activity-retention.sql';

/** Entries removed per statement. */
export const RETENTION_BATCH = 5_000;

/**
 * The activity log's retention job (docs/api.md 20): every ACTIVITY_RETENTION_INTERVAL_MS, the
 * entries older than ACTIVITY_RETENTION_DAYS are removed, RETENTION_BATCH at a time, each batch its
 * own statement (and transaction). Nothing else deletes an entry. Two processes running it at once
 * remove each batch once (a row the other deleted is skipped), so no lock is taken.
 */
@Injectable()
export class ActivityRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly job = new PeriodicPass(new Logger('Activity'), 'activity retention failed', () => this.removeExpired());

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.job.start(this.config.activityRetentionIntervalMs, false);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.job.stop();
  }

  /** One pass: every entry older than the retention removed; how many. */
  async removeExpired(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.activityRetentionDays * 86_400_000);
    let total = 0;
    for (;;) {
      const [{ removed }] = await runStatement(this.db, removeOldActivity, [before, RETENTION_BATCH]);
      total += removed;
      if (removed < RETENTION_BATCH || this.job.stopping) return total;
    }
  }
}
