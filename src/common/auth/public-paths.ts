/**
 * The paths served without an API key or a session: health, signing in, the service index, the API documents and the
 * console's files (docs/api.md 16: its HTML is served without authentication; its calls carry the key). The
 * routes' @Public() decides for the guard; this list lets authentication run before routing (and
 * before a body is read). test/openapi-contract.e2e-spec.ts checks the two agree.
 */
const PUBLIC_EXACT = new Set([
  '/health',
  '/health/ready',
  '/api/v1',
  // docs/api.md 19: what a person does before having a session
  '/api/v1/auth/sign-in',
  '/api/v1/auth/accept-invite',
  '/api/v1/auth/forgot-password',
  '/api/v1/auth/reset-password',
]);
const PUBLIC_PREFIXES = ['/docs'];
/** Prefixes followed only by `/` (not `-`): `/console-x` is not the console. */
const PUBLIC_TREES = ['/console'];

/** Express routes ignore one trailing slash (`/health/` is `/health`), so the list does too. */
export function isPublicPath(path: string): boolean {
  const route = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return (
    PUBLIC_EXACT.has(route) ||
    PUBLIC_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`) || route.startsWith(`${prefix}-`)) ||
    PUBLIC_TREES.some((tree) => route === tree || route.startsWith(`${tree}/`))
  );
}
