import { Module } from '@nestjs/common';
import { MetricsServer } from './metrics-server';
import { OutboxBacklog } from './outbox-backlog';

/** Prometheus metrics on their own port (docs/operations.md, "Metrics"); the metrics themselves live beside what they measure. */
@Module({ providers: [MetricsServer, OutboxBacklog] })
export class MetricsModule {}
