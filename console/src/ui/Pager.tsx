import './dialog.css';
import type { components } from '../../../test/generated/openapi';

type PageMeta = components['schemas']['PageMeta'];

/** A list's paging (CONTRACT.md 2's meta): where we are and the previous and next pages, in the URL through `go`. */
export function Pager({ meta, what, go }: { meta: PageMeta; what: string; go: (page: number) => void }) {
  const last = Math.max(1, meta.total_pages);
  return (
    <nav className="pager" aria-label={`Pages of ${what}`}>
      <button type="button" disabled={meta.page <= 1} onClick={() => go(Math.min(meta.page - 1, last))}>
        Previous page
      </button>{' '}
      <span role="status">
        Page {meta.page} of {last} ({meta.total} {what})
      </span>{' '}
      <button type="button" disabled={meta.page >= last} onClick={() => go(meta.page + 1)}>
        Next page
      </button>
    </nav>
  );
}
