import { CallHandler, ExecutionContext, Injectable, Logger, NestInterceptor } from '@nestjs/common';
import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { Reflector } from '@nestjs/core';
import { Request, Response } from 'express';
import { rm } from 'fs/promises';
import { catchError, concatMap, from, Observable, of, throwError } from 'rxjs';
import { AuthenticatedRequest } from '../auth/business-context';
import { sessionCookie } from '../auth/session-lookup';
import { DomainError } from '../errors/domain-error';
import { errorBody, ErrorBody, statusOf } from '../errors/error-body';
import { toErrorResponse } from '../errors/to-error-response';
import { IdempotencyStore, StoredOutcome } from './idempotency-store';
import { IdempotencyKeyTaken, IdempotentRequest, idempotentRequests, storedForm } from './idempotent-request';
import { sealingOf } from './sealed-fields';
import { parseBearer } from '../auth/api-key';
import { boundPath, IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, readIdempotencyKey, requestFingerprint, uploadedBody } from './request-fingerprint';

export const REPLAYED_HEADER = 'Idempotent-Replayed';
/** Metadata of `@Endpoint({ secretFields })`: fields of the answer kept sealed in the stored outcome (sealed-fields.ts). */
export const IDEMPOTENT_SECRET_FIELDS = 'idempotency:secret-fields';

/**
 * The Idempotency-Key header of the routes marked `@Idempotent()` (every POST). Without the header
 * the request passes through. With it (scoped to the business, kept 24 hours): a committed outcome
 * of the same request is replayed with `Idempotent-Replayed: true` and nothing runs; another body
 * under the key is 409 IDEMPOTENCY_KEY_REUSED. Otherwise the handler runs and its unit of work
 * claims the key in its own transaction and commits the outcome with the effect (IdempotentRequest):
 * a rollback, a server error or a dead process leaves the key free for a retry at once. A concurrent
 * request with the same key waits for the first and gets its replay. Client errors (4xx) are stored
 * too, unless an outcome was committed meanwhile; server errors (5xx) are not.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');

  constructor(
    private readonly store: IdempotencyStore,
    private readonly reflector: Reflector,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    const req = context.switchToHttp().getRequest<Request & AuthenticatedRequest>();
    const key = readIdempotencyKey(req.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
    if (key === undefined) return next.handle();
    if (key === null) {
      throw DomainError.validation(IDEMPOTENCY_HEADER, `${IDEMPOTENCY_HEADER} must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters, sent once`);
    }
    // keys are scoped to the calling business: a route without one (public) has nothing to scope to
    if (!req.business) return next.handle();
    const path = boundPath(req.originalUrl);
    // an upload's route reads its form before this interceptor (its FileInterceptor is the inner decorator)
    const file = (req as Request & { file?: { path?: string } }).file;
    const body: unknown = file?.path ? await uploadedBody(req.body, { path: file.path }) : req.body;
    const request: IdempotentRequest = {
      scope: { businessId: req.business.id, key },
      method: req.method,
      path,
      fingerprint: requestFingerprint(req.method, path, body),
      status: this.reflector.get<number | undefined>(HTTP_CODE_METADATA, context.getHandler()) ?? (req.method === 'POST' ? 201 : 200),
      committed: false,
    };
    const secretFields = this.reflector.get<string[] | undefined>(IDEMPOTENT_SECRET_FIELDS, context.getHandler());
    // sealed under the caller's credential: the key, or a signed-in user's session token (docs/api.md 19)
    if (secretFields)
      request.sealing = sealingOf(secretFields, parseBearer(req.headers.authorization) ?? sessionCookie(req.headers.cookie) ?? '', request.scope);
    const stored = await this.store.lookup(request.scope, request.fingerprint);
    if (stored.kind !== 'none') {
      // the upload of a request answered from its key is never read: it leaves the disk now
      if (file?.path) await rm(file.path, { force: true });
      return this.answerStored(context, this.opened(request, stored));
    }
    return new Observable<unknown>((subscriber) =>
      idempotentRequests.run(request, () =>
        next
          .handle()
          .pipe(
            concatMap((result: unknown) => from(this.afterSuccess(context, request, result)).pipe(concatMap((answer) => answer))),
            catchError((err: unknown) => from(this.afterError(context, request, err)).pipe(concatMap((answer) => answer))),
          )
          .subscribe(subscriber),
      ),
    );
  }

  private answerStored(context: ExecutionContext, stored: StoredOutcome): Observable<unknown> {
    if (stored.kind === 'reused') return throwError(() => new DomainError('IDEMPOTENCY_KEY_REUSED'));
    if (stored.kind === 'none') return throwError(() => new DomainError('IDEMPOTENCY_IN_PROGRESS'));
    context.switchToHttp().getResponse<Response>().setHeader(REPLAYED_HEADER, 'true');
    return stored.status >= 400 ? throwError(() => storedError(stored.body as ErrorBody)) : of(stored.body);
  }

  /**
   * The outcome is in the database already when the request's transaction committed it; the handler
   * may still have shaped its answer after the commit, and then that answer is what replays get.
   */
  private async afterSuccess(context: ExecutionContext, request: IdempotentRequest, result: unknown): Promise<Observable<unknown>> {
    if (!request.committed) return this.storeUncommitted(context, request, request.status, result, of(result));
    if (JSON.stringify(result ?? null) !== JSON.stringify(request.committedBody ?? null)) {
      await this.store
        .replaceCommittedBody(request.scope, request, request.status, storedForm(request, result))
        .catch((err: unknown) => this.logStoreFailure(request, err));
    }
    return of(result);
  }

  private async afterError(context: ExecutionContext, request: IdempotentRequest, err: unknown): Promise<Observable<unknown>> {
    if (err instanceof IdempotencyKeyTaken)
      return this.answerStored(context, this.opened(request, await this.store.lookup(request.scope, request.fingerprint)));
    const mapped = toErrorResponse(err);
    const status = statusOf(mapped.code);
    if (status >= 500 || request.committed) return throwError(() => err);
    const answer = errorBody(mapped.code, undefined, mapped.message, mapped.details);
    return this.storeUncommitted(
      context,
      request,
      status,
      answer,
      throwError(() => err),
    );
  }

  /**
   * A request that committed nothing under the key stores its answer only where no committed outcome
   * is: one that committed meanwhile (the same request retried while this one failed) is final, and
   * is this request's answer too, so a client is never told 422 while its order exists.
   */
  private async storeUncommitted(
    context: ExecutionContext,
    request: IdempotentRequest,
    status: number,
    body: unknown,
    own: Observable<unknown>,
  ): Promise<Observable<unknown>> {
    const stored = await this.store.storeUncommittedOutcome(request.scope, request, status, storedForm(request, body)).catch((err: unknown) => {
      this.logStoreFailure(request, err);
      return true;
    });
    if (stored) return own;
    const committed = await this.store.lookup(request.scope, request.fingerprint);
    return committed.kind === 'none' ? own : this.answerStored(context, this.opened(request, committed));
  }

  /**
   * A stored outcome with its secret fields opened. Another API key than the one that made it cannot
   * open them: to that caller the key is one used by another request (409 IDEMPOTENCY_KEY_REUSED).
   */
  private opened(request: IdempotentRequest, stored: StoredOutcome): StoredOutcome {
    if (stored.kind !== 'replay' || !request.sealing) return stored;
    const body = request.sealing.unseal(stored.body);
    return body === undefined ? { kind: 'reused' } : { ...stored, body };
  }

  /** Nothing is lost: without a stored outcome a retry runs the request again, as if it were new. */
  private logStoreFailure(request: IdempotentRequest, err: unknown): void {
    this.logger.error({ msg: 'idempotent outcome not stored', business_id: request.scope.businessId, err });
  }
}

function storedError(body: ErrorBody): DomainError {
  return new DomainError(body.error.code, body.error.message, body.error.details);
}
