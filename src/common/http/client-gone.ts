import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import { Response } from 'express';

/**
 * A signal aborted once the client has gone: its connection closed before the response was sent
 * whole (also before the handler ran), so work done only for that response can stop or not start.
 */
export function clientGoneSignal(res: Response): AbortSignal {
  const gone = new AbortController();
  if (res.destroyed) gone.abort();
  else res.once('close', () => (res.writableFinished ? undefined : gone.abort()));
  return gone.signal;
}

/** The handler's `clientGoneSignal` of its response. */
export const ClientGone = createParamDecorator((_data: unknown, ctx: ExecutionContext): AbortSignal =>
  clientGoneSignal(ctx.switchToHttp().getResponse<Response>()),
);
