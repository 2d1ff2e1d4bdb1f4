import { RequestHandler } from 'express';
import helmet from 'helmet';

/** The console's paths (docs/api.md 16): `/console` and everything below it. */
export function isConsolePath(path: string): boolean {
  return path === '/console' || path.startsWith('/console/');
}

/**
 * The console's policy: everything from this origin only, no inline script, no eval (no
 * 'unsafe-eval', no 'unsafe-inline' for scripts), nothing from another origin. Styles set through the
 * CSSOM (React's style prop, uPlot) are not inline styles in the CSP's sense.
 */
export const CONSOLE_CSP: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * helmet's defaults: nosniff, frame denial, HSTS, no referrer, same-origin resource policy and a
 * same-origin CSP. Swagger UI at /docs works under that CSP (its scripts are files, its inline
 * styles are allowed by helmet's style-src). Which browser origins may read the API is CORS's
 * business (CORS_ORIGINS); CORP only concerns no-cors embedding. The console's responses get the
 * same headers with a stricter CSP of their own (CONSOLE_CSP); the API's are unchanged.
 */
export function securityHeaders(): RequestHandler {
  const api = helmet();
  const console = helmet({ contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP } });
  return (req, res, next) => (isConsolePath(req.path) ? console : api)(req, res, next);
}
