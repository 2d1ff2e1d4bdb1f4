import { ArgumentsHost, Catch, ExceptionFilter, Logger } from '@nestjs/common';
import { Request, Response } from 'express';
import { RetryLaterError } from './domain-error';
import { errorBody, statusOf } from './error-body';
import { toErrorResponse } from './to-error-response';

/** The one place that turns any error into the docs/api.md error body and status. */
@Catch()
export class AllExceptionsFilter implements ExceptionFilter {
  private readonly logger = new Logger('Errors');

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const req = ctx.getRequest<Request>();
    const res = ctx.getResponse<Response>();
    sendError(res, req, exception, this.logger);
  }
}

export function sendError(res: Response, req: Request, exception: unknown, logger: Logger): void {
  const mapped = toErrorResponse(exception);
  const requestId = (req as Request & { requestId?: string }).requestId;
  if (mapped.unexpected) {
    const err = exception instanceof Error ? exception : new Error(String(exception));
    logger.error({ msg: 'unexpected error', request_id: requestId, method: req.method, path: req.originalUrl.split('?')[0], err });
  }
  if (res.headersSent) return;
  const status = statusOf(mapped.code);
  if (mapped.code === 'UNAUTHORIZED') res.setHeader('WWW-Authenticate', 'Bearer');
  if (exception instanceof RetryLaterError) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
  res.status(status).json(errorBody(mapped.code, requestId, mapped.message, mapped.details));
}
