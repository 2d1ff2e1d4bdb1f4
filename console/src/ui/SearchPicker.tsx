import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useDebounced } from '../lib/use-debounced';

/** How a picker finds its items: a list endpoint's `search`, one page of matches; `key`, the endpoint's path, keys the cache (invalidatePaths reaches it). */
export interface PickerSearch<T> {
  key: string;
  find: (term: string, signal: AbortSignal) => Promise<T[]>;
}

/**
 * Chooses one item of a collection too long to load whole: the user types, the API searches
 * (debounced, one page of matches), each match is a button ("Choose <name>"). The item chosen is
 * shown under the field with a Clear button (unless `required`). For a select over thousands of
 * rows (suppliers, say) in place of one that could only offer the first page.
 */
export function SearchPicker<T extends { id: string }>({
  label,
  chosen,
  onChoose,
  search,
  name,
  what,
  required = false,
  none = 'None chosen.',
}: {
  label: string;
  /** the name of the item chosen, null for none */
  chosen: string | null;
  onChoose: (item: T | null) => void;
  search: PickerSearch<T>;
  name: (item: T) => string;
  /** the items, plural, lower case: "No suppliers match." */
  what: string;
  required?: boolean;
  /** what the field says while nothing is chosen */
  none?: string;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const typed = text.trim();
  const term = useDebounced(typed, 250);
  const found = useQuery({
    queryKey: [search.key, { search: term }],
    queryFn: ({ signal }) => search.find(term, signal),
    enabled: term.length > 0,
    staleTime: 10_000,
  });
  const settled = term === typed;
  const rows = found.data ?? [];
  return (
    <div className="picker field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="search"
        value={text}
        autoComplete="off"
        placeholder={chosen === null ? 'Type to search' : 'Type to change'}
        aria-describedby={`${id}-chosen`}
        onChange={(e) => setText(e.target.value)}
      />
      <p id={`${id}-chosen`} className="hint" aria-live="polite">
        {chosen !== null ? (
          <>
            Chosen: <strong>{chosen}</strong>
            {!required && (
              <>
                {' '}
                <button type="button" aria-label={`Clear ${label}`} onClick={() => onChoose(null)}>
                  Clear
                </button>
              </>
            )}
          </>
        ) : (
          none
        )}
      </p>
      {typed && (
        <ul aria-label={`${what} matching ${typed}`}>
          {(!settled || found.isPending) && <li>Searching…</li>}
          {settled && found.error ? <li role="alert">The search failed.</li> : null}
          {settled && found.isSuccess && rows.length === 0 && <li>No {what} match.</li>}
          {settled &&
            rows.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  onClick={() => {
                    onChoose(item);
                    setText('');
                  }}
                >
                  Choose {name(item)}
                </button>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
