import { Injectable } from '@nestjs/common';
import { Gauge } from 'prom-client';
import { DataSource } from 'typeorm';
import { metricsRegistry } from '../../common/metrics/registry';
import { runStatement } from '../../database/run-statement';
import { readOutboxBacklog } from './persistence/outbox-backlog.sql';

const backlog = new Gauge({
  name: 'outbox_backlog',
  help: 'Rows waiting in an outbox: events not yet fanned out to webhook deliveries, mails not yet sent',
  labelNames: ['outbox'] as const,
  registers: [metricsRegistry],
});

const oldestAge = new Gauge({
  name: 'outbox_oldest_age_seconds',
  help: 'Age of the oldest row waiting in an outbox (0 when none waits)',
  labelNames: ['outbox'] as const,
  registers: [metricsRegistry],
});

/** The outbox gauges, read from the database when Prometheus scrapes (one statement), not on a timer. */
@Injectable()
export class OutboxBacklog {
  constructor(private readonly dataSource: DataSource) {}

  async refresh(): Promise<void> {
    for (const row of await runStatement(this.dataSource, readOutboxBacklog, [])) {
      backlog.set({ outbox: row.outbox }, row.backlog);
      oldestAge.set({ outbox: row.outbox }, row.oldest_age_seconds ?? 0);
    }
  }

  /** The database did not answer: no figure rather than a stale one. */
  forget(): void {
    backlog.reset();
    oldestAge.reset();
  }
}
