/**
 * The paths served without an API key: health, the service index and the API documents. The
 * routes' @Public() decides for the guard; this list lets authentication run before routing (and
 * before a body is read). test/openapi-contract.e2e-spec.ts checks the two agree.
 */
const PUBLIC_EXACT = new Set(['/health', '/health/ready', '/api/v1', '/api/v1/']);
const PUBLIC_PREFIXES = ['/docs'];

export function isPublicPath(path: string): boolean {
  return PUBLIC_EXACT.has(path) || PUBLIC_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`) || path.startsWith(`${prefix}-`));
}
