import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { $api, api } from '../../api/client';
import { DownloadCsv } from '../../ui/DownloadCsv';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { Pager } from '../../ui/Pager';
import { TableScroll } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

type TransactionType = 'income' | 'expense' | 'refund';
const TYPES: TransactionType[] = ['income', 'expense', 'refund'];

/** GET /finance/transactions filtered by type, dates and category, paged by the API; filters and page in the URL. */
export function FinanceTransactions() {
  const [state, set] = useUrlState({ type: '', from: '', to: '', category: '', page: '1' });
  const [category, setCategory] = useState(state.category);
  // Back, Forward and links change the URL: the field follows
  useEffect(() => setCategory(state.category), [state.category]);
  const format = useFormat();
  const filters = {
    ...(state.type ? { type: state.type as TransactionType } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(state.category ? { category: state.category } : {}),
  };
  const transactions = $api.useQuery('get', '/api/v1/finance/transactions', {
    params: { query: { page: pageNumber(state.page), per_page: 20, ...filters } },
  });

  return (
    <section aria-labelledby="transactions-title">
      <h2 id="transactions-title">Transactions</h2>
      <form
        className="filters"
        role="search"
        aria-label="Filter transactions"
        onSubmit={(e) => {
          e.preventDefault();
          set({ category: category.trim() });
        }}
      >
        <div className="field">
          <label htmlFor="tx-type">Type</label>
          <select id="tx-type" value={state.type} onChange={(e) => set({ type: e.target.value })}>
            <option value="">Any type</option>
            {TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="tx-from">From</label>
          <input id="tx-from" type="date" value={state.from} onChange={(e) => set({ from: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="tx-to">To</label>
          <input id="tx-to" type="date" value={state.to} onChange={(e) => set({ to: e.target.value })} />
        </div>
        <div className="field">
          <label htmlFor="tx-category">Category</label>
          <input id="tx-category" type="text" value={category} onChange={(e) => setCategory(e.target.value)} />
        </div>
        <button type="submit">Apply</button>
      </form>
      <DownloadCsv
        what="transactions"
        fallback="transactions.csv"
        download={() => api.GET('/api/v1/finance/transactions/export', { params: { query: filters }, parseAs: 'blob' })}
      />
      <QueryState query={transactions} what="the transactions" isEmpty={(body) => body.data.length === 0} empty="No transaction matches these filters.">
        {(body) => (
          <>
            <TableScroll label="Transactions">
              <table>
                <caption className="sr-only">Transactions</caption>
                <thead>
                  <tr>
                    <th scope="col">Date</th>
                    <th scope="col">Type</th>
                    <th scope="col">Category</th>
                    <th scope="col">Description</th>
                    <th scope="col">Source</th>
                    <th scope="col" className="num">
                      Amount
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {body.data.map((t) => (
                    <tr key={t.id}>
                      <td>{format.day(t.date)}</td>
                      <td>{t.type}</td>
                      <td>{t.category}</td>
                      <td>{t.description ?? '—'}</td>
                      <td>
                        {t.invoice_id ? (
                          <Link to={`/invoices/${t.invoice_id}`}>Invoice</Link>
                        ) : t.sale_id ? (
                          <Link to={`/orders/${t.sale_id}`}>Order</Link>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="num">{format.money(t.amount)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <Pager meta={body.meta} what="transactions" onPage={(page) => set({ page: String(page) })} />
          </>
        )}
      </QueryState>
    </section>
  );
}
