import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useMay } from '../../frame/use-scopes';
import { useUrlState } from '../../frame/use-url-state';
import { QueryState } from '../../ui/States';
import { TableScroll } from '../../ui/list/ListPage';

const PERIODS = ['7', '30', '90', '365'];
/** The valuation report comes whole from the API (every product with stock, by value): the screen shows the top rows and the total. */
const SHOWN = 50;

/** The stock valuation (now) and the margin report of a period (`?days=`, in the URL); a link to Finance's tax report for a key that reads it. */
export function Reports() {
  const daysId = useId();
  const [state, set] = useUrlState({ days: '30' });
  const format = useFormat();
  const valuation = $api.useQuery('get', '/api/v1/reports/inventory-valuation');
  const margin = $api.useQuery('get', '/api/v1/reports/margin', { params: { query: { days: Number(state.days) } } });
  const mayTax = useMay('taxReport');
  return (
    <>
      {mayTax && (
        <p className="hint">
          The tax collected and refunded per rate is in Finance: <Link to="/finance/tax">Tax report</Link>.
        </p>
      )}
      <section aria-labelledby="margin-title">
        <h2 id="margin-title">Margin</h2>
        <span className="field">
          <label htmlFor={daysId}>Period</label>
          <select id={daysId} value={state.days} onChange={(e) => set({ days: e.target.value })}>
            {PERIODS.map((d) => (
              <option key={d} value={d}>
                The last {d} days
              </option>
            ))}
          </select>
        </span>
        <QueryState query={margin} what="the margin report">
          {({ data }) => (
            <>
              <p>
                From {format.day(data.from)} to {format.day(data.to)}
              </p>
              <dl className="figures">
                <div>
                  <dt>Revenue</dt>
                  <dd>{format.money(data.revenue)}</dd>
                </div>
                <div>
                  <dt>Cost of goods</dt>
                  <dd>{format.money(data.cogs)}</dd>
                </div>
                <div>
                  <dt>Gross margin</dt>
                  <dd>{format.money(data.gross_margin)}</dd>
                </div>
                <div>
                  <dt>Margin</dt>
                  <dd>{format.quantity(data.margin_percent)} %</dd>
                </div>
              </dl>
              {data.products.length === 0 ? (
                <p>No sales in this period.</p>
              ) : (
                <TableScroll label="Margin by product">
                  <table>
                    <caption className="sr-only">Margin by product, top 50 by revenue</caption>
                    <thead>
                      <tr>
                        <th scope="col">Product</th>
                        <th scope="col" className="num">
                          Quantity
                        </th>
                        <th scope="col" className="num">
                          Revenue
                        </th>
                        <th scope="col" className="num">
                          Cost of goods
                        </th>
                        <th scope="col" className="num">
                          Margin
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.products.map((p) => (
                        <tr key={p.product_id}>
                          <td>{p.name}</td>
                          <td className="num">{format.quantity(p.quantity)}</td>
                          <td className="num">{format.money(p.revenue)}</td>
                          <td className="num">{format.money(p.cogs)}</td>
                          <td className="num">{format.money(p.margin)}</td>
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
      <section aria-labelledby="valuation-title">
        <h2 id="valuation-title">Stock valuation</h2>
        <QueryState query={valuation} what="the stock valuation">
          {({ data }) => (
            <>
              <p>
                Total value of the stock now (in transit included): <strong>{format.money(data.total_value)}</strong>
              </p>
              {data.products.length === 0 ? (
                <p>No stock.</p>
              ) : (
                <TableScroll label="Stock value by product">
                  <table>
                    <caption className="sr-only">Stock value by product, highest first</caption>
                    <thead>
                      <tr>
                        <th scope="col">Product</th>
                        <th scope="col">SKU</th>
                        <th scope="col" className="num">
                          Quantity
                        </th>
                        <th scope="col" className="num">
                          Average cost
                        </th>
                        <th scope="col" className="num">
                          Value
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {data.products.slice(0, SHOWN).map((p) => (
                        <tr key={p.product_id}>
                          <td>{p.name}</td>
                          <td>{p.sku}</td>
                          <td className="num">{format.quantity(p.quantity)}</td>
                          <td className="num">{format.money(p.average_cost)}</td>
                          <td className="num">{format.money(p.value)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
              )}
              {data.products.length > SHOWN && (
                <p className="hint">
                  The {SHOWN} products of highest value of {format.quantity(data.products.length)}.
                </p>
              )}
            </>
          )}
        </QueryState>
      </section>
    </>
  );
}
