import { LoggerService } from '@nestjs/common';
import pino from 'pino';
import pinoPretty from 'pino-pretty';
import { activeTraceId } from '../tracing/trace-context';

export type Level = 'debug' | 'info' | 'warn' | 'error';

/** Nest's start-up chatter (one line per module and route): kept, at debug. */
const CHATTY_CONTEXTS = new Set(['InstanceLoader', 'RoutesResolver', 'RouterExplorer', 'NestFactory', 'NestApplication']);

/** Never written, wherever they sit in a record: API keys in headers, webhook secrets, the parameters of a failed query. */
const REDACTED = ['authorization', '*.authorization', '*.*.authorization', 'secret', '*.secret', 'password', '*.password', 'err.parameters'];

function traceFields(): { trace_id?: string } {
  const traceId = activeTraceId();
  return traceId ? { trace_id: traceId } : {};
}

/**
 * The one logger of the service (Nest, TypeORM, the access log, the CLI): pino, one JSON object per
 * line on stdout and errors on stderr (through the process streams, written in order with anything
 * else the process prints); pretty, coloured lines when stdout is a terminal. `err` is always an
 * object with its stack, never a string inside the message.
 */
export class JsonLogger implements LoggerService {
  readonly pino: pino.Logger;

  /** `everythingTo: 'stderr'` for commands whose stdout is their JSON result (the CLI, migration:run). */
  constructor(level: Level = 'info', everythingTo: 'stdout' | 'stderr' = 'stdout') {
    this.pino = pino(
      {
        level,
        base: undefined,
        timestamp: pino.stdTimeFunctions.isoTime,
        formatters: { level: (label) => ({ level: label }) },
        redact: { paths: REDACTED, censor: '[redacted]' },
        // the trace of the work being logged (a request, a delivery) when tracing is on; nothing otherwise
        mixin: traceFields,
      },
      process.stdout.isTTY
        ? pinoPretty({ colorize: true, sync: true })
        : pino.multistream(
            [
              { level: 'debug', stream: everythingTo === 'stderr' ? process.stderr : process.stdout },
              { level: 'error', stream: process.stderr },
            ],
            { dedupe: true },
          ),
    );
  }

  log(message: unknown, context?: string): void {
    this.write(context && CHATTY_CONTEXTS.has(context) ? 'debug' : 'info', message, context);
  }
  error(message: unknown, trace?: string, context?: string): void {
    this.write('error', message, context, trace);
  }
  warn(message: unknown, context?: string): void {
    this.write('warn', message, context);
  }
  debug(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }
  verbose(message: unknown, context?: string): void {
    this.write('debug', message, context);
  }

  /** Whether a record at `level` is written: below it, a caller need not build the record. */
  isEnabled(level: Level): boolean {
    return this.pino.isLevelEnabled(level);
  }

  /** A record: an object's fields become the record's (`msg` its message), an Error becomes `err`. */
  write(level: Level, message: unknown, context?: string, trace?: string): void {
    if (!this.isEnabled(level)) return;
    const fields: Record<string, unknown> = context ? { context } : {};
    let msg: string | undefined;
    if (message instanceof Error) {
      fields.err = message;
      msg = message.message;
    } else if (typeof message === 'object' && message !== null) {
      const { msg: text, ...rest } = message as Record<string, unknown>;
      Object.assign(fields, rest);
      msg = typeof text === 'string' ? text : undefined;
    } else {
      msg = String(message);
    }
    if (trace && !fields.err) fields.err = { stack: trace };
    this.pino[level](fields, msg);
  }
}
