/**
 * The paths served without an API key: health, the service index and the API documents. The
 * routes' @Public() decides for the guard; this list lets authentication run before routing (and
 * before a body is read). test/openapi-contract.e2e-spec.ts checks the two agree.
 */
const PUBLIC_EXACT = new Set(['/health', '/health/ready', '/api/v1']);
const PUBLIC_PREFIXES = ['/docs'];

/** Express routes ignore one trailing slash (`/health/` is `/health`), so the list does too. */
export function isPublicPath(path: string): boolean {
  const route = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return PUBLIC_EXACT.has(route) || PUBLIC_PREFIXES.some((prefix) => route === prefix || route.startsWith(`${prefix}/`) || route.startsWith(`${prefix}-`));
}
