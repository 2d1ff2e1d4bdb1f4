import { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * helmet's defaults: nosniff, frame denial, HSTS, no referrer, same-origin resource policy and a
 * same-origin CSP. Swagger UI at /docs works under that CSP (its scripts are files, its inline
 * styles are allowed by helmet's style-src). Which browser origins may read the API is CORS's
 * business (CORS_ORIGINS); CORP only concerns no-cors embedding.
 */
export function securityHeaders(): RequestHandler {
  return helmet();
}
