import { Link, Span, SpanKind, trace, TraceFlags } from '@opentelemetry/api';

/**
 * The trace context kept with an outbox row (a W3C `traceparent`), so that the span of its delivery,
 * made later and maybe in another process, is linked to the request that caused it. With tracing off
 * (no SDK started: tracing.ts) there is no active span and every function here is a no-op.
 */

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;

const tracer = trace.getTracer('backoffice-commerce-api');

/** The active span's context as a `traceparent`, or null when nothing is traced. */
export function currentTraceparent(): string | null {
  const span = trace.getActiveSpan();
  if (!span) return null;
  const ctx = span.spanContext();
  if (!trace.isSpanContextValid(ctx)) return null;
  return `00-${ctx.traceId}-${ctx.spanId}-${(ctx.traceFlags & TraceFlags.SAMPLED).toString(16).padStart(2, '0')}`;
}

/** The trace id of the active span, for the log lines written while it runs. */
export function activeTraceId(): string | undefined {
  const ctx = trace.getActiveSpan()?.spanContext();
  return ctx && trace.isSpanContextValid(ctx) ? ctx.traceId : undefined;
}

function linksOf(traceparent: string | null | undefined): Link[] {
  const m = traceparent ? TRACEPARENT.exec(traceparent) : null;
  if (!m) return [];
  return [{ context: { traceId: m[1], spanId: m[2], traceFlags: parseInt(m[3], 16), isRemote: true } }];
}

/**
 * Runs `work` in a new root span named `name` (a delivery is its own trace, not a child of the
 * dispatcher's pass) linked to the span whose `traceparent` the outbox row kept.
 */
export async function inLinkedSpan<T>(name: string, traceparent: string | null | undefined, work: (span: Span) => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(name, { kind: SpanKind.PRODUCER, root: true, links: linksOf(traceparent) }, async (span) => {
    try {
      return await work(span);
    } finally {
      span.end();
    }
  });
}
