import { CallHandler, ExecutionContext, Injectable, NestInterceptor, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, Observable } from 'rxjs';
import { Paged } from '../pagination/pagination';

const BARE = 'response:bare';
/** The handler's result is sent as is (the bare responses SPEC.md names). */
export const Bare = () => SetMetadata(BARE, true);

/** CONTRACT.md 2: `{success, data}` for single results, plus `meta` for pages. */
@Injectable()
export class EnvelopeInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const bare = this.reflector.getAllAndOverride<boolean>(BARE, [context.getHandler(), context.getClass()]);
    return next.handle().pipe(
      map((result: unknown) => {
        if (bare || result === undefined) return result;
        if (result instanceof Paged) return { success: true, data: result.items, meta: result.meta };
        return { success: true, data: result };
      }),
    );
  }
}
