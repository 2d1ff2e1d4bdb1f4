import { DEFAULT_MESSAGES, ErrorCode } from './error-codes';

export type ErrorDetail = Record<string, unknown>;

/**
 * A rule violation with a docs/api.md code. Services throw these; the exception filter alone
 * decides the HTTP status and body. No service imports an HTTP exception class.
 */
export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message ?? DEFAULT_MESSAGES[code]);
  }

  static notFound(what = 'Resource'): DomainError {
    return new DomainError('NOT_FOUND', `${what} not found`);
  }

  static validation(field: string, message: string): DomainError {
    return new DomainError('VALIDATION_FAILED', message, [{ field, message }]);
  }
}

/** A refusal the client may repeat after `retryAfterSeconds` (a 429 or 503): the filter sends it as Retry-After. */
export class RetryLaterError extends DomainError {
  constructor(
    code: ErrorCode,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(code, message);
  }
}
