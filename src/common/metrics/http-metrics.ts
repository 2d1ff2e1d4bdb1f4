import { NextFunction, Request, Response } from 'express';
import { Histogram } from 'prom-client';
import { metricsRegistry } from './registry';
import { routeOf } from '../http/route-of';

/** OpenTelemetry's advised boundaries for http.server.request.duration, in seconds. */
export const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10];

const requestDuration = new Histogram({
  name: 'http_server_request_duration_seconds',
  help: 'Duration of HTTP requests served on the API port, by method, route template and status code',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: DURATION_BUCKETS,
  registers: [metricsRegistry],
});

/** The methods a label may hold; any other method a client sends is `_OTHER` (OpenTelemetry's rule). */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT']);

/**
 * Every request's duration, labelled only with what the code decides (the route's template, never
 * the path a client sent): `unmatched` when no route answered (a 404, the console's files).
 */
export function httpMetricsMiddleware(req: Request, res: Response, next: NextFunction): void {
  const started = process.hrtime.bigint();
  res.once('finish', () => {
    requestDuration.observe(
      {
        method: KNOWN_METHODS.has(req.method) ? req.method : '_OTHER',
        route: routeOf(req) ?? 'unmatched',
        status_code: String(res.statusCode),
      },
      Number(process.hrtime.bigint() - started) / 1e9,
    );
  });
  next();
}
