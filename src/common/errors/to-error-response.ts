import { HttpException } from '@nestjs/common';
import { DomainError, ErrorDetail } from './domain-error';
import { ErrorCode } from './error-codes';

export interface MappedError {
  code: ErrorCode;
  message?: string;
  details?: ErrorDetail[];
  /** true when the cause is unexpected and should be logged with its stack */
  unexpected?: boolean;
}

const CONNECTION_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EHOSTUNREACH']);
// PostgreSQL SQLSTATE classes that mean the server is unavailable, not that the request is wrong.
const UNAVAILABLE_SQLSTATE = /^(08|53|57P0[1-3])/;

// query_canceled: a statement ran past DB_STATEMENT_TIMEOUT_MS and its transaction was rolled back
const STATEMENT_TIMEOUT = '57014';

const CONNECTION_LOSS_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Connection refused|the database system is|not queryable|terminating connection/i;

/**
 * The database went away under the request: a refused or dropped connection (also as the
 * AggregateError of a host with several addresses), or a transaction whose connection was
 * terminated between two statements (TypeORM then releases its query runner, and the next
 * statement fails with QueryRunnerAlreadyReleasedError).
 */
function isConnectionLoss(err: unknown): boolean {
  const e = err as { name?: string; message?: string; code?: string; errors?: unknown[] };
  if (e?.name === 'QueryRunnerAlreadyReleasedError') return true;
  if (Array.isArray(e?.errors) && e.errors.some((inner) => CONNECTION_ERRORS.has((inner as { code?: string })?.code ?? ''))) return true;
  return CONNECTION_LOSS_MESSAGE.test(e?.message ?? '');
}

function fromHttpException(err: HttpException): MappedError {
  const status = err.getStatus();
  const byStatus: Record<number, ErrorCode> = {
    400: 'VALIDATION_FAILED',
    401: 'UNAUTHORIZED',
    404: 'NOT_FOUND',
    413: 'PAYLOAD_TOO_LARGE',
    415: 'UNSUPPORTED_MEDIA_TYPE',
    429: 'RATE_LIMITED',
    503: 'SERVICE_UNAVAILABLE',
  };
  const code = byStatus[status];
  if (!code) return { code: 'INTERNAL_ERROR', unexpected: status >= 500 };
  return { code, message: code === 'NOT_FOUND' ? 'Route not found' : undefined };
}

/** Maps anything thrown during a request to a docs/api.md error code; never leaks internals. */
export function toErrorResponse(err: unknown): MappedError {
  if (err instanceof DomainError) return { code: err.code, message: err.message, details: err.details };
  if (err instanceof HttpException) return fromHttpException(err);
  const e = err as { code?: string; driverError?: { code?: string }; message?: string; type?: string; status?: number };
  // body-parser errors reach us from the express error chain
  if (e?.type === 'entity.too.large') return { code: 'PAYLOAD_TOO_LARGE' };
  if (e?.type === 'entity.parse.failed') {
    return { code: 'VALIDATION_FAILED', message: 'Malformed JSON body', details: [{ field: 'body', message: 'is not valid JSON' }] };
  }
  if (e?.type === 'charset.unsupported' || e?.type === 'encoding.unsupported') return { code: 'UNSUPPORTED_MEDIA_TYPE' };
  const sqlState = e?.driverError?.code ?? e?.code;
  if (sqlState === STATEMENT_TIMEOUT)
    return { code: 'SERVICE_UNAVAILABLE', message: 'The request took too long and was cancelled; nothing was written', unexpected: true };
  if (typeof sqlState === 'string') {
    if (CONNECTION_ERRORS.has(sqlState) || UNAVAILABLE_SQLSTATE.test(sqlState)) return { code: 'SERVICE_UNAVAILABLE' };
    // malformed or out-of-range values, and text the database encoding cannot hold (NUL: 22021, 22P05)
    if (['22P02', '22003', '22007', '22008', '22021', '22P05'].includes(sqlState)) {
      return { code: 'VALIDATION_FAILED', message: 'A value is out of range or malformed' };
    }
  }
  if (isConnectionLoss(err)) return { code: 'SERVICE_UNAVAILABLE' };
  return { code: 'INTERNAL_ERROR', unexpected: true };
}
