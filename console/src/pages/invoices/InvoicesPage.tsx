import { Link } from '@tanstack/react-router';
import { $api, api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { withoutPaging } from '../../api/files';
import { DownloadCsv } from '../../ui/DownloadCsv';
import { Page } from '../../ui/Page';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import '../../ui/part2-forms.css';
import { INVOICE_STATUSES, statusLabel, type InvoiceStatus } from './invoice-status';

const PER_PAGE = 20;

/** docs/api.md 16: the invoices by status and dates, paged by the API, the filters and page in the URL. */
export default function InvoicesPage() {
  const [state, set] = useUrlState({ status: '', from: '', to: '', page: '1' });
  const format = useFormat();
  const query = {
    page: pageNumber(state.page),
    per_page: PER_PAGE,
    ...(state.status ? { status: state.status as InvoiceStatus } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
  };
  const invoices = $api.useQuery('get', '/api/v1/invoices', { params: { query } });

  return (
    <Page title="Invoices">
      <form className="filters" role="search" aria-label="Filter invoices" onSubmit={(e) => e.preventDefault()}>
        <div className="field">
          <label htmlFor="invoice-status">Status</label>
          <select id="invoice-status" value={state.status} onChange={(e) => set({ status: e.target.value })}>
            <option value="">Any status</option>
            {INVOICE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="invoice-from">From</label>
          <input id="invoice-from" type="date" value={state.from} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="invoice-to">To</label>
          <input id="invoice-to" type="date" value={state.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
      </form>

      <DownloadCsv
        what="invoices"
        fallback="invoices.csv"
        download={() => api.GET('/api/v1/invoices/export', { params: { query: withoutPaging(query) }, parseAs: 'blob' })}
      />
      <QueryState query={invoices} what="the invoices" isEmpty={(body) => body.data.length === 0} empty="No invoice matches these filters.">
        {(body) => (
          <>
            <table>
              <caption className="sr-only">Invoices</caption>
              <thead>
                <tr>
                  <th scope="col">Number</th>
                  <th scope="col">Status</th>
                  <th scope="col">Created</th>
                  <th scope="col">Due</th>
                  <th scope="col">Paid</th>
                  <th scope="col" className="num">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {body.data.map((invoice) => (
                  <tr key={invoice.id}>
                    <td>
                      <Link to={`/invoices/${invoice.id}`}>{invoice.invoice_number}</Link>
                    </td>
                    <td>{statusLabel(invoice.status)}</td>
                    <td>{format.dateTime(invoice.created_at)}</td>
                    <td>{format.day(invoice.due_date)}</td>
                    <td>{invoice.paid_date ? format.day(invoice.paid_date) : '—'}</td>
                    <td className="num">{format.money(invoice.total)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager meta={body.meta} what="invoices" onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
