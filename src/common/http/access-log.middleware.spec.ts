import { EventEmitter } from 'events';
import { Request, Response } from 'express';
import { JsonLogger, Level } from '../logging/json-logger';
import { accessLogMiddleware } from './access-log.middleware';

/** The pino calls a logger at `level` makes for one request answered with `status`. */
function linesFor(level: Level, status: number): { method: string; fields: Record<string, unknown> }[] {
  const logger = new JsonLogger(level);
  const lines: { method: string; fields: Record<string, unknown> }[] = [];
  for (const method of ['debug', 'info', 'warn', 'error'] as const) {
    jest.spyOn(logger.pino, method).mockImplementation(((fields: Record<string, unknown>) => {
      lines.push({ method, fields });
    }) as never);
  }
  const req = { method: 'GET', originalUrl: '/api/v1/orders?page=1', baseUrl: '/api/v1', route: { path: '/orders' }, requestId: 'r-1' } as unknown as Request;
  const res = Object.assign(new EventEmitter(), { statusCode: status }) as unknown as Response;
  const next = jest.fn();
  accessLogMiddleware(logger)(req, res, next);
  expect(next).toHaveBeenCalledTimes(1);
  res.emit('finish');
  return lines;
}

describe('the access log', () => {
  it('writes one line per request at info, with the route and without the query', () => {
    const lines = linesFor('info', 200);
    expect(lines).toHaveLength(1);
    expect(lines[0].method).toBe('info');
    expect(lines[0].fields).toMatchObject({ context: 'Http', method: 'GET', path: '/api/v1/orders', route: '/api/v1/orders', status: 200, request_id: 'r-1' });
  });

  it('writes nothing for an answered request above info, and still the line of a 5xx', () => {
    expect(linesFor('warn', 200)).toEqual([]);
    expect(linesFor('error', 404)).toEqual([]);
    const lines = linesFor('warn', 503);
    expect(lines).toHaveLength(1);
    expect(lines[0].method).toBe('error');
    expect(lines[0].fields).toMatchObject({ status: 503, path: '/api/v1/orders' });
  });
});

describe('JsonLogger', () => {
  it('builds no record below its level', () => {
    const logger = new JsonLogger('warn');
    const info = jest.spyOn(logger.pino, 'info');
    const warn = jest.spyOn(logger.pino, 'warn').mockImplementation(() => undefined);
    logger.write('info', { msg: 'quiet', detail: 1 });
    logger.write('warn', { msg: 'heard', detail: 2 });
    expect(info).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledWith({ detail: 2 }, 'heard');
    expect(logger.isEnabled('info')).toBe(false);
    expect(logger.isEnabled('error')).toBe(true);
  });
});
