import { Request } from 'express';

const USER_AGENT_MAX_CHARS = 512;

/** The client's address: the socket's, or with TRUST_PROXY the one the proxy's X-Forwarded-For names (express's req.ip). */
export function clientAddress(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}

/** The User-Agent header, cut to a bounded length in characters (stored with a session and an activity entry). */
export function clientUserAgent(req: Request): string | null {
  const agent = req.headers['user-agent'];
  return agent ? [...agent].slice(0, USER_AGENT_MAX_CHARS).join('') : null;
}
