import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { RequestOrigin } from '../activity/request-context';
import { DomainError } from '../errors/domain-error';

/** Who acts in a request (docs/api.md 19, 20): a signed-in member, an API key, or the service itself. */
export interface Actor {
  type: 'staff' | 'key' | 'system';
  /** the member's id (staff), the key's id (key); null for the system */
  id: string | null;
  /** the member's name or the key's name, as the activity log and `created_by` show it */
  name: string;
}

/** The calling business, decided once by authentication. Services never take it from a body. */
export interface BusinessContext {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  /** the calling key's id; '' when a member's session calls */
  keyId: string;
  /** the calling key's name and scopes (docs/api.md 18); a member's scopes are those of the member's role */
  keyName: string;
  scopes: string[];
  actor: Actor;
  /** where the request came from (set per request by authentication; absent for the service's own work) */
  origin?: RequestOrigin;
}

/** The staff session a request is authenticated by (docs/api.md 19); absent for a key. */
export interface RequestSession {
  id: string;
  userId: string;
  csrfToken: string;
}

export interface AuthenticatedRequest {
  business?: BusinessContext;
  session?: RequestSession;
  requestId?: string;
}

/**
 * The staff session of the request (the routes under /auth that act on one); a request authenticated
 * by an API key has none: 401, since only a signed-in user can call them.
 */
export const CurrentSession = createParamDecorator((_data: unknown, ctx: ExecutionContext): RequestSession => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  if (!req.session) throw new DomainError('UNAUTHORIZED', 'This route needs a signed-in user (the bo_session cookie), not an API key');
  return req.session;
});

export const CurrentBusiness = createParamDecorator((_data: unknown, ctx: ExecutionContext): BusinessContext => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  return req.business!;
});
