import { DEFAULT_MESSAGES, ERROR_STATUS, ErrorCode } from './error-codes';
import { ErrorDetail } from './domain-error';

export interface ErrorBody {
  success: false;
  error: { code: ErrorCode; message: string; details?: ErrorDetail[]; request_id?: string };
}

/** docs/api.md 1: a 400 lists at most this many details, however many problems its body had. */
export const MAX_VALIDATION_DETAILS = 100;

export function errorBody(code: ErrorCode, requestId: string | undefined, message?: string, details?: ErrorDetail[]): ErrorBody {
  const listed = details && statusOf(code) === 400 ? details.slice(0, MAX_VALIDATION_DETAILS) : details;
  return {
    success: false,
    error: {
      code,
      message: message ?? DEFAULT_MESSAGES[code],
      ...(listed && listed.length > 0 ? { details: listed } : {}),
      request_id: requestId,
    },
  };
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
