import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { createServer, IncomingMessage, Server, ServerResponse } from 'http';
import { DataSource } from 'typeorm';
import { collectProcessMetrics, metricsRegistry } from '../../common/metrics/registry';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { watchPool } from '../../database/database-metrics';
import { OutboxBacklog } from './outbox-backlog';

/**
 * GET /metrics in Prometheus text on METRICS_HOST:METRICS_PORT, a listener of its own: the API's port
 * never serves it, so metrics are reachable only where the operator binds them (127.0.0.1 unless
 * told otherwise). Off when METRICS_PORT is unset.
 */
@Injectable()
export class MetricsServer implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Metrics');
  private server?: Server;
  private unwatchPool?: () => void;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly dataSource: DataSource,
    private readonly backlog: OutboxBacklog,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.config.metricsPort === undefined) return;
    collectProcessMetrics();
    this.unwatchPool = watchPool(this.dataSource);
    const server = createServer((req, res) => void this.answer(req, res));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.config.metricsPort, this.config.metricsHost, () => resolve());
    });
    this.server = server;
    this.logger.log(`metrics on http://${this.config.metricsHost}:${this.config.metricsPort}/metrics`);
  }

  async onApplicationShutdown(): Promise<void> {
    this.unwatchPool?.();
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'GET' || req.url?.split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found\n');
      return;
    }
    try {
      await this.backlog.refresh();
    } catch (err) {
      this.backlog.forget();
      this.logger.warn({ msg: 'outbox backlog not read for a scrape', error: (err as Error)?.message ?? String(err) });
    }
    try {
      const body = await metricsRegistry.metrics();
      res.writeHead(200, { 'Content-Type': metricsRegistry.contentType }).end(body);
    } catch (err) {
      this.logger.error({ msg: 'metrics scrape failed', err: err as Error });
      res.writeHead(500, { 'Content-Type': 'text/plain' }).end('metrics failed\n');
    }
  }
}
