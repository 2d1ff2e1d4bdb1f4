import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { Page } from '../../ui/Page';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import '../../ui/part2-forms.css';

/** docs/api.md 16: customers searched by the API (name, email or phone), paged, the search and page in the URL. */
export default function CustomersPage() {
  const [state, set] = useUrlState({ q: '', page: '1' });
  const [typed, setTyped] = useState(state.q);
  // Back, Forward and links change the URL: the field follows
  useEffect(() => setTyped(state.q), [state.q]);
  const format = useFormat();
  const customers = $api.useQuery('get', '/api/v1/customers', {
    params: { query: { page: pageNumber(state.page), per_page: 20, ...(state.q ? { search: state.q } : {}) } },
  });

  return (
    <Page title="Customers">
      <form
        className="filters"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: typed.trim() });
        }}
      >
        <div className="field">
          <label htmlFor="customer-search">Search customers</label>
          <input id="customer-search" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Name, email or phone" />
        </div>
        <button type="submit">Search</button>
      </form>

      <QueryState
        query={customers}
        what="the customers"
        isEmpty={(body) => body.data.length === 0}
        empty={state.q ? `No customer matches “${state.q}”.` : 'No customers yet.'}
      >
        {(body) => (
          <>
            <table>
              <caption className="sr-only">Customers</caption>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Email</th>
                  <th scope="col">Phone</th>
                  <th scope="col" className="num">
                    Orders
                  </th>
                  <th scope="col" className="num">
                    Total spent
                  </th>
                  <th scope="col" className="num">
                    Points
                  </th>
                </tr>
              </thead>
              <tbody>
                {body.data.map((c) => (
                  <tr key={c.id}>
                    <td>
                      <Link to={`/customers/${c.id}`}>{c.name ?? c.email ?? c.phone ?? 'Unnamed customer'}</Link>
                    </td>
                    <td>{c.email ?? '—'}</td>
                    <td>{c.phone ?? '—'}</td>
                    <td className="num">{format.quantity(c.total_orders)}</td>
                    <td className="num">{format.money(c.total_spent)}</td>
                    <td className="num">{format.quantity(c.loyalty_balance)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager meta={body.meta} what="customers" onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </Page>
  );
}
