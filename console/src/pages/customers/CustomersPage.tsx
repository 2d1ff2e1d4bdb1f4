import { Link } from '@tanstack/react-router';
import type { components } from '../../../../test/generated/openapi';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { listQuery } from '../../lib/list-query';
import { Page } from '../../ui/Page';
import { ListView, SearchFilter, type Column } from '../../ui/list/ListPage';
import { ImportLink } from '../imports/ImportLink';

type Customer = components['schemas']['CustomerJson'];

/** docs/api.md 16: customers searched by the API (name, email or phone), paged, the search and page in the URL (ui/list). */
export default function CustomersPage() {
  const [state, set] = useUrlState({ q: '', page: '1' });
  const format = useFormat();
  const customers = $api.useQuery('get', '/api/v1/customers', { params: { query: listQuery(state, { q: 'search' }, 20) } });
  const columns: Column<Customer>[] = [
    { header: 'Name', cell: (c) => <Link to={`/customers/${c.id}`}>{c.name ?? c.email ?? c.phone ?? 'Unnamed customer'}</Link> },
    { header: 'Email', cell: (c) => c.email ?? '—' },
    { header: 'Phone', cell: (c) => c.phone ?? '—' },
    { header: 'Orders', num: true, cell: (c) => format.quantity(c.total_orders) },
    { header: 'Total spent', num: true, cell: (c) => format.money(c.total_spent) },
    { header: 'Points', num: true, cell: (c) => format.quantity(c.loyalty_balance) },
  ];

  return (
    <Page title="Customers">
      <p className="actions">
        <ImportLink kind="customers" />
      </p>
      <ListView
        what="customers"
        caption="Customers"
        query={customers}
        columns={columns}
        rowKey={(c) => c.id}
        empty={state.q ? `No customer matches “${state.q}”.` : 'No customers yet.'}
        onPage={(page) => set({ page: String(page) })}
        filters={<SearchFilter id="customer-search" label="Search customers" placeholder="Name, email or phone" value={state.q} onChange={(q) => set({ q })} />}
      />
    </Page>
  );
}
