import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Request } from 'express';
import { Observable } from 'rxjs';
import { AuthenticatedRequest } from '../auth/business-context';
import { MAX_USER_AGENT_CHARS, RequestOrigin, requestOrigins } from './request-context';

/**
 * Sets the request's origin (its X-Request-Id, the client's address, its user agent) for the whole
 * handling of the request, so the activity writer finds it in any transaction the handler runs. An
 * interceptor, not a middleware: the body parser's callbacks run outside a middleware's context.
 */
@Injectable()
export class RequestOriginInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const agent = req.headers['user-agent'];
    const origin: RequestOrigin = {
      requestId: req.requestId ?? null,
      ip: req.ip ?? req.socket?.remoteAddress ?? null,
      userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT_CHARS) : null,
    };
    return new Observable<unknown>((subscriber) => requestOrigins.run(origin, () => next.handle().subscribe(subscriber)));
  }
}
