import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { DataSource } from 'typeorm';
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
  private readonly logger = new Logger('Activity');
  private timer?: NodeJS.Timeout;
  private stopped = true;
  private shuttingDown = false;
  private running: Promise<unknown> | null = null;

  constructor(
    private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.activityRetentionIntervalMs <= 0) return;
    this.stopped = false;
    this.timer = setInterval(() => this.wake(), this.config.activityRetentionIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.shuttingDown = true;
    clearInterval(this.timer);
    if (this.running) await this.running;
  }

  private wake(): void {
    if (this.stopped || this.running) return;
    this.running = this.removeExpired()
      .catch((err: Error) => this.logger.warn({ msg: 'activity retention failed', error: err?.message ?? String(err) }))
      .finally(() => (this.running = null));
  }

  /** One pass: every entry older than the retention removed; how many. */
  async removeExpired(now = new Date()): Promise<number> {
    const before = new Date(now.getTime() - this.config.activityRetentionDays * 86_400_000);
    let total = 0;
    for (;;) {
      const [{ removed }] = await runStatement(this.db, removeOldActivity, [before, RETENTION_BATCH]);
      total += removed;
      if (removed < RETENTION_BATCH || this.shuttingDown) return total;
    }
  }
}
