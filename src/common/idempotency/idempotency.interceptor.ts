import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { Request, Response } from 'express';
import { catchError, concatMap, from, Observable, of, throwError } from 'rxjs';
import { DataSource } from 'typeorm';
import { AuthenticatedRequest } from '../auth/business-context';
import { DomainError, ErrorDetail } from '../errors/domain-error';
import { errorBody, ErrorBody, statusOf } from '../errors/error-body';
import { toErrorResponse } from '../errors/to-error-response';
import { IdempotencyScope, IdempotencyStore } from './idempotency.store';
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, readIdempotencyKey, requestFingerprint } from './request-fingerprint';

export const REPLAYED_HEADER = 'Idempotent-Replayed';

/**
 * CONTRACT.md 9 for the routes marked `@Idempotent()`. Without the header the request passes through.
 * With it: the first request claims the key (scoped to the business) and its response is stored;
 * the same key and body again gets that response back with `Idempotent-Replayed: true` and nothing
 * runs; another body is 409 IDEMPOTENCY_KEY_REUSED; a request arriving while the first still runs
 * is 409 IDEMPOTENCY_IN_PROGRESS. Server errors (5xx) are not stored: the key is released.
 * The stored success value is the handler's result (the envelope wraps it the same way on replay).
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly store: IdempotencyStore;
  private readonly logger = new Logger('Idempotency');

  constructor(
    dataSource: DataSource,
    private readonly reflector: Reflector,
  ) {
    this.store = new IdempotencyStore(dataSource);
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const key = readIdempotencyKey(req.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
    if (key === undefined) return next.handle();
    if (key === null) {
      throw DomainError.validation(IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters, sent once`);
    }
    // keys are scoped to the calling business: a route without one (public) has nothing to scope to
    if (!req.business) return next.handle();
    const scope: IdempotencyScope = { businessId: req.business.id, key };
    const path = req.originalUrl.split('?')[0];
    const claim = await this.store.claim(scope, req.method, path, requestFingerprint(req.method, path, req.body));
    switch (claim.kind) {
      case 'reused':
        throw new DomainError('IDEMPOTENCY_KEY_REUSED');
      case 'in_progress':
        throw new DomainError('IDEMPOTENCY_IN_PROGRESS');
      case 'replay':
        context.switchToHttp().getResponse<Response>().setHeader(REPLAYED_HEADER, 'true');
        return claim.status >= 400 ? throwError(() => storedError(claim.body as ErrorBody)) : of(claim.body);
    }
    const status = this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? (req.method === 'POST' ? 201 : 200);
    return next.handle().pipe(
      concatMap(async (result) => {
        await this.store.complete(scope, status, result).catch((err) => this.keepInProgress(scope, err));
        return result;
      }),
      catchError((err) => from(this.settleError(scope, err)).pipe(concatMap(() => throwError(() => err)))),
    );
  }

  private async settleError(scope: IdempotencyScope, err: unknown): Promise<void> {
    const mapped = toErrorResponse(err);
    const status = statusOf(mapped.code);
    try {
      if (status >= 500) await this.store.release(scope);
      else await this.store.complete(scope, status, errorBody(mapped.code, undefined, mapped.message, mapped.details));
    } catch (storeErr) {
      this.keepInProgress(scope, storeErr);
    }
  }

  /**
   * The effect happened but its response could not be stored: the key stays claimed (a retry gets
   * IDEMPOTENCY_IN_PROGRESS until it expires) rather than released, which could run the effect twice.
   */
  private keepInProgress(scope: IdempotencyScope, err: unknown): void {
    this.logger.error(JSON.stringify({ msg: 'idempotent response not stored', business_id: scope.businessId, error: (err as Error)?.message }));
  }
}

function storedError(body: ErrorBody): DomainError {
  return new DomainError(body.error.code, body.error.message, body.error.details as ErrorDetail[] | undefined);
}
