import type { components } from '../../../../test/generated/openapi';
import { useFormat } from '../../frame/business';
import { changeOf, changeWords, formatPercent, type Change } from '../../lib/change';
import type { Decimal } from '../../lib/money';

type Dashboard = components['schemas']['DashboardJson'];
type Figures = Pick<Dashboard, 'revenue' | 'customers' | 'products'>;

/** The change of one figure: an arrow and the per cent for the eye, the whole sentence for a screen reader. */
function ChangeNote({ change, days }: { change: Change; days: number }) {
  const words = changeWords(change, days, (v) => formatPercent(v));
  const shown =
    change.direction === 'same'
      ? 'no change'
      : change.direction === 'new'
        ? '▲ new'
        : `${change.direction === 'up' ? '▲' : '▼'} ${formatPercent(change.percent)}`;
  return (
    <dd className={`change ${change.direction}`}>
      <span aria-hidden="true" title={words}>
        {shown}
      </span>
      <span className="sr-only">{words}</span>
    </dd>
  );
}

/**
 * docs/api.md 16's figures of the period, each with its change against the period of the same length
 * just before (`compare=previous`, docs/api.md 8): "Revenue €1,520.40 ▲ 12.5%", read as "up 12.5% from
 * the previous 7 days".
 */
export function DashboardFigures({ data, days }: { data: Dashboard & { previous?: Figures }; days: number }) {
  const format = useFormat();
  const before = data.previous;
  const rows: { name: string; now: Decimal; was: Decimal | undefined; shown: string }[] = [
    { name: 'Revenue', now: data.revenue.total, was: before?.revenue.total, shown: format.money(data.revenue.total) },
    { name: 'Orders', now: data.revenue.orders, was: before?.revenue.orders, shown: format.quantity(data.revenue.orders) },
    { name: 'Average order value', now: data.revenue.avg_order_value, was: before?.revenue.avg_order_value, shown: format.money(data.revenue.avg_order_value) },
    { name: 'Customers', now: data.customers.total, was: before?.customers.total, shown: format.quantity(data.customers.total) },
    { name: 'New customers', now: data.customers.new_in_period, was: before?.customers.new_in_period, shown: format.quantity(data.customers.new_in_period) },
  ];
  return (
    <dl className="figures">
      {rows.map((row) => (
        <div key={row.name}>
          <dt>{row.name}</dt>
          <dd>{row.shown}</dd>
          {row.was !== undefined && <ChangeNote change={changeOf(row.now, row.was)} days={days} />}
        </div>
      ))}
    </dl>
  );
}
