import { useNavigate, useSearch } from '@tanstack/react-router';
import { nextState, readState, type SearchState } from '../lib/url-state';

/**
 * A page's state in its URL (lib/url-state.ts): `[state, set]`, where set(patch) navigates to the same
 * page with the new search params (a history entry, so Back undoes it; a filter change goes back to page 1).
 */
export function useUrlState<T extends SearchState>(defaults: T): [T, (patch: Partial<T>) => void] {
  const search: Record<string, unknown> = useSearch({ strict: false });
  const navigate = useNavigate();
  const state = readState(search, defaults);
  const set = (patch: Partial<T>) => void navigate({ to: '.', search: nextState(state, patch, defaults) });
  return [state, set];
}
