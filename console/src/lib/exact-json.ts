/**
 * docs/api.md 1: money is a JSON number whose text is the exact decimal at any size. JSON.parse would
 * turn a sum above 2^53 cents into the nearest float; this keeps, for every number whose float would
 * not write back the same text, the text itself (a string). Everything shown as money goes through
 * lib/money.ts, which takes both. The console never adds money up itself.
 */
interface ReviverContext {
  source?: string;
}

function keepExact(_key: string, value: unknown, context?: ReviverContext): unknown {
  if (typeof value === 'number' && context?.source !== undefined && String(value) !== context.source) return context.source;
  return value;
}

/** JSON.parse keeping the exact text of numbers a float would change (browsers with JSON.parse source text access). */
export function parseExactJson(text: string): unknown {
  return JSON.parse(text, keepExact);
}

/**
 * A fetch for openapi-fetch: a successful JSON body is re-written with its inexact numbers as
 * strings, so the client's own JSON.parse keeps them.
 */
export async function exactFetch(request: Request): Promise<Response> {
  const response = await fetch(request);
  if (!response.ok || response.status === 204 || !(response.headers.get('Content-Type') ?? '').includes('application/json')) return response;
  const text = await response.text();
  const headers = new Headers(response.headers);
  headers.delete('Content-Length');
  const body = text ? JSON.stringify(parseExactJson(text)) : text;
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}
