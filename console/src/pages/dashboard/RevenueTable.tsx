import type { components } from '../../../../test/generated/openapi';
import { useFormat } from '../../frame/business';

type RevenuePoint = components['schemas']['RevenuePointJson'];

/** The chart's figures as a table, for screen readers (the chart itself is hidden from them). */
export function RevenueTable({ points, caption }: { points: RevenuePoint[]; caption: string }) {
  const format = useFormat();
  return (
    <table className="sr-only">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Day</th>
          <th scope="col">Revenue</th>
          <th scope="col">Orders</th>
        </tr>
      </thead>
      <tbody>
        {points.map((point) => (
          <tr key={point.date}>
            <th scope="row">{format.day(point.date)}</th>
            <td>{format.money(point.revenue)}</td>
            <td>{format.quantity(point.orders)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
