import { Request } from 'express';

/** The matched route's template (`/api/v1/orders/:id`), never the path the client sent; undefined when no route matched. */
export function routeOf(req: Request): string | undefined {
  const route = req.route as { path?: unknown } | undefined;
  return typeof route?.path === 'string' ? `${req.baseUrl}${route.path}` : undefined;
}
