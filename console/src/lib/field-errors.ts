import { shownError } from '../api/errors';

/**
 * The messages an API error (docs/api.md 2) gives each form field: `details: [{field, message}]`, the
 * first message of each field; other details (`{required: "admin"}`) stay with the error itself.
 */
export function fieldErrors(error: unknown): Record<string, string> {
  if (error === null || error === undefined) return {};
  const out: Record<string, string> = {};
  for (const detail of shownError(error).details ?? []) {
    if (typeof detail.field === 'string' && typeof detail.message === 'string' && !(detail.field in out)) out[detail.field] = detail.message;
  }
  return out;
}

/** The API error's code (`WEAK_PASSWORD`), or undefined for anything else. */
export function errorCode(error: unknown): string | undefined {
  if (error === null || error === undefined) return undefined;
  return shownError(error).code;
}
