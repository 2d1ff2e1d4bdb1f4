import { applyDecorators, SetMetadata, Type } from '@nestjs/common';
import { ApiExtension, ApiExtraModels, ApiOperation, ApiProperty, ApiPropertyOptional, ApiResponse, getSchemaPath, OpenAPIObject } from '@nestjs/swagger';
import { ERROR_STATUS, ErrorCode } from '../errors/error-codes';
import { Idempotent } from '../idempotency/idempotent.decorator';
import { IDEMPOTENT_SECRET_FIELDS } from '../idempotency/idempotency.interceptor';

/** `meta` of a paged list (docs/api.md 2). */
export class PageMeta {
  @ApiProperty({ example: 1 }) page: number;
  @ApiProperty({ example: 20 }) per_page: number;
  @ApiProperty({ example: 42 }) total: number;
  @ApiProperty({ example: 3 }) total_pages: number;
}

/** The meta of a list paged by cursor (CursorPaged). */
export class CursorMeta {
  @ApiProperty({ type: String, nullable: true, description: 'the `after` of the next page; null on the last page' }) next: string | null;
}

class ErrorPayload {
  @ApiProperty({ enum: Object.keys(ERROR_STATUS), example: 'VALIDATION_FAILED' }) code: ErrorCode;
  @ApiProperty({ example: 'The request is invalid' }) message: string;
  @ApiPropertyOptional({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'Per-field problems (`field`, `message`) or the figures of a refusal (e.g. requested and available stock)',
  })
  details?: Record<string, unknown>[];
  @ApiPropertyOptional({ example: '5b0c2a1e-93f1-4f4c-a8a4-2d1d8e6f0c11' }) request_id?: string;
}

/** The error body of docs/api.md 2: `{success: false, error: {code, message, details?, request_id}}`. */
export class ErrorResponse {
  @ApiProperty({ enum: [false] }) success: false;
  @ApiProperty({ type: ErrorPayload }) error: ErrorPayload;
}

/**
 * How the success body wraps the model: one object, a paged list, a wrapped array, the bare
 * shapes, or a CSV export of the model's list (`text/csv`, its columns in `csvHeaders`).
 */
export type ResponseShape = 'one' | 'paged' | 'cursor' | 'array' | 'bare' | 'bare-array' | 'csv';

export interface EndpointOptions {
  summary: string;
  description?: string;
  /** the success status (default 200) */
  status?: number;
  /** the success body's model; omit for 204 */
  response?: Type<unknown>;
  shape?: ResponseShape;
  /** the codes this route can answer besides the ones every route can */
  errors?: ErrorCode[];
  /** a public route: no API key, so no 401 */
  public?: boolean;
  /** a POST or PUT: its body is parsed (even when the route reads none), so 400/413/415 for malformed bodies */
  body?: boolean;
  /** honours Idempotency-Key (every POST that writes): the interceptor, the documented header and its two 409s */
  idempotent?: boolean;
  /**
   * a POST that writes nothing, only computes from its body (a quote): nothing to replay, so no
   * Idempotency-Key; documented as `x-writes-nothing: true`, which the every-POST suites check instead
   */
  writesNothing?: boolean;
  /**
   * Fields of the success body shown once (POST /api-keys's `api_key`): an idempotent replay gives them
   * back to the same API key only, and the stored outcome keeps them encrypted under that key.
   */
  secretFields?: string[];
  /**
   * shape 'csv': the header row, as documented (a column per warehouse is written `stock_by_warehouse[<name>]`);
   * with another shape, the list answers `text/csv` too when asked (`format=csv`: GET /activity)
   */
  csvHeaders?: string[];
  /** the success body is a file of this media type (`application/pdf`), streamed, not JSON */
  file?: string;
}

/** The document's mark of a POST that writes nothing (EndpointOptions.writesNothing). */
export const WRITES_NOTHING = 'x-writes-nothing';

/** Every route can answer these (400 for a query parameter it does not take, or one given empty); protected ones also 401 and 429. */
const ALWAYS: ErrorCode[] = ['VALIDATION_FAILED', 'INTERNAL_ERROR', 'SERVICE_UNAVAILABLE'];
/** What EarlyAuthentication refuses a request signed in with the session cookie (docs/api.md 19) for: a protected route's 403s besides its scope's. */
export const SESSION_REFUSALS: ErrorCode[] = ['CSRF_FAILED', 'TWO_FACTOR_SETUP_REQUIRED'];
const PROTECTED: ErrorCode[] = ['UNAUTHORIZED', 'RATE_LIMITED', 'AMBIGUOUS_CREDENTIALS', ...SESSION_REFUSALS];
const WITH_BODY: ErrorCode[] = ['VALIDATION_FAILED', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE'];
const IDEMPOTENT: ErrorCode[] = ['IDEMPOTENCY_KEY_REUSED', 'IDEMPOTENCY_IN_PROGRESS'];

/**
 * The OpenAPI description of one route (docs/api.md 15): summary, success body in its envelope, and
 * every error status with the codes it can carry. One decorator, so a route cannot document half.
 */
export function Endpoint(options: EndpointOptions): MethodDecorator {
  const codes = new Set<ErrorCode>([
    ...ALWAYS,
    ...(options.public ? [] : PROTECTED),
    ...(options.body ? WITH_BODY : []),
    ...(options.errors ?? []),
    ...(options.idempotent ? IDEMPOTENT : []),
  ]);
  const decorators = [
    ApiOperation({ summary: options.summary, description: options.description, ...(options.public ? { security: [] } : {}) }),
    successResponse(options),
    ...errorResponses([...codes]),
  ];
  if (options.idempotent && options.writesNothing) throw new Error(`${options.summary}: a route that writes nothing has nothing to replay`);
  if (options.idempotent) decorators.push(Idempotent());
  if (options.writesNothing) decorators.push(ApiExtension(WRITES_NOTHING, true));
  if (options.secretFields) decorators.push(SetMetadata(IDEMPOTENT_SECRET_FIELDS, options.secretFields));
  if (options.response) decorators.push(ApiExtraModels(options.response, PageMeta, CursorMeta, ErrorResponse));
  else decorators.push(ApiExtraModels(ErrorResponse));
  return applyDecorators(...decorators);
}

function successResponse(options: EndpointOptions): MethodDecorator {
  const status = options.status ?? 200;
  if (options.shape === 'csv') return csvResponse(status, options);
  if (options.file) return ApiResponse({ status, description: 'The file', content: { [options.file]: { schema: { type: 'string', format: 'binary' } } } });
  if (!options.response) return ApiResponse({ status, description: 'No content' });
  const ref = { $ref: getSchemaPath(options.response) };
  const envelope = (data: object, extra: Record<string, object> = {}) => ({
    type: 'object',
    required: ['success', 'data', ...Object.keys(extra)],
    properties: { success: { type: 'boolean', enum: [true] }, data, ...extra },
  });
  const schemas: Record<ResponseShape, object> = {
    one: envelope(ref),
    array: envelope({ type: 'array', items: ref }),
    paged: envelope({ type: 'array', items: ref }, { meta: { $ref: getSchemaPath(PageMeta) } }),
    cursor: envelope({ type: 'array', items: ref }, { meta: { $ref: getSchemaPath(CursorMeta) } }),
    bare: ref,
    'bare-array': { type: 'array', items: ref },
    csv: ref, // csvResponse
  };
  const schema = schemas[options.shape ?? 'one'];
  // a list that is also its own CSV export (`format=csv`, the activity log): both media types on its 200
  if (options.csvHeaders) {
    const headers = options.csvHeaders;
    return ApiResponse({
      status,
      description: `Success; with format=csv every matching row as a CSV attachment (header: ${headers.join(',')})`,
      content: {
        'application/json': { schema },
        'text/csv': { schema: { type: 'string', example: `${headers.join(',')}\r\n` } },
      },
    });
  }
  return ApiResponse({ status, description: 'Success', schema });
}

/** A CSV export (docs/api.md, "CSV exports"): `text/csv` with its header row, as an attachment. */
function csvResponse(status: number, options: EndpointOptions): MethodDecorator {
  const headers = options.csvHeaders ?? [];
  return ApiResponse({
    status,
    description:
      'Every matching row, no paging, as CSV (RFC 4180, UTF-8, CRLF): a header row of the JSON field names, then one row per ' +
      `${options.response?.name ?? 'object'} (per line of it when it has item_ columns) in the order of the JSON list. Header: ${headers.join(',')}`,
    content: { 'text/csv': { schema: { type: 'string', example: `${headers.join(',')}\r\n` } } },
    headers: {
      'Content-Disposition': { description: 'attachment; filename="<list>-<today in the business time zone>.csv"', schema: { type: 'string' } },
    },
  });
}

function errorResponses(codes: ErrorCode[]): MethodDecorator[] {
  return [...codesByStatus(codes)].map(([status, statusCodes]) => ApiResponse({ status, ...errorResponse(statusCodes) }));
}

function codesByStatus(codes: ErrorCode[]): Map<number, ErrorCode[]> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return byStatus;
}

/** An error status's response: the error body, its code one of `codes`. */
export function errorResponse(codes: ErrorCode[]) {
  return {
    description: codes.join(', '),
    schema: {
      allOf: [
        { $ref: getSchemaPath(ErrorResponse) },
        { type: 'object', properties: { error: { type: 'object', properties: { code: { type: 'string', enum: codes } } } } },
      ],
    },
  };
}

/**
 * Adds `codes` to the documented errors of one operation of a built document: for codes known only
 * once the app runs (the refusals of the registered sale effects' checks, on POST /orders).
 */
export function documentMoreErrors(document: OpenAPIObject, path: string, method: 'post' | 'put', codes: ErrorCode[]): void {
  const operation = document.paths[path]?.[method];
  if (!operation) throw new Error(`no ${method.toUpperCase()} ${path} in the document`);
  for (const [status, statusCodes] of codesByStatus(codes)) {
    const existing = operation.responses[String(status)] as { content?: { 'application/json'?: { schema?: ErrorSchema } } } | undefined;
    const documented = existing?.content?.['application/json']?.schema?.allOf?.[1]?.properties.error.properties.code.enum ?? [];
    const all = [...new Set([...documented, ...statusCodes])];
    const { description, schema } = errorResponse(all);
    operation.responses[String(status)] = { description, content: { 'application/json': { schema } } };
  }
}

type ErrorSchema = { allOf?: [unknown, { properties: { error: { properties: { code: { enum: ErrorCode[] } } } } }] };
