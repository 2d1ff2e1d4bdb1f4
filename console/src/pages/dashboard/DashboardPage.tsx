import { lazy, Suspense } from 'react';
import { $api } from '../../api/client';
import { useUrlState } from '../../frame/use-url-state';
import { useMay } from '../../frame/use-scopes';
import { previousPeriodWords } from '../../lib/change';
import { PERIODS, periodWords } from '../../lib/periods';
import { ChoiceFilter } from '../../ui/list/ListPage';
import { Page } from '../../ui/Page';
import { Loading, QueryState } from '../../ui/States';
import { DashboardFigures } from './Figures';
import { LatestEvents } from './LatestEvents';
import { LowStock } from './LowStock';
import { RevenueTable } from './RevenueTable';
import { TopProducts, type TopOrder } from './TopProducts';

/**
 * In a chunk of its own (uPlot stays out of the initial JavaScript), fetched as soon as the dashboard's
 * chunk runs, alongside the dashboard's reads rather than after them.
 */
const chart = import('./RevenueChart');
const RevenueChart = lazy(() => chart);

/**
 * docs/api.md 16's dashboard: the period (in the URL, `?days=`, 1 is today), the period's figures with
 * their change against the period before, revenue per day as a chart and a table, top products (by
 * revenue or units, `?top=`), low stock with what is on order, the latest events in words.
 */
export default function DashboardPage() {
  const [state, set] = useUrlState({ days: '30', top: 'revenue' });
  const days = Number(state.days);
  const period = { params: { query: { days } } };
  const dashboard = $api.useQuery('get', '/api/v1/analytics/dashboard', { params: { query: { days, compare: 'previous' } } });
  const mayReadEvents = useMay('eventsFeed');
  const mayReadProducts = useMay('readProducts');
  const revenue = $api.useQuery('get', '/api/v1/analytics/revenue', period);

  return (
    <Page title="Dashboard">
      <ChoiceFilter name="period" legend="Period" value={state.days} options={PERIODS} onChange={(value) => set({ days: value })} />

      <section aria-labelledby="figures-title">
        <h2 id="figures-title" className="sr-only">
          {days === 1 ? 'Today' : `The last ${state.days} days`}, against {previousPeriodWords(days)}
        </h2>
        <QueryState query={dashboard} what="the figures">
          {({ data }) => <DashboardFigures data={data} days={days} />}
        </QueryState>
      </section>

      <figure aria-labelledby="revenue-title">
        <figcaption id="revenue-title">Revenue per day, {periodWords(state.days)}</figcaption>
        <QueryState query={revenue} what="revenue per day">
          {(points) => (
            <>
              <Suspense fallback={<Loading what="the chart" />}>
                <RevenueChart points={points} />
              </Suspense>
              <RevenueTable points={points} caption={`Revenue per day, ${periodWords(state.days)}`} />
            </>
          )}
        </QueryState>
      </figure>

      <div className="columns">
        <TopProducts days={days} order={state.top === 'quantity' ? 'quantity' : 'revenue'} onOrder={(top: TopOrder) => set({ top })} />
        {mayReadProducts && <LowStock />}
      </div>

      {mayReadEvents && <LatestEvents />}
    </Page>
  );
}
