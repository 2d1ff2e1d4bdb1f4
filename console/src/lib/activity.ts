/**
 * docs/api.md 20's activity entries as the console shows them: `changes` `{field: [before, after]}`
 * as lines, and the cursor paging (`after`, `meta.next`) kept in the URL: `after` the page's cursor,
 * `newer` the cursors of the pages before it (comma-separated), so Newer and Back both work.
 */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' || typeof v === 'number')) return value.join(', ');
  return JSON.stringify(value);
}

export function changeLines(changes: Record<string, unknown> | null | undefined): { field: string; before: string; after: string }[] {
  if (!changes) return [];
  return Object.entries(changes).map(([field, pair]) => {
    const [before, after]: unknown[] = Array.isArray(pair) ? (pair as unknown[]) : [undefined, pair];
    return { field, before: valueText(before), after: valueText(after) };
  });
}

interface CursorState {
  after: string;
  newer: string;
}

/** The next (older) page: after `next`, this page's cursor remembered. */
export function olderState(state: CursorState, next: string): CursorState {
  const newer = state.after ? [...split(state.newer), state.after] : [];
  return { after: next, newer: newer.join(',') };
}

/** The page before (newer): the last remembered cursor, or the first page. */
export function newerState(state: CursorState): CursorState {
  const newer = split(state.newer);
  const after = newer.pop() ?? '';
  return { after, newer: newer.join(',') };
}

function split(text: string): string[] {
  return text ? text.split(',') : [];
}
