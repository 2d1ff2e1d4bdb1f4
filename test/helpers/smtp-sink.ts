import { Socket } from 'net';
import { SMTPServer, SMTPServerOptions } from 'smtp-server';
import { freePort } from './processes';

/** One mail as the SMTP server received it: the envelope and the message, split into its parts. */
export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  headers: Map<string, string>;
  subject: string;
  text: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpSink {
  url: string;
  port: number;
  mails: ReceivedMail[];
  /** refuse every message with this SMTP reply (e.g. 451), or accept (null) */
  refuseWith: number | null;
  /** every SMTP command line the server was sent, in order (MAIL FROM, RCPT TO, ...) */
  commands: string[];
  /**
   * A slow server: each reply (the greeting, EHLO, MAIL, RCPT, DATA's 354) is written this long after
   * the one before it on its connection, or after the command came when there was none to wait for.
   */
  replyDelayMs: number;
  /** the delay of the reply to the message itself (after the client's final dot); null: replyDelayMs */
  messageReplyDelayMs: number | null;
  /** SMTP connections open now, and the most that were open at once */
  sessions: { open: number; max: number };
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  stop(): Promise<void>;
  /** starts again on the same port */
  start(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) on 127.0.0.1, without TLS or auth, keeping every mail it accepts. */
export async function startSmtpSink(port?: number): Promise<SmtpSink> {
  const chosen = port ?? (await freePort());
  let server: SMTPServer | null = null;
  const sink: SmtpSink = {
    url: `smtp://127.0.0.1:${chosen}`,
    port: chosen,
    mails: [],
    refuseWith: null,
    commands: [],
    replyDelayMs: 0,
    messageReplyDelayMs: null,
    sessions: { open: 0, max: 0 },
    waitFor: (count, timeoutMs = 15_000) =>
      waitUntil(() => (sink.mails.length >= count ? sink.mails.slice(0, count) : undefined), timeoutMs, `${count} mails (got ${sink.mails.length})`),
    stop: async () => {
      const s = server;
      server = null;
      if (s) await new Promise<void>((resolve) => s.close(() => resolve()));
    },
    start: async () => {
      const options: SMTPServerOptions = {
        secure: false,
        authOptional: true,
        disabledCommands: ['AUTH', 'STARTTLS'],
        logger: false,
        disableReverseLookup: true,
        onMailFrom: (address, _session, cb) => {
          sink.commands.push(`MAIL FROM:<${address.address}>`);
          cb();
        },
        onRcptTo: (address, _session, cb) => {
          sink.commands.push(`RCPT TO:<${address.address}>`);
          cb();
        },
        onData: (stream, session, cb) => {
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            if (sink.refuseWith !== null) {
              const err = Object.assign(new Error('mailbox unavailable'), { responseCode: sink.refuseWith });
              cb(err);
              return;
            }
            const raw = Buffer.concat(chunks).toString('utf8');
            sink.mails.push(
              parseMail(
                raw,
                session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
                session.envelope.rcptTo.map((r) => r.address),
              ),
            );
            cb();
          });
        },
      };
      const s = new SMTPServer(options);
      s.server.prependListener('connection', (socket: Socket) => {
        // A session is over once the client has closed its side (its FIN or reset has come), not when
        // this server gets round to closing: a client that closes and then connects again has run one
        // session at a time, although both events reach this process in one turn of its loop (the new
        // connection first). So the new session counts from the next turn, after what came with it.
        let state: 'coming' | 'open' | 'over' = 'coming';
        const over = () => {
          if (state === 'open') sink.sessions.open--;
          state = 'over';
        };
        socket.once('end', over);
        socket.once('close', over);
        socket.once('error', over);
        setImmediate(() => {
          if (state !== 'coming') return;
          state = 'open';
          sink.sessions.open++;
          sink.sessions.max = Math.max(sink.sessions.max, sink.sessions.open);
        });
        // a client that ends its session mid-dialog leaves a held-back reply with nowhere to go
        socket.on('error', () => undefined);
        delayReplies(socket, sink);
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(chosen, '127.0.0.1', () => resolve());
      });
      // a reply held back for a client that has gone (delayReplies) fails to write: not the server's fault
      s.on('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EPIPE' && err.code !== 'ECONNRESET') throw err;
      });
      server = s;
    },
  };
  await sink.start();
  return sink;
}

/**
 * Holds back what the server writes on `socket`: each write waits for the one before it, then for
 * its delay (a reply written after the 354 answers the message). end() waits for the writes before it.
 */
function delayReplies(socket: Socket, sink: SmtpSink): void {
  const write = (chunk: string | Buffer): boolean => Socket.prototype.write.call(socket, chunk);
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called with the socket as `this` below
  const endSocket: (this: Socket) => Socket = Socket.prototype.end;
  const end = (): Socket => endSocket.call(socket);
  let queue = Promise.resolve();
  let afterData = false;
  const later = (delayMs: () => number, run: () => void) => {
    queue = queue
      .then(async () => {
        const ms = delayMs();
        if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
        if (socket.writable) run();
      })
      .catch(() => undefined);
  };
  socket.write = (chunk: string | Buffer): boolean => {
    const text = chunk.toString();
    const messageReply = afterData;
    afterData = text.startsWith('354');
    later(
      () => (messageReply ? (sink.messageReplyDelayMs ?? sink.replyDelayMs) : sink.replyDelayMs),
      () => write(chunk),
    );
    return true;
  };
  socket.end = (): Socket => {
    later(
      () => 0,
      () => end(),
    );
    return socket;
  };
}

/** Polls `probe` until it gives a value, failing after `timeoutMs` with what it waited for. */
export async function waitUntil<T>(probe: () => T | undefined | Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function splitHeaders(part: string): { headers: Map<string, string>; body: string } {
  const at = part.indexOf('\r\n\r\n');
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at + 4);
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** RFC 2047 encoded words (=?UTF-8?B?...?= and =?UTF-8?Q?...?=) decoded. */
export function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*(?==\?)?/gi, (_m, enc: string, text: string) =>
    enc.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text.replace(/_/g, ' ').replace(/=([0-9a-f]{2})/gi, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
          'latin1',
        ).toString('utf8'),
  );
}

function decodeBody(body: string, encoding: string | undefined): Buffer {
  if (encoding?.toLowerCase() === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64');
  if (encoding?.toLowerCase() === 'quoted-printable')
    return Buffer.from(
      body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    );
  return Buffer.from(body, 'utf8');
}

function parseMail(raw: string, from: string, to: string[]): ReceivedMail {
  const { headers, body } = splitHeaders(raw);
  const mail: ReceivedMail = { from, to, raw, headers, subject: decodeWords(headers.get('subject') ?? ''), text: '', attachments: [] };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers.get('content-type') ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const p = splitHeaders(part.replace(/^\r\n/, ''));
    const type = p.headers.get('content-type') ?? 'text/plain';
    const content = decodeBody(p.body.replace(/\r\n$/, ''), p.headers.get('content-transfer-encoding'));
    const filename = /filename="?([^";]+)"?/i.exec(p.headers.get('content-disposition') ?? '')?.[1];
    if (filename) mail.attachments.push({ filename, contentType: type.split(';')[0], content });
    else if (type.startsWith('text/plain')) mail.text = content.toString(type.includes('utf-8') || type.includes('UTF-8') ? 'utf8' : 'latin1');
  }
  return mail;
}
