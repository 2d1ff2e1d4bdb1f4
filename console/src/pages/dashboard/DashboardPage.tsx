import { lazy, Suspense } from 'react';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { useMay } from '../../frame/use-scopes';
import { Page } from '../../ui/Page';
import { Loading, QueryState } from '../../ui/States';
import { LatestEvents } from './LatestEvents';
import { RevenueTable } from './RevenueTable';
import { TableScroll } from '../../ui/list/ListPage';

/**
 * In a chunk of its own (uPlot stays out of the initial JavaScript), fetched as soon as the dashboard's
 * chunk runs, alongside the dashboard's reads rather than after them.
 */
const chart = import('./RevenueChart');
const RevenueChart = lazy(() => chart);

const PERIODS = ['7', '30', '90', '365'];

/**
 * docs/api.md 16's dashboard: the period (in the URL, `?days=`), the period's figures, revenue per day
 * as a chart and a table, top products, products below their minimum stock, the latest events.
 */
export default function DashboardPage() {
  const [state, set] = useUrlState({ days: '30' });
  const days = Number(state.days);
  const format = useFormat();
  const period = { params: { query: { days } } };
  const dashboard = $api.useQuery('get', '/api/v1/analytics/dashboard', period);
  const mayReadEvents = useMay('eventsFeed');
  const revenue = $api.useQuery('get', '/api/v1/analytics/revenue', period);
  const top = $api.useQuery('get', '/api/v1/analytics/top-products', { params: { query: { days, limit: 5 } } });
  const low = $api.useQuery('get', '/api/v1/stock/reorder-suggestions', { params: { query: { per_page: 10 } } });

  return (
    <Page title="Dashboard">
      <fieldset className="period">
        <legend>Period</legend>
        {PERIODS.map((value) => (
          <label key={value}>
            <input type="radio" name="period" value={value} checked={state.days === value} onChange={() => set({ days: value })} /> {value} days
          </label>
        ))}
      </fieldset>

      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="sr-only">
          The last {state.days} days
        </h2>
        <QueryState query={dashboard} what="the figures">
          {({ data }) => (
            <dl className="figures">
              <div>
                <dt>Revenue</dt>
                <dd>{format.money(data.revenue.total)}</dd>
              </div>
              <div>
                <dt>Orders</dt>
                <dd>{format.quantity(data.revenue.orders)}</dd>
              </div>
              <div>
                <dt>Average order value</dt>
                <dd>{format.money(data.revenue.avg_order_value)}</dd>
              </div>
              <div>
                <dt>Customers</dt>
                <dd>{format.quantity(data.customers.total)}</dd>
              </div>
              <div>
                <dt>New customers</dt>
                <dd>{format.quantity(data.customers.new_in_period)}</dd>
              </div>
            </dl>
          )}
        </QueryState>
      </section>

      <figure aria-labelledby="revenue-title">
        <figcaption id="revenue-title">Revenue per day, the last {state.days} days</figcaption>
        <QueryState query={revenue} what="revenue per day">
          {(points) => (
            <>
              <Suspense fallback={<Loading what="the chart" />}>
                <RevenueChart points={points} />
              </Suspense>
              <RevenueTable points={points} days={state.days} />
            </>
          )}
        </QueryState>
      </figure>

      <div className="columns">
        <section aria-labelledby="top-title">
          <h2 id="top-title">Top products</h2>
          <QueryState query={top} what="top products" isEmpty={(rows) => rows.length === 0} empty="No sales in this period.">
            {(rows) => (
              <TableScroll label="Top products">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">Product</th>
                      <th scope="col">SKU</th>
                      <th scope="col" className="num">
                        Sold
                      </th>
                      <th scope="col" className="num">
                        Revenue
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((row) => (
                      <tr key={row.product_id}>
                        <td>{row.name}</td>
                        <td>{row.sku}</td>
                        <td className="num">{format.quantity(row.total_sold)}</td>
                        <td className="num">{format.money(row.total_revenue)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
            )}
          </QueryState>
        </section>

        <section aria-labelledby="low-title">
          <h2 id="low-title">Below minimum stock</h2>
          <QueryState
            query={low}
            what="products below minimum stock"
            isEmpty={(body) => body.data.length === 0}
            empty="Every product is at or above its minimum stock."
          >
            {(body) => (
              <>
                <TableScroll label="Below minimum stock">
                  <table>
                    <thead>
                      <tr>
                        <th scope="col">Product</th>
                        <th scope="col">SKU</th>
                        <th scope="col" className="num">
                          Stock
                        </th>
                        <th scope="col" className="num">
                          On order
                        </th>
                        <th scope="col" className="num">
                          Minimum
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {body.data.map((row) => (
                        <tr key={row.product_id}>
                          <td>{row.name}</td>
                          <td>{row.sku}</td>
                          <td className="num">{format.quantity(row.stock)}</td>
                          <td className="num">{format.quantity(row.on_order)}</td>
                          <td className="num">{format.quantity(row.min_stock)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </TableScroll>
                {body.meta.total > body.data.length && (
                  <p className="hint">
                    {body.data.length} of {format.quantity(body.meta.total)} products below their minimum (stock and goods on order counted).
                  </p>
                )}
              </>
            )}
          </QueryState>
        </section>
      </div>

      {mayReadEvents && <LatestEvents />}
    </Page>
  );
}
