import { DEFAULT_MESSAGES, ERROR_STATUS, ErrorCode } from './error-codes';
import { ErrorDetail } from './domain-error';

export interface ErrorBody {
  success: false;
  error: { code: ErrorCode; message: string; details?: ErrorDetail[]; request_id?: string };
}

export function errorBody(code: ErrorCode, requestId: string | undefined, message?: string, details?: ErrorDetail[]): ErrorBody {
  return {
    success: false,
    error: {
      code,
      message: message ?? DEFAULT_MESSAGES[code],
      ...(details && details.length > 0 ? { details } : {}),
      request_id: requestId,
    },
  };
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}
