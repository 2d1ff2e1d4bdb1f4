import { applyDecorators, UseInterceptors } from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import { IdempotencyInterceptor } from './idempotency.interceptor';
import { IDEMPOTENCY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH } from './request-fingerprint';

/**
 * Makes a POST honour `Idempotency-Key`; routes ask for it with `@Endpoint({ idempotent: true })`, which
 * also documents the two 409s. Every POST does (every POST writes, so none is exempt;
 * test/idempotency-every-post.e2e-spec.ts fails for a documented POST without it), and its service
 * writes in one `uow.run`, which commits the outcome with the effect. Needs nothing else: the interceptor only
 * uses the IdempotencyStore (provided globally by the DatabaseModule) and the Reflector.
 */
export function Idempotent(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseInterceptors(IdempotencyInterceptor),
    ApiHeader({
      name: IDEMPOTENCY_HEADER,
      required: false,
      description: `1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters, unique per business for 24 hours: a retry with the same key and body returns the first response (header Idempotent-Replayed: true) without repeating the effect.`,
    }),
  );
}
