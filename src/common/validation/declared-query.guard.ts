import { CanActivate, ExecutionContext } from '@nestjs/common';
import { Request } from 'express';
import { DomainError } from '../errors/domain-error';
import { declaredQuery, undeclaredParameters } from './declared-query';

/**
 * Unknown query parameters are a 400 on every route (docs/api.md 1), also on one that declares no
 * query DTO: the validation pipe only sees a query a handler asks for, so without this a route
 * without `@Query()` would ignore `?warehouse_id=...` and answer as if it had filtered. A route with
 * a query DTO is left to the pipe (its whitelist names the same fields the same way).
 * A guard, not an interceptor: a global interceptor puts every request through Nest's observable
 * chain, which cost the first page of products a quarter of its CPU (BENCHMARKS.md).
 */
export class DeclaredQueryGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const declared = declaredQuery(context.getClass(), context.getHandler());
    if ('names' in declared) {
      const query = context.switchToHttp().getRequest<Request>().query as Record<string, unknown>;
      const problems = undeclaredParameters(query ?? {}, declared.names);
      if (problems.length > 0) throw new DomainError('VALIDATION_FAILED', 'The request is invalid', problems);
    }
    return true;
  }
}
