import { NextFunction, Request, Response } from 'express';
import { AuthenticatedRequest } from '../auth/business-context';
import { MAX_USER_AGENT_CHARS, RequestOrigin, requestOrigins } from './request-context';

/**
 * Sets the request's origin (its X-Request-Id, the client's address, its user agent) for the rest of
 * its handling, so the activity writer finds it in any transaction the handler runs. Mounted after
 * the body parsers: their callbacks run in the socket's async context, not in one a middleware before
 * them set; everything after this one (routing, guards, pipes, the handler and the promises it starts)
 * runs inside. A middleware rather than a global interceptor: an interceptor puts an rxjs chain into
 * every request (src/common/http/envelope.ts).
 */
export function requestOriginMiddleware(req: Request, _res: Response, next: NextFunction): void {
  const agent = req.headers['user-agent'];
  const origin: RequestOrigin = {
    requestId: (req as Request & AuthenticatedRequest).requestId ?? null,
    ip: req.socket?.remoteAddress ?? null,
    userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT_CHARS) : null,
  };
  requestOrigins.run(origin, next);
}
