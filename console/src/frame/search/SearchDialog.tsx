import { useNavigate } from '@tanstack/react-router';
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useApiRead } from '../../api/staff';
import { useDebounced } from '../../lib/use-debounced';
import { ErrorView } from '../../ui/ErrorView';
import { useModal } from '../../ui/use-modal';
import { groupResults, moveActive, pageOf, searchable, type SearchResult } from './search-results';
import './search.css';

/** How long typing pauses before `/search` is asked. */
const DEBOUNCE_MS = 150;

/**
 * Search (docs/api.md 21, Ctrl+K): a modal dialog with one combobox over a listbox of `/search`'s
 * results grouped by kind. Typing asks the API once typing pauses (each query its own read, so an
 * older answer never replaces a newer one), the arrows move the active option, Enter opens its page
 * (Enter typed faster than the answer, as a scanner does, opens the first result of that answer when
 * it comes), Escape closes and focus goes back where it was.
 */
export function SearchDialog({ onClose }: { onClose: () => void }) {
  const ref = useModal();
  const navigate = useNavigate();
  const ids = { title: useId(), list: useId(), status: useId() };
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(-1);
  const [enterFor, setEnterFor] = useState<string | null>(null);
  const q = useDebounced(typed.trim(), DEBOUNCE_MS);
  const read = useApiRead<{ data: SearchResult[] }>('/search', { q }, searchable(q));
  const current = q === typed.trim() && searchable(q) && read.data !== undefined;
  const { groups, flat } = groupResults(current ? read.data.data : []);

  // a new answer: its first option is the active one
  useEffect(() => setActive(flat.length > 0 ? 0 : -1), [read.data, current]);

  function open(result: SearchResult) {
    const page = pageOf(result);
    onClose();
    void navigate({ to: page.to, params: page.params } as Parameters<typeof navigate>[0]);
  }

  // Enter pressed before the answer to what was typed came: open its first result once it does
  useEffect(() => {
    if (enterFor === null || !current || enterFor !== q) return;
    setEnterFor(null);
    if (flat.length > 0) open(flat[0]);
  }, [enterFor, current, q, flat.length]);

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      if (current && active >= 0 && active < flat.length) open(flat[active]);
      else if (!current && searchable(typed)) setEnterFor(typed.trim());
      return;
    }
    const next = moveActive(active, flat.length, event.key);
    if (next !== active || (flat.length > 0 && ['ArrowDown', 'ArrowUp'].includes(event.key))) {
      event.preventDefault();
      setActive(next);
      document.getElementById(optionId(ids.list, next))?.scrollIntoView({ block: 'nearest' });
    }
  }

  let status: string;
  if (!searchable(typed)) status = 'Type at least 2 characters: an order or invoice number, a product, a customer, a supplier.';
  else if (read.error && q === typed.trim()) status = '';
  else if (!current) status = 'Searching…';
  else if (flat.length === 0) status = `Nothing matches “${q}”.`;
  else status = `${flat.length} ${flat.length === 1 ? 'result' : 'results'}. Up and down arrows choose, Enter opens.`;

  return (
    <dialog
      ref={ref}
      className="search-dialog"
      aria-labelledby={ids.title}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose(); // a click on the backdrop
      }}
    >
      <h2 id={ids.title}>Search</h2>
      <input
        type="text"
        role="combobox"
        aria-label="Search the business"
        aria-expanded={flat.length > 0}
        aria-controls={ids.list}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? optionId(ids.list, active) : undefined}
        aria-describedby={ids.status}
        autoComplete="off"
        spellCheck={false}
        autoFocus
        value={typed}
        onChange={(e) => setTyped(e.target.value)}
        onKeyDown={onKeyDown}
      />
      <p id={ids.status} role="status" className="hint">
        {status}
      </p>
      {read.error !== null && q === typed.trim() && searchable(q) && <ErrorView error={read.error} onRetry={() => void read.refetch()} />}
      <div id={ids.list} role="listbox" aria-label="Results" className="search-results">
        {groups.map((group) => (
          <div key={group.kind} role="group" aria-labelledby={`${ids.list}-${group.kind}`}>
            <div role="presentation" id={`${ids.list}-${group.kind}`} className="search-kind">
              {group.heading}
            </div>
            {group.results.map(({ result, index }) => (
              <div
                key={`${result.kind}-${result.id}`}
                id={optionId(ids.list, index)}
                role="option"
                aria-selected={index === active}
                className="search-option"
                onMouseDown={(e) => e.preventDefault()} // focus stays in the field
                onClick={() => open(result)}
              >
                <span className="search-label">{result.label}</span>
                {result.detail && <span className="search-detail">{result.detail}</span>}
              </div>
            ))}
          </div>
        ))}
      </div>
    </dialog>
  );
}

function optionId(list: string, index: number): string {
  return `${list}-option-${index}`;
}
