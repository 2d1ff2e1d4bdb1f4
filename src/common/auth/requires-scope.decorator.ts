import { applyDecorators, SetMetadata } from '@nestjs/common';
import { ApiExtension, ApiResponse } from '@nestjs/swagger';
import { errorResponse, SESSION_REFUSALS } from '../openapi/endpoint.decorator';
import { acceptedScopes, Scope, ScopeRequirement, SCOPES } from './scopes';

export const SCOPE_REQUIREMENT = 'auth:scope';

/** The OpenAPI extensions every protected operation carries (docs/api.md 18). */
export const X_SCOPE = 'x-scope';
export const X_ACCEPTED_SCOPES = 'x-accepted-scopes';

/**
 * The scope a route needs, declared beside its `@Endpoint` (one declaration per route; a protected
 * route without one is refused to every key but `admin`, and test/scopes.e2e-spec.ts fails on it).
 * `@RequiresScope('products:read', 'sales')`: the first scope is the one a 403 names; the others also
 * grant the route, as do the scopes that imply any of them (`products:write` implies `products:read`)
 * and `admin`. Read by ScopeGuard and written into the document: `x-scope` (the first),
 * `x-accepted-scopes` (all of them) and the 403 FORBIDDEN_SCOPE.
 */
export function RequiresScope(scope: Scope, ...alsoGrantedBy: Scope[]): MethodDecorator {
  const accepted = acceptedScopes([scope, ...alsoGrantedBy]);
  const requirement: ScopeRequirement = { kind: 'scoped', required: scope, accepted };
  return applyDecorators(
    SetMetadata(SCOPE_REQUIREMENT, requirement),
    ApiExtension(X_SCOPE, scope),
    ApiExtension(X_ACCEPTED_SCOPES, accepted),
    ApiResponse({ status: 403, ...errorResponse(['FORBIDDEN_SCOPE', ...SESSION_REFUSALS]) }),
  );
}

/** A route every valid key may call whatever its scopes (GET /business: how a console signs in). */
export function AnyScope(): MethodDecorator {
  const requirement: ScopeRequirement = { kind: 'any' };
  return applyDecorators(SetMetadata(SCOPE_REQUIREMENT, requirement), ApiExtension(X_SCOPE, 'any'), ApiExtension(X_ACCEPTED_SCOPES, [...SCOPES]));
}
