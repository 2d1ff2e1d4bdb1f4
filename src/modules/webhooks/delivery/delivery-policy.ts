/** What happens to a delivery after an attempt: pure rules, no I/O. */
import { backoffDelayMs, MAX_BACKOFF_MS, retryStep } from '../../../common/retry/backoff';

export const RETRY_BASE_MS = 1000;
export const RETRY_MAX_DELAY_MS = MAX_BACKOFF_MS;

/** Exponential backoff after the n-th failed attempt: 1 s, 2 s, 4 s, ... capped at one hour. */
export function retryDelayMs(failedAttempt: number): number {
  return backoffDelayMs(failedAttempt, RETRY_BASE_MS);
}

export interface AttemptOutcome {
  ok: boolean;
  responseCode: number | null;
  durationMs: number;
  error: string | null;
}

export type NextStep = { status: 'succeeded' | 'failed'; retryInMs: null } | { status: 'pending'; retryInMs: number };

/** Success is final; a failure is retried while the delivery has attempts left (WEBHOOK_MAX_ATTEMPTS). */
export function nextStep(outcome: AttemptOutcome, attempts: number, attemptLimit: number): NextStep {
  return retryStep(outcome.ok, 'succeeded', attempts, attemptLimit, RETRY_BASE_MS);
}

/** A receiver's answer: any 2xx is success; redirects are not followed, so a 3xx is a failure. */
export function outcomeOfResponse(status: number, durationMs: number): AttemptOutcome {
  if (status >= 200 && status < 300) return { ok: true, responseCode: status, durationMs, error: null };
  const error = status >= 300 && status < 400 ? `receiver answered ${status} (redirects are not followed)` : `receiver answered ${status}`;
  return { ok: false, responseCode: status, durationMs, error };
}

interface TransportError {
  code?: string;
  message?: string;
  cause?: TransportError;
}

/**
 * What the tenant's delivery log says of any destination the service refuses to reach: a name that
 * resolves to a non-public address, a name that does not resolve, a URL no longer allowed. One
 * reason for all, so the log cannot be used to map internal names; the detail goes to the server log.
 */
export const DESTINATION_NOT_ALLOWED = 'destination not allowed';

/** The cause of an attempt that got no HTTP answer, in words an operator can act on. */
export function describeTransportError(err: TransportError | undefined, timeoutMs: number): string {
  const code = err?.code ?? err?.cause?.code;
  switch (code) {
    case 'ECONNREFUSED':
      return 'connection refused';
    case 'ECONNABORTED':
    case 'ETIMEDOUT':
    case 'ERR_CANCELED':
    case 'ABORT_ERR':
      return `timed out after ${timeoutMs} ms`;
    case 'ECONNRESET':
    case 'EPIPE':
      return 'connection reset by the receiver';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'ENONPUBLIC':
      return DESTINATION_NOT_ALLOWED;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return 'host unreachable';
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'CERT_HAS_EXPIRED':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `TLS certificate rejected (${code})`;
    default:
      return (err?.message || err?.cause?.message || 'delivery failed').slice(0, 500);
  }
}
