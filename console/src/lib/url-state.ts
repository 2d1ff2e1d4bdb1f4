/**
 * A page's state in its URL (docs/api.md 16: reload and back work; a list's filters and page are in
 * its URL): plain search params (`?status=completed&page=2`), every value a string. The router parses
 * and writes the URL with parseSearch / stringifySearch; a page reads its state with readState and
 * changes it with nextState (useUrlState in frame/use-url-state.ts ties them to the router).
 */
export type SearchState = Record<string, string>;

export function parseSearch(search: string): SearchState {
  const out: SearchState = {};
  for (const [key, value] of new URLSearchParams(search.startsWith('?') ? search.slice(1) : search)) out[key] = value;
  return out;
}

/** `?a=1&b=2`, leaving out empty values; '' when nothing is left. */
export function stringifySearch(search: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(search)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The page's state: each key of defaults from the URL, or its default. Keys it does not know are ignored. */
export function readState<T extends SearchState>(search: Record<string, unknown>, defaults: T): T {
  const out: SearchState = { ...defaults };
  for (const key of Object.keys(defaults)) {
    const value = search[key];
    if (typeof value === 'string' && value !== '') out[key] = value;
    else if (typeof value === 'number') out[key] = String(value);
  }
  return out as T;
}

/**
 * The search params after a change: the patch over the current state, `page` back to its default
 * when anything else changed (a new filter starts on its first page), and every value equal to its
 * default left out of the URL.
 */
export function nextState<T extends SearchState>(current: T, patch: Partial<T>, defaults: T): Partial<T> {
  const merged: SearchState = { ...current, ...patch };
  const filterChanged = Object.keys(patch).some((key) => key !== 'page' && patch[key] !== current[key]);
  if (filterChanged && 'page' in defaults && !('page' in patch)) merged.page = defaults.page;
  const out: SearchState = {};
  for (const [key, value] of Object.entries(merged)) {
    if (key in defaults && value !== defaults[key] && value !== '') out[key] = value;
  }
  return out as Partial<T>;
}

/** A positive page number from the URL's text (1 when it is not one). */
export function pageNumber(text: string | undefined): number {
  const n = Number(text);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}
