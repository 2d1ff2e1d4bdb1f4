import { randomUUID } from 'crypto';
import { NextFunction, Request, Response } from 'express';

const VALID_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Echo a sane incoming X-Request-Id or generate one; every response carries it. */
export function requestIdMiddleware(req: Request, res: Response, next: NextFunction): void {
  const incoming = req.header('x-request-id');
  const id = incoming && VALID_ID.test(incoming) ? incoming : randomUUID();
  (req as Request & { requestId: string }).requestId = id;
  res.setHeader('X-Request-Id', id);
  next();
}
