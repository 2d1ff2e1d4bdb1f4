import { LoggerService } from '@nestjs/common';

const LEVELS = ['debug', 'info', 'warn', 'error'] as const;
type Level = (typeof LEVELS)[number];

/** Structured logging: one JSON object per line on stdout (errors on stderr). */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;

  constructor(level: Level = 'info') {
    this.threshold = LEVELS.indexOf(level);
  }

  log(message: unknown, context?: string): void {
    this.write('info', message, context);
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

  write(level: Level, message: unknown, context?: string, trace?: string): void {
    if (LEVELS.indexOf(level) < this.threshold) return;
    const entry: Record<string, unknown> = { time: new Date().toISOString(), level, context };
    if (typeof message === 'object' && message !== null) Object.assign(entry, message);
    else entry.msg = String(message);
    if (trace) entry.trace = trace;
    const line = `${JSON.stringify(entry)}\n`;
    (level === 'error' ? process.stderr : process.stdout).write(line);
  }
}
