import createFetchClient, { type Middleware } from 'openapi-fetch';
import createQueryHooks from 'openapi-react-query';
import type { paths } from '../../../test/generated/openapi';
import { session } from '../auth/session';
import { exactFetch } from '../lib/exact-json';

/**
 * The console's one way to the API: openapi-fetch typed by the document the project generates
 * (test/generated/openapi.d.ts, `npm run openapi:types`: the one source of truth), on the public API
 * only. The document's paths carry the /api/v1 prefix (`api.GET('/api/v1/business')`), so the base is
 * this origin. A key session sends the tab's key; a user session sends nothing but its cookie (the
 * browser's) and, on every call other than GET/HEAD, X-CSRF-Token (docs/api.md 19). A 401 from any
 * call signs out (docs/api.md 16), but a refused password or code of a form that asks for one.
 */
export type { paths };
export const API_BASE = '/api/v1';

/** The calls whose 401 is the answer to what a form typed (a wrong password or code), not a lost session. */
const FORM_401 = /\/api\/v1\/auth\/(sign-in|two-factor\/|accept-invite|reset-password)/;

const auth: Middleware = {
  onRequest({ request }) {
    const key = session.key();
    if (key && !request.headers.has('Authorization')) request.headers.set('Authorization', `Bearer ${key}`);
    const csrf = session.csrf();
    if (csrf && request.method !== 'GET' && request.method !== 'HEAD') request.headers.set('X-CSRF-Token', csrf);
    return request;
  },
  onResponse({ request, response }) {
    if (response.status !== 401) return response;
    const key = session.key();
    // a refused key at sign-in is the form's business; any other 401 ends the session
    if (key !== null && request.headers.get('Authorization') === `Bearer ${key}`) session.signOut('expired');
    if (session.kind() === 'user' && !FORM_401.test(new URL(request.url).pathname)) session.signOut('expired');
    return response;
  },
};

export const api = createFetchClient<paths>({ baseUrl: window.location.origin, fetch: exactFetch, credentials: 'same-origin' });
api.use(auth);

/** TanStack Query hooks over the same client: `$api.useQuery('get', '/api/v1/orders', { params })`. */
export const $api = createQueryHooks(api);
