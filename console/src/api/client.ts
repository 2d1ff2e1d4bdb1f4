import createFetchClient, { type Middleware } from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { paths } from '../../../test/generated/openapi';
import { session } from '../auth/session';
import { exactFetch } from '../lib/exact-json';

/**
 * The console's one way to the API: openapi-fetch typed by the document the project generates
 * (test/generated/openapi.d.ts, `npm run openapi:types`: the one source of truth), on the public API
 * only. The document's paths carry the /api/v1 prefix (`api.GET('/api/v1/business')`), so the base is
 * this origin. Every call sends the tab's key; a 401 from any call signs out (docs/api.md 16).
 */
export type { paths };
export const API_BASE = '/api/v1';

const auth: Middleware = {
  onRequest({ request }) {
    const key = session.key();
    if (key && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${key}`);
    return request;
  },
  onResponse({ request, response }) {
    // a refused key at sign-in is the form's business; any other 401 ends the session
    if (response.status === 401 && session.key() !== null && request.headers.get('Authorization') === `Bearer ${session.key()}`) session.signOut('expired');
    return response;
  },
};

export const api = createFetchClient<paths>({ baseUrl: window.location.origin, fetch: exactFetch });
api.use(auth);

/** TanStack Query hooks over the same client: `$api.useQuery('get', '/api/v1/orders', { params })`. */
export const $api = createQueryHooks(api);
