import { Link } from '@tanstack/react-router';
import type { components } from '../../../../test/generated/openapi';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { PERIODS, periodWords } from '../../lib/periods';
import { ChoiceFilter, DataTable, FilterBar, type Column } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

type TopCustomer = components['schemas']['TopCustomerJson'];

/** Customers of a period (`GET /analytics/customers`, docs/api.md 8): new, active, returning, repeat rate, lifetime value, the top customers each a link to its page. */
export function CustomersReport() {
  const [state, set] = useUrlState({ days: '30' });
  const format = useFormat();
  const report = $api.useQuery('get', '/api/v1/analytics/customers', { params: { query: { days: Number(state.days) } } });
  const columns: Column<TopCustomer>[] = [
    {
      header: 'Customer',
      rowHeader: true,
      cell: (c) => (
        <Link to="/customers/$customerId" params={{ customerId: c.customer_id }}>
          {c.name ?? c.email ?? 'Unnamed customer'}
        </Link>
      ),
    },
    { header: 'Email', cell: (c) => c.email ?? '—' },
    { header: 'Orders', num: true, cell: (c) => format.quantity(c.orders) },
    { header: 'Spent', num: true, cell: (c) => format.money(c.total_spent) },
  ];
  return (
    <section aria-labelledby="customers-title">
      <h2 id="customers-title">Customers</h2>
      <FilterBar what="the customers report">
        <ChoiceFilter name="days" legend="Period" value={state.days} options={PERIODS} onChange={(days) => set({ days })} />
      </FilterBar>
      <QueryState query={report} what="the customers report">
        {({ data }) => (
          <>
            <dl className="figures">
              <div>
                <dt>Customers</dt>
                <dd>{format.quantity(data.total_customers)}</dd>
              </div>
              <div>
                <dt>New</dt>
                <dd>{format.quantity(data.new_customers)}</dd>
              </div>
              <div>
                <dt>Active</dt>
                <dd>{format.quantity(data.active_customers)}</dd>
              </div>
              <div>
                <dt>Returning</dt>
                <dd>{format.quantity(data.returning_customers)}</dd>
              </div>
              <div>
                <dt>Repeat rate</dt>
                <dd>{format.ratio(data.repeat_rate)}</dd>
              </div>
              <div>
                <dt>Average lifetime value</dt>
                <dd>{format.money(data.avg_lifetime_value)}</dd>
              </div>
            </dl>
            {data.top_customers.length === 0 ? (
              <p className="empty">No customer bought anything {periodWords(state.days)}.</p>
            ) : (
              <DataTable caption="Top customers" columns={columns} rows={data.top_customers} rowKey={(c) => c.customer_id} />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
