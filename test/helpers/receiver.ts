import { createHmac, timingSafeEqual } from 'crypto';
import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'http';
import { AddressInfo, Socket } from 'net';
import { INestApplication } from '@nestjs/common';
import { DomainEvent, EventName } from '../../src/common/events/domain-event';
import { UnitOfWork } from '../../src/database/unit-of-work';

/** One request as a webhook receiver saw it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: any;
  /** Date.now() when the whole body had arrived */
  receivedAt: number;
  /** Date.now() when the receiver answered; undefined while it has not */
  answeredAt?: number;
  /** Date.now() when the sender gave up on the request (closed it unanswered, e.g. its timeout) */
  abandonedAt?: number;
}

/** How the receiver answers one request: a status after an optional delay. */
export interface Answer {
  status?: number;
  delayMs?: number;
}

export interface Receiver {
  /** Base URL, e.g. http://127.0.0.1:41234; any path is accepted. */
  url: string;
  requests: ReceivedRequest[];
  /** Decides the answer per request (default: 200 at once). */
  answer: (req: ReceivedRequest) => Answer;
  on(path: string): ReceivedRequest[];
  /** Resolves once `count` requests (on `path` when given) have arrived; rejects after timeoutMs. */
  waitFor(count: number, options?: { path?: string; timeoutMs?: number }): Promise<ReceivedRequest[]>;
  close(): Promise<void>;
}

/** A real HTTP server on 127.0.0.1 and a random port, recording every request it receives. */
export async function startReceiver(answer: (req: ReceivedRequest) => Answer = () => ({})): Promise<Receiver> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const receiver: Receiver = {
    url: '',
    requests: [],
    answer,
    on: (path) => receiver.requests.filter((r) => r.path === path),
    waitFor: (count, options = {}) => waitFor(receiver, count, options.path, options.timeoutMs ?? 10_000),
    close: async () => {
      timers.forEach(clearTimeout);
      sockets.forEach((s) => s.destroy());
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const record: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody, body, receivedAt: Date.now() };
      receiver.requests.push(record);
      res.on('close', () => {
        if (record.answeredAt === undefined) record.abandonedAt = Date.now();
      });
      const { status = 200, delayMs = 0 } = receiver.answer(record);
      const respond = (r: ServerResponse) => {
        record.answeredAt = Date.now();
        r.writeHead(status, { 'Content-Type': 'text/plain' }).end('ok');
      };
      if (delayMs > 0) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) respond(res);
        }, delayMs);
        timers.add(timer);
      } else {
        respond(res);
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return receiver;
}

async function waitFor(receiver: Receiver, count: number, path: string | undefined, timeoutMs: number): Promise<ReceivedRequest[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = path ? receiver.on(path) : receiver.requests;
    if (seen.length >= count) return seen;
    if (Date.now() > deadline) throw new Error(`receiver: expected ${count} request(s)${path ? ` on ${path}` : ''}, got ${seen.length} in ${timeoutMs} ms`);
    await sleep(10);
  }
}

/** A URL on 127.0.0.1 where nothing listens: connections to it are refused. */
export async function refusingUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/**
 * What a receiver does with X-Service-Signature-256 (the README's snippet): recompute the HMAC of
 * "<t>.<raw body>" with the secret, compare in constant time, reject a t older than 5 minutes.
 */
export function verifySignature(header: string | undefined, secret: string, rawBody: string, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  const match = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const [, t, received] = match;
  if (Math.abs(nowSeconds - Number(t)) > 300) return false;
  const expected = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest();
  return timingSafeEqual(expected, Buffer.from(received, 'hex'));
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `read` until `done` holds for its value (or the time is up) and returns the last value: for
 * state another process settles after the receiver has its request (a delivery marked succeeded),
 * where a fixed sleep is a timing assumption that a loaded machine breaks.
 */
export async function pollUntil<T>(read: () => T | Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await sleep(50);
    value = await read();
  }
  return value;
}

/** Any public event, for triggering deliveries where the endpoint that emits it does not exist. */
export class AnyEvent extends DomainEvent<object> {
  constructor(
    businessId: string,
    readonly name: EventName,
    data: object,
  ) {
    super(businessId, data);
  }
}

/** Commits events through the real UnitOfWork (outbox row + after-commit emit), in one transaction. */
export async function commitEvents(app: INestApplication, businessId: string, events: [EventName, object][]): Promise<AnyEvent[]> {
  const recorded = events.map(([name, data]) => new AnyEvent(businessId, name, data));
  await app.get(UnitOfWork).run((tx) => Promise.resolve(recorded.forEach((e) => tx.record(e))));
  return recorded;
}
