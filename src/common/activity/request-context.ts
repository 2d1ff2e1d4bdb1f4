import { AsyncLocalStorage } from 'async_hooks';

/** Where a request came from, as the activity log records it (docs/api.md 20). */
export interface RequestOrigin {
  requestId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/**
 * The origin of the request being handled, set once per request (RequestOriginInterceptor, global)
 * and read by the activity writer in the request's transaction; undefined outside a request (a
 * background job, the CLI), whose entries then carry nulls.
 */
export const requestOrigins = new AsyncLocalStorage<RequestOrigin>();

const NO_ORIGIN: RequestOrigin = { requestId: null, ip: null, userAgent: null };

export function currentRequestOrigin(): RequestOrigin {
  return requestOrigins.getStore() ?? NO_ORIGIN;
}

/** A user agent is kept to this many characters (a header may be far longer). */
export const MAX_USER_AGENT_CHARS = 512;
