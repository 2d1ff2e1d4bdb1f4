import { NextFunction, Request, Response } from 'express';
import { JsonLogger } from '../logging/json-logger';
import { AuthenticatedRequest } from '../auth/business-context';
import { routeOf } from './route-of';

/** One structured line per request: method, path, route, status, duration, request and business ids. */
export function accessLogMiddleware(logger: JsonLogger) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const started = process.hrtime.bigint();
    res.on('finish', () => {
      const level = res.statusCode >= 500 ? 'error' : 'info';
      if (!logger.isEnabled(level)) return;
      const r = req as Request & AuthenticatedRequest;
      logger.write(
        level,
        {
          msg: 'request',
          method: req.method,
          path: req.originalUrl.split('?')[0],
          route: routeOf(req),
          status: res.statusCode,
          duration_ms: Number(process.hrtime.bigint() - started) / 1e6,
          request_id: r.requestId,
          business_id: r.business?.id,
        },
        'Http',
      );
    });
    next();
  };
}
