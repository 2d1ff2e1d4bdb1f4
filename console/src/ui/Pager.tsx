import './dialog.css';
import { formatQuantity } from '../lib/money';

interface PageMeta {
  page: number;
  total_pages: number;
  total: number;
}

/**
 * A list's paging (docs/api.md 2's `meta`): Previous page, where the list is (a status, so a screen
 * reader hears the new page), Next page. The page lives in the URL (frame/use-url-state.ts); `onPage`
 * sets it. The one pager of every list.
 */
export function Pager({ meta, what, onPage }: { meta: PageMeta; what: string; onPage: (page: number) => void }) {
  const last = Math.max(1, meta.total_pages);
  return (
    <nav className="pager" aria-label={`Pages of ${what}`}>
      <button type="button" disabled={meta.page <= 1} onClick={() => onPage(Math.min(meta.page - 1, last))}>
        Previous page
      </button>{' '}
      <span role="status">
        Page {formatQuantity(meta.page)} of {formatQuantity(last)} ({formatQuantity(meta.total)} {what})
      </span>{' '}
      <button type="button" disabled={meta.page >= last} onClick={() => onPage(meta.page + 1)}>
        Next page
      </button>
    </nav>
  );
}
