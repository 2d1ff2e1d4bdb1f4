/*
 * OpenTelemetry tracing, started before anything else loads: main.ts imports this file first, so the
 * http, express, Nest and pg modules are instrumented when they are first required. Off unless
 * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_TRACES_EXPORTER is set (the SDK's own variables, see
 * docs/operations.md, "Traces"); then nothing of the SDK is even loaded. The CLI never imports it.
 */
import 'dotenv/config';
import type { NodeSDK } from '@opentelemetry/sdk-node';
import type { IncomingMessage } from 'http';

/** Whether the environment asks for traces (OTEL_TRACES_EXPORTER=none does not). */
export function tracingRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  const exporter = env.OTEL_TRACES_EXPORTER?.trim();
  if (exporter === 'none') return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT || exporter);
}

/** Requests that say nothing about the work: probes (health) and scrapes (metrics, on its own port). */
function ignoredRequest(req: IncomingMessage): boolean {
  const path = req.url?.split('?')[0] ?? '';
  return path === '/metrics' || path === '/health' || path === '/health/ready';
}

function startTracing(): NodeSDK {
  // stable semantic conventions for HTTP and database spans, unless the operator chose otherwise
  process.env.OTEL_SEMCONV_STABILITY_OPT_IN ??= 'http,database';
  // traces only: metrics are Prometheus's (METRICS_PORT), logs are pino's lines on stdout
  process.env.OTEL_METRICS_EXPORTER ??= 'none';
  process.env.OTEL_LOGS_EXPORTER ??= 'none';
  process.env.OTEL_SERVICE_NAME ??= 'backoffice-commerce-api';
  /* eslint-disable @typescript-eslint/no-require-imports -- loaded only when tracing is on */
  const { NodeSDK } = require('@opentelemetry/sdk-node') as typeof import('@opentelemetry/sdk-node');
  const { HttpInstrumentation } = require('@opentelemetry/instrumentation-http') as typeof import('@opentelemetry/instrumentation-http');
  const { ExpressInstrumentation } = require('@opentelemetry/instrumentation-express') as typeof import('@opentelemetry/instrumentation-express');
  const { NestInstrumentation } = require('@opentelemetry/instrumentation-nestjs-core') as typeof import('@opentelemetry/instrumentation-nestjs-core');
  const { PgInstrumentation } = require('@opentelemetry/instrumentation-pg') as typeof import('@opentelemetry/instrumentation-pg');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const sdk = new NodeSDK({
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: ignoredRequest }),
      new ExpressInstrumentation(),
      new NestInstrumentation(),
      // a statement outside any traced work (a dispatcher's poll) would be a trace of its own every second
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  return sdk;
}

const sdk = tracingRequested() ? startTracing() : undefined;

/** Exports the spans still buffered; main.ts awaits it before the process exits. */
export async function stopTracing(): Promise<void> {
  await sdk?.shutdown().catch(() => undefined);
}
