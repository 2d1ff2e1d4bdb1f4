import { Injectable, Logger } from '@nestjs/common';
import { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { sendError } from '../errors/all-exceptions.filter';

/**
 * The first step of a shutdown. Closing the listener stops new connections only: clients that keep
 * their connections alive would go on sending requests until the process exits. Once draining,
 * every request that arrives is refused with 503 and `Connection: close` (so the client reconnects
 * elsewhere), while the requests already running finish.
 */
@Injectable()
export class Draining {
  private readonly logger = new Logger('Shutdown');
  private draining = false;

  start(): void {
    this.draining = true;
  }

  readonly middleware = (req: Request, res: Response, next: NextFunction): void => {
    if (!this.draining) return next();
    res.setHeader('Connection', 'close');
    sendError(res, req, new DomainError('SERVICE_UNAVAILABLE', 'The server is shutting down; retry the request'), this.logger);
  };
}
