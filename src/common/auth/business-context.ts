import { createParamDecorator, ExecutionContext } from '@nestjs/common';

/** The calling business, decided once by the API-key guard. Services never take it from a body. */
export interface BusinessContext {
  id: string;
  name: string;
  currency: string;
  timezone: string;
  keyId: string;
  /** the calling key's name and scopes (docs/api.md 18) */
  keyName: string;
  scopes: string[];
}

export interface AuthenticatedRequest {
  business?: BusinessContext;
  requestId?: string;
}

export const CurrentBusiness = createParamDecorator((_data: unknown, ctx: ExecutionContext): BusinessContext => {
  const req = ctx.switchToHttp().getRequest<AuthenticatedRequest>();
  return req.business!;
});
