import { Logger } from '@nestjs/common';
import express, { NextFunction, Request, Response } from 'express';
import { DomainError } from '../errors/domain-error';
import { sendError } from '../errors/all-exceptions.filter';
import { jsonShapeProblem } from './json-shape';

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/**
 * The routes that take a multipart/form-data upload instead of JSON (POST /imports, docs/api.md 23):
 * their route's interceptor reads the form, its limits its own.
 */
export const MULTIPART_ROUTES: readonly { method: string; path: string }[] = [{ method: 'POST', path: '/api/v1/imports' }];

function takesMultipart(req: Request): boolean {
  const path = req.path.replace(/\/+$/, '');
  return Boolean(req.is('multipart/form-data')) && MULTIPART_ROUTES.some((r) => r.method === req.method && r.path === path);
}

/**
 * JSON bodies only (415 otherwise; multipart on MULTIPART_ROUTES), size-limited (413), malformed or too deeply nested JSON is a
 * 400 in the contract's error body. Registered before Nest's routing, so these errors never reach a controller.
 */
export function bodyParsingMiddlewares(limit: string) {
  const logger = new Logger('BodyParser');
  const requireJson = (req: Request, res: Response, next: NextFunction) => {
    if (hasBody(req) && !req.is('application/json') && !takesMultipart(req)) {
      return sendError(res, req, new DomainError('UNSUPPORTED_MEDIA_TYPE'), logger);
    }
    next();
  };
  // verify runs on the raw bytes before JSON.parse: a body of too many values or levels is refused
  // without being built (the error handler below answers the DomainError it throws), so nothing
  // recursive downstream (class-transformer, the idempotency fingerprint) ever sees a deep body.
  const parseJson = express.json({
    limit,
    strict: true,
    type: 'application/json',
    verify: (_req, _res, raw) => {
      const problem = jsonShapeProblem(raw);
      if (problem) throw DomainError.validation('body', problem);
    },
  });
  const parseErrors = (err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (!err) return next();
    sendError(res, req, err, logger);
  };
  return [requireJson, parseJson, parseErrors] as const;
}
