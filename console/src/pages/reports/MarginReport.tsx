import { Link } from '@tanstack/react-router';
import type { components } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { PERIODS, periodWords } from '../../lib/periods';
import { DownloadCsv } from '../../ui/DownloadCsv';
import { ChoiceFilter, DataTable, FilterBar, type Column } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

type MarginProduct = components['schemas']['MarginProductJson'];
type MarginSort = 'revenue' | 'margin' | 'margin_percent' | 'quantity';
const SORTS: readonly MarginSort[] = ['revenue', 'margin', 'margin_percent', 'quantity'];

const SORT_WORDS: Record<MarginSort, string> = {
  revenue: 'revenue',
  margin: 'margin',
  margin_percent: 'margin per cent',
  quantity: 'quantity sold',
};

/**
 * The margin report of a period (`GET /reports/margin`, docs/api.md 13 and 8): the period's revenue,
 * cost of goods and margin, then the top 50 products ordered by the API (`sort`: revenue, margin,
 * margin per cent or quantity, the table's column headers), each a link to its product; the same
 * rows as CSV (`format=csv`). Period and order in the URL (`?days=&sort=`).
 */
export function MarginReport() {
  const [state, set] = useUrlState({ days: '30', sort: 'revenue' });
  const format = useFormat();
  const sort: MarginSort = (SORTS as readonly string[]).includes(state.sort) ? (state.sort as MarginSort) : 'revenue';
  const query = { days: Number(state.days), sort };
  const margin = $api.useQuery('get', '/api/v1/reports/margin', { params: { query } });
  const columns: Column<MarginProduct>[] = [
    {
      header: 'Product',
      rowHeader: true,
      cell: (p) => (
        <Link to="/products/$productId" params={{ productId: p.product_id }}>
          {p.name}
        </Link>
      ),
    },
    { header: 'Quantity', num: true, sort: 'quantity', cell: (p) => format.quantity(p.quantity) },
    { header: 'Revenue', num: true, sort: 'revenue', cell: (p) => format.money(p.revenue) },
    { header: 'Cost of goods', num: true, cell: (p) => format.money(p.cogs) },
    { header: 'Margin', num: true, sort: 'margin', cell: (p) => format.money(p.margin) },
    { header: 'Margin %', num: true, sort: 'margin_percent', cell: (p) => (p.margin_percent === null ? '—' : format.percent(p.margin_percent)) },
  ];
  return (
    <section aria-labelledby="margin-title">
      <h2 id="margin-title">Margin</h2>
      <FilterBar what="the margin report">
        <ChoiceFilter name="days" legend="Period" value={state.days} options={PERIODS} onChange={(days) => set({ days })} />
      </FilterBar>
      <DownloadCsv
        what="margin by product"
        fallback="margin.csv"
        download={() => api.GET('/api/v1/reports/margin', { params: { query: { ...query, format: 'csv' } }, parseAs: 'blob' })}
      />
      <QueryState query={margin} what="the margin report">
        {(body) =>
          // the JSON answer (this read asks no format; `format=csv` is Download CSV's)
          typeof body === 'string' ? null : (
            <>
              <p>
                From {format.day(body.data.from)} to {format.day(body.data.to)}
              </p>
              <dl className="figures">
                <div>
                  <dt>Revenue</dt>
                  <dd>{format.money(body.data.revenue)}</dd>
                </div>
                <div>
                  <dt>Cost of goods</dt>
                  <dd>{format.money(body.data.cogs)}</dd>
                </div>
                <div>
                  <dt>Gross margin</dt>
                  <dd>{format.money(body.data.gross_margin)}</dd>
                </div>
                <div>
                  <dt>Margin</dt>
                  <dd>{format.percent(body.data.margin_percent)}</dd>
                </div>
              </dl>
              {body.data.products.length === 0 ? (
                <p className="empty">No sales {periodWords(state.days)}.</p>
              ) : (
                <DataTable
                  caption={`Margin by product, the top 50 by ${SORT_WORDS[sort]}`}
                  columns={columns}
                  rows={body.data.products}
                  rowKey={(p) => p.product_id}
                  sort={{ value: sort, onSort: (key) => set({ sort: key }) }}
                />
              )}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
