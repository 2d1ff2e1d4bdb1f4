import { Request } from 'express';
import { clientAddress, clientUserAgent } from '../http/client';

/** Where a request came from, as the activity log records it (docs/api.md 20). */
export interface RequestOrigin {
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/** The origin of work no request asked for (a background job, the CLI). */
export const NO_ORIGIN: RequestOrigin = { requestId: null, ip: null, userAgent: null };

/**
 * The request's id (request-id.middleware.ts), the client's address and its user agent. Handed to
 * the activity log explicitly, on the caller's BusinessContext (set by authentication) or from the
 * request itself: an AsyncLocalStorage around every request turned on Node's promise hooks for the
 * whole process, 5-11% of an order's CPU (BENCHMARKS.md, "Issue 41").
 */
export function originOf(req: Request & { requestId?: string }): RequestOrigin {
  return { requestId: req.requestId ?? null, ip: clientAddress(req), userAgent: clientUserAgent(req) };
}
