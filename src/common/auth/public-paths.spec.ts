import { isPublicPath } from './public-paths';

describe('isPublicPath', () => {
  it.each([
    '/health',
    '/health/',
    '/health/ready',
    '/health/ready/',
    '/api/v1',
    '/api/v1/',
    '/docs',
    '/docs/',
    '/docs-json',
    '/docs/swagger-ui.css',
    '/console',
    '/console/',
    '/console/orders/1',
    '/console/assets/index.js',
    '/api/v1/auth/sign-in',
    '/api/v1/auth/accept-invite',
  ])('%s is public', (path) => {
    expect(isPublicPath(path)).toBe(true);
  });

  it.each([
    '/api/v1/products',
    '/api/v1/health',
    '/healthz',
    '/health/ready/x',
    '/docsx',
    '/api/v1x',
    '/',
    '/consolex',
    '/console-json',
    '/api/v1/console',
    '/api/v1/auth/session',
    '/api/v1/auth/sign-out',
    '/api/v1/auth/sign-in/x',
  ])('%s is protected', (path) => {
    expect(isPublicPath(path)).toBe(false);
  });
});
