import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { TableScroll } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

const PERIODS = ['7', '30', '90', '365'];

/** GET /finance/summary?days= for the period in the URL (`?days=`): income, expenses, refunds, net, and by category. */
export function FinanceSummary() {
  const [state, set] = useUrlState({ days: '30' });
  const format = useFormat();
  const summary = $api.useQuery('get', '/api/v1/finance/summary', { params: { query: { days: Number(state.days) } } });
  return (
    <section aria-labelledby="summary-title">
      <h2 id="summary-title">Summary</h2>
      <fieldset className="period">
        <legend>Period</legend>
        {PERIODS.map((value) => (
          <label key={value}>
            <input type="radio" name="finance-period" value={value} checked={state.days === value} onChange={() => set({ days: value })} /> {value} days
          </label>
        ))}
      </fieldset>
      <QueryState query={summary} what="the summary">
        {({ data }) => (
          <>
            <p className="hint">
              {format.day(data.from)} to {format.day(data.to)}
            </p>
            <dl className="figures">
              <div>
                <dt>Income</dt>
                <dd>{format.money(data.income)}</dd>
              </div>
              <div>
                <dt>Expenses</dt>
                <dd>{format.money(data.expenses)}</dd>
              </div>
              <div>
                <dt>Refunds</dt>
                <dd>{format.money(data.refunds)}</dd>
              </div>
              <div>
                <dt>Net</dt>
                <dd>{format.money(data.net)}</dd>
              </div>
            </dl>
            {data.by_category.length === 0 ? (
              <p className="empty">No transactions in this period.</p>
            ) : (
              <TableScroll label="By category">
                <table>
                  <caption>By category</caption>
                  <thead>
                    <tr>
                      <th scope="col">Type</th>
                      <th scope="col">Category</th>
                      <th scope="col" className="num">
                        Transactions
                      </th>
                      <th scope="col" className="num">
                        Amount
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.by_category.map((c) => (
                      <tr key={`${c.type}-${c.category}`}>
                        <td>{c.type}</td>
                        <td>{c.category}</td>
                        <td className="num">{format.quantity(c.count)}</td>
                        <td className="num">{format.money(c.amount)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
