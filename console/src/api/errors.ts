/** What an error view shows of an API error (docs/api.md 2) or of anything else that went wrong. */
export interface ShownError {
  code?: string;
  message: string;
  requestId?: string;
  details?: Record<string, unknown>[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** The API's `{success: false, error: {code, message, details, request_id}}`, an Error, or a fallback. */
export function shownError(error: unknown): ShownError {
  if (isObject(error) && isObject(error.error) && typeof error.error.message === 'string') {
    const e = error.error;
    return {
      code: typeof e.code === 'string' ? e.code : undefined,
      message: e.message as string,
      requestId: typeof e.request_id === 'string' ? e.request_id : undefined,
      details: Array.isArray(e.details) ? (e.details as Record<string, unknown>[]) : undefined,
    };
  }
  if (error instanceof Error) return { message: error.message };
  if (typeof error === 'string' && error) return { message: error };
  return { message: 'Something went wrong and the server gave no explanation.' };
}

/** The body of an openapi-fetch result, or the error thrown (for useQuery's queryFn). */
export function dataOrThrow<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error === undefined && result.data !== undefined) return result.data;
  // the API's error body is what the error view reads (its message and request_id)
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  throw result.error ?? new Error(`HTTP ${result.response.status}`);
}
