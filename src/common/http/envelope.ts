import { StreamableFile } from '@nestjs/common';
import { ExpressAdapter } from '@nestjs/platform-express';
import { CursorPaged, Paged } from '../pagination/pagination';

/** A handler's result sent as is, without `{success, data}`: the bare responses of docs/api.md 2. */
export class BareBody<T = unknown> {
  constructor(readonly body: T) {}
}

export function bare<T>(body: T): BareBody<T> {
  return new BareBody(body);
}

/**
 * A handler's result already written as JSON text (e.g. built by PostgreSQL, as the inventory
 * valuation is): sent as the envelope's `data` as it is, neither parsed nor written again. `T` is the
 * type the text holds, for the reader.
 */
export class JsonText<T = unknown> {
  declare readonly holds?: T;
  /** the text in the parts it was made of, written one after the other (a 14 MB part is not copied to join it) */
  readonly parts: readonly string[];
  constructor(...parts: string[]) {
    this.parts = parts;
  }
}

/** docs/api.md 2: `{success, data}` for single results, plus `meta` for pages; a BareBody as is. */
export function envelopeOf(result: unknown): unknown {
  if (result instanceof BareBody) return result.body;
  if (result instanceof Paged || result instanceof CursorPaged) return { success: true, data: result.items, meta: result.meta };
  return { success: true, data: result };
}

/**
 * Express as Nest's HTTP adapter, with every handler's result put in its envelope where Nest hands
 * it to Express. Not an interceptor: a global interceptor puts Nest's interceptor chain (rxjs, an
 * async resource per call) into every request: 2-5% of an order's API CPU and 7-14% of a page read's
 * (BENCHMARKS.md). Error bodies are written by the exception filter, not through here.
 */
export class EnvelopingExpressAdapter extends ExpressAdapter {
  reply(response: unknown, body: unknown, statusCode?: number): unknown {
    if (body instanceof JsonText) return sendJsonText(response as JsonTextResponse, body.parts, statusCode);
    const sent = body === undefined || body instanceof StreamableFile ? body : envelopeOf(body);
    return super.reply(response, sent, statusCode);
  }
}

/** The part of an Express response that sendJsonText uses. */
interface JsonTextResponse {
  status(code: number): unknown;
  type(contentType: string): unknown;
  setHeader(name: string, value: number): unknown;
  write(chunk: string): boolean;
  end(chunk: string): unknown;
}

const JSON_TEXT_HEAD = '{"success":true,"data":';

/**
 * JSON text in the envelope, written part by part with its length: not joined into one string,
 * copied into one Buffer and hashed for an ETag as Express's send does (for the valuation's 14 MB,
 * 80-100 ms of the API's CPU on this machine, BENCHMARKS.md issue 45). Hence no ETag on these answers.
 */
function sendJsonText(res: JsonTextResponse, parts: readonly string[], statusCode?: number): unknown {
  if (statusCode) res.status(statusCode);
  res.type('application/json; charset=utf-8');
  res.setHeader(
    'Content-Length',
    parts.reduce((n, part) => n + Buffer.byteLength(part), Buffer.byteLength(JSON_TEXT_HEAD) + 1),
  );
  res.write(JSON_TEXT_HEAD);
  for (const part of parts) res.write(part);
  return res.end('}');
}
