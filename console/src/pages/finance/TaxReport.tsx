import type { components } from '../../../../test/generated/openapi';
import { api } from '../../api/client';
import { useApiRead } from '../../api/staff';
import { useBusiness, useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { businessToday } from '../../lib/business-day';
import { rateText, sumDecimals } from '../../lib/taxes';
import { DownloadCsv } from '../../ui/DownloadCsv';
import { DateFilter, FilterBar, TableScroll } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

/** A row of GET /reports/tax (docs/api.md 22): one rate's sales and refunds of the period. */
type TaxReportRow = components['schemas']['TaxReportRowJson'];

const AMOUNTS = [
  ['taxable_sales', 'Taxable sales'],
  ['tax_collected', 'Tax collected'],
  ['taxable_refunds', 'Taxable refunds'],
  ['tax_refunded', 'Tax refunded'],
  ['net_tax', 'Net tax'],
] as const;

/**
 * The tax report (GET /reports/tax?from&to, docs/api.md 22): one row per rate (archived ones
 * included) of the period in the URL (this month so far by default, days in the business zone),
 * the totals of every column (exact sums of the API's amounts), and Download CSV of the same period.
 */
export function TaxReport() {
  const { timezone } = useBusiness();
  const today = businessToday(timezone);
  const [state, set] = useUrlState({ from: `${today.slice(0, 8)}01`, to: today });
  const format = useFormat();
  const query = { ...(state.from ? { from: state.from } : {}), ...(state.to ? { to: state.to } : {}) };
  // read as JSON by the plain client: the route's document also names its CSV answer
  const report = useApiRead<{ data: TaxReportRow[] }>('/reports/tax', query);
  return (
    <section aria-labelledby="tax-report-title">
      <h2 id="tax-report-title">Tax report</h2>
      <FilterBar what="the tax report">
        <DateFilter id="tax-from" label="From" value={state.from} onChange={(from) => set({ from })} />
        <DateFilter id="tax-to" label="To" value={state.to} onChange={(to) => set({ to })} />
      </FilterBar>
      <DownloadCsv
        what="tax report"
        fallback="tax-report.csv"
        download={() => api.GET('/api/v1/reports/tax', { params: { query: { ...query, format: 'csv' } }, parseAs: 'blob' })}
      />
      <QueryState query={report} what="the tax report" isEmpty={(body) => body.data.length === 0} empty="No tax rates: nothing to report.">
        {({ data }) => (
          <TableScroll label="Tax by rate">
            <table>
              <caption className="sr-only">Tax by rate</caption>
              <thead>
                <tr>
                  <th scope="col">Rate</th>
                  {AMOUNTS.map(([, header]) => (
                    <th key={header} scope="col" className="num">
                      {header}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.map((row) => (
                  <tr key={row.tax_rate_id}>
                    <th scope="row">
                      {row.name} {rateText(row.rate)}
                    </th>
                    {AMOUNTS.map(([field]) => (
                      <td key={field} className="num">
                        {format.money(row[field])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row">Total</th>
                  {AMOUNTS.map(([field]) => (
                    <td key={field} className="num">
                      {format.money(sumDecimals(data.map((row) => row[field])))}
                    </td>
                  ))}
                </tr>
              </tfoot>
            </table>
          </TableScroll>
        )}
      </QueryState>
    </section>
  );
}
