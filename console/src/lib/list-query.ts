import { pageNumber, type SearchState } from './url-state';

/**
 * The API query of a list page from its URL state (lib/url-state.ts): each filter's URL key renamed
 * to its API parameter (`customer` -> `customer_id`), empty filters left out, `page` a positive whole
 * number (when the state has one) and `per_page` when given. Cursor lists have no `page` in their state.
 */
export function listQuery(state: SearchState, filters: Record<string, string>, perPage?: number): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  if ('page' in state) out.page = pageNumber(state.page);
  if (perPage !== undefined) out.per_page = perPage;
  for (const [key, param] of Object.entries(filters)) {
    const value = state[key];
    if (value !== undefined && value !== '') out[param] = value;
  }
  return out;
}
