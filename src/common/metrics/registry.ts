import { collectDefaultMetrics, Registry } from 'prom-client';

/**
 * The process's one Prometheus registry (docs/operations.md, "Metrics"): every metric of the service
 * is registered here and served by the metrics server on METRICS_PORT. Process-wide, like the
 * process metrics it carries; prom-client's defaults (event-loop lag, heap, GC) are added once.
 */
export const metricsRegistry = new Registry();

let defaultsCollected = false;

export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics({ register: metricsRegistry });
}
