import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../errors/domain-error';
import { hashApiKey, parseBearer } from './api-key';
import { ApiKeyLookup } from './api-key-lookup';
import { AuthenticatedRequest } from './business-context';
import { IS_PUBLIC } from './public.decorator';
import { originOf } from '../activity/request-context';

/**
 * Bearer API-key authentication. The key is hashed before the lookup, and unknown and revoked keys
 * take the same path (one indexed query, same answer), so timing does not tell them apart.
 */
@Injectable()
export class ApiKeyGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly keys: ApiKeyLookup,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, [context.getHandler(), context.getClass()]);
    if (isPublic) return true;
    const req = context.switchToHttp().getRequest<AuthenticatedRequest & { headers: Record<string, string> }>();
    if (req.business) return true; // EarlyAuthentication found the key before the body was read
    const key = parseBearer(req.headers.authorization);
    if (!key) throw new DomainError('UNAUTHORIZED', 'Missing or malformed Authorization header (expected: Bearer <API key>)');
    const business = await this.keys.findActive(hashApiKey(key));
    if (!business) throw new DomainError('UNAUTHORIZED', 'Invalid or revoked API key');
    req.business = { ...business, origin: originOf(req as never) };
    return true;
  }
}
