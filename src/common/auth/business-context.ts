import { createParamDecorator, ExecutionContext } from '@nestjs/common';

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
}

export interface AuthenticatedRequest {
  business?: BusinessContext;
  requestId?: string;
}

export const CurrentBusiness = createParamDecorator((_data: unknown, ctx: ExecutionContext): BusinessContext => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  return req.business!;
});
