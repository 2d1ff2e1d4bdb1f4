import { Link } from '@tanstack/react-router';
import type { components, paths } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { withoutPaging } from '../../api/files';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { listQuery } from '../../lib/list-query';
import { Page } from '../../ui/Page';
import { DateFilter, ListView, SelectFilter, type Column } from '../../ui/list/ListPage';
import { INVOICE_STATUSES, statusLabel } from './invoice-status';

type Invoice = components['schemas']['InvoiceJson'];
type InvoicesQuery = NonNullable<paths['/api/v1/invoices']['get']['parameters']['query']>;

const PER_PAGE = 20;
const DEFAULTS = { status: '', from: '', to: '', page: '1' };
const FILTERS = { status: 'status', from: 'from', to: 'to' };
const STATUS_OPTIONS = INVOICE_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }));

/** docs/api.md 16: the invoices by status and dates, paged by the API, the filters and page in the URL (ui/list). */
export default function InvoicesPage() {
  const [state, set] = useUrlState(DEFAULTS);
  const format = useFormat();
  const query = listQuery(state, FILTERS, PER_PAGE) as InvoicesQuery;
  const invoices = $api.useQuery('get', '/api/v1/invoices', { params: { query } });
  const columns: Column<Invoice>[] = [
    { header: 'Number', cell: (invoice) => <Link to={`/invoices/${invoice.id}`}>{invoice.invoice_number}</Link> },
    { header: 'Status', cell: (invoice) => statusLabel(invoice.status) },
    { header: 'Created', cell: (invoice) => format.dateTime(invoice.created_at) },
    { header: 'Due', cell: (invoice) => format.day(invoice.due_date) },
    { header: 'Paid', cell: (invoice) => (invoice.paid_date ? format.day(invoice.paid_date) : '—') },
    { header: 'Total', num: true, cell: (invoice) => format.money(invoice.total) },
  ];

  return (
    <Page title="Invoices">
      <ListView
        what="invoices"
        caption="Invoices"
        query={invoices}
        columns={columns}
        rowKey={(invoice) => invoice.id}
        empty="No invoice matches these filters."
        onPage={(page) => set({ page: String(page) })}
        filters={
          <>
            <SelectFilter
              id="invoice-status"
              label="Status"
              any="Any status"
              value={state.status}
              options={STATUS_OPTIONS}
              onChange={(status) => set({ status })}
            />
            <DateFilter id="invoice-from" label="From" value={state.from} onChange={(from) => set({ from })} />
            <DateFilter id="invoice-to" label="To" value={state.to} onChange={(to) => set({ to })} />
          </>
        }
        csv={{ fallback: 'invoices.csv', download: () => api.GET('/api/v1/invoices/export', { params: { query: withoutPaging(query) }, parseAs: 'blob' }) }}
      />
    </Page>
  );
}
