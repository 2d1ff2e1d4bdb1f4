import { formatQuantity } from '../lib/money';

interface Meta {
  page: number;
  total_pages: number;
  total: number;
}

/**
 * Paging of a list the API pages (CONTRACT.md 2's `meta`): Previous and Next, and where the list is.
 * The page lives in the URL (frame/use-url-state.ts); `onPage` sets it.
 */
export function PageNav({ meta, what, onPage }: { meta: Meta; what: string; onPage: (page: number) => void }) {
  if (meta.total_pages <= 1) return <p className="hint">{`${formatQuantity(meta.total)} ${what}`}</p>;
  return (
    <nav className="page-nav" aria-label={`Pages of ${what}`}>
      <button type="button" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
        Previous page
      </button>
      <span>
        Page {formatQuantity(meta.page)} of {formatQuantity(meta.total_pages)} ({formatQuantity(meta.total)} {what})
      </span>
      <button type="button" disabled={meta.page >= meta.total_pages} onClick={() => onPage(meta.page + 1)}>
        Next page
      </button>
    </nav>
  );
}
