import { ReceivedRequest } from './receiver';

/** A span as OTLP/HTTP JSON carries it, its attributes flattened. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  links: { traceId: string; spanId: string }[];
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes?: { key: string; value: OtlpValue }[];
  links?: { traceId: string; spanId: string }[];
}

function valueOf(v: OtlpValue): string | number | boolean {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  return v.boolValue ?? '';
}

/** Every span of the export requests (POST /v1/traces, OTEL_EXPORTER_OTLP_PROTOCOL=http/json) a receiver got. */
export function spansOf(requests: ReceivedRequest[]): ReceivedSpan[] {
  const body = (r: ReceivedRequest) => r.body as { resourceSpans?: { scopeSpans?: { spans?: OtlpSpan[] }[] }[] } | undefined;
  return requests
    .filter((r) => r.path === '/v1/traces')
    .flatMap((r) => body(r)?.resourceSpans ?? [])
    .flatMap((rs) => rs.scopeSpans ?? [])
    .flatMap((ss) => ss.spans ?? [])
    .map((s) => ({
      traceId: s.traceId,
      spanId: s.spanId,
      parentSpanId: s.parentSpanId || undefined,
      name: s.name,
      kind: s.kind,
      attributes: Object.fromEntries((s.attributes ?? []).map((a) => [a.key, valueOf(a.value)])),
      links: (s.links ?? []).map((l) => ({ traceId: l.traceId, spanId: l.spanId })),
    }));
}
