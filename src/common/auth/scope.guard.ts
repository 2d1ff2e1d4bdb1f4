import { CanActivate, ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { DomainError } from '../errors/domain-error';
import { AuthenticatedRequest } from './business-context';
import { IS_PUBLIC } from './public.decorator';
import { SCOPE_REQUIREMENT } from './requires-scope.decorator';
import { ADMIN_SCOPE, grants, ScopeRequirement } from './scopes';

/** A protected route that declares no scope is `admin`'s only: no route is open to every key by omission. */
const UNDECLARED: ScopeRequirement = { kind: 'scoped', required: ADMIN_SCOPE, accepted: [ADMIN_SCOPE] };

/**
 * docs/api.md 18: the calling key's scopes against the route's `@RequiresScope`. A global guard
 * registered after the API-key guard and the per-key rate limit (app.setup.ts): it sees the
 * authenticated key, a refusal counts against the key's own budget (never the address's budget of
 * refused keys, which only 401s use), and, as guards run before interceptors and pipes, a refused
 * request has read and written nothing (no idempotency record, no body validation, no query).
 */
export class ScopeGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const targets = [context.getHandler(), context.getClass()];
    if (this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return true;
    const business = context.switchToHttp().getRequest<AuthenticatedRequest>().business;
    if (!business) throw new DomainError('UNAUTHORIZED'); // not reached: the API-key guard refused the request
    const requirement = this.reflector.getAllAndOverride<ScopeRequirement | undefined>(SCOPE_REQUIREMENT, targets) ?? UNDECLARED;
    if (grants(business.scopes, requirement)) return true;
    const required = requirement.kind === 'scoped' ? requirement.required : ADMIN_SCOPE;
    throw new DomainError('FORBIDDEN_SCOPE', `This API key's scopes do not allow this request: it needs the scope "${required}"`, [{ required }]);
  }
}
