import { useFormat } from '../../../frame/business';

/** A list's page switch: Previous / Next and where we are (the page lives in the URL, the caller's set). */
export function Pager({ meta, onPage, label }: { meta: { page: number; total_pages: number; total: number }; onPage: (page: number) => void; label: string }) {
  const format = useFormat();
  if (meta.total_pages <= 1) return <p className="hint">{format.quantity(meta.total)} in all.</p>;
  return (
    <nav aria-label={`${label} pages`} className="pager">
      <button type="button" disabled={meta.page <= 1} onClick={() => onPage(meta.page - 1)}>
        Previous page
      </button>{' '}
      <span>
        Page {meta.page} of {meta.total_pages} ({format.quantity(meta.total)} in all)
      </span>{' '}
      <button type="button" disabled={meta.page >= meta.total_pages} onClick={() => onPage(meta.page + 1)}>
        Next page
      </button>
    </nav>
  );
}
