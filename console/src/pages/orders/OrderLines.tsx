import type { components } from '../../../../test/generated/openapi';
import { useFormat } from '../../frame/business';
import type { Decimal } from '../../lib/money';
import { taxRows } from '../../lib/taxes';
import { TableScroll } from '../../ui/list/ListPage';

type Order = components['schemas']['OrderJson'];

/** An order's lines (with what returns took back) and its totals, as the API wrote them: its tax one figure per rate (docs/api.md 22), or one. */
export function OrderLines({ order }: { order: Order }) {
  const format = useFormat();
  const totals: [string, Decimal][] = [
    ['Subtotal', order.subtotal],
    ...taxRows(order).map((row): [string, Decimal] => [row.label, row.amount]),
    ['Shipping', order.shipping_amount],
    ['Discount', order.discount_amount],
    ['Total', order.total],
    ['Refunded', order.refunded_amount],
  ];
  return (
    <section aria-labelledby="lines-title">
      <h2 id="lines-title">Lines</h2>
      <TableScroll label="Lines">
        <table>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">SKU</th>
              <th scope="col" className="num">
                Quantity
              </th>
              <th scope="col" className="num">
                Returned
              </th>
              <th scope="col" className="num">
                Unit price
              </th>
              <th scope="col" className="num">
                Discount
              </th>
              <th scope="col" className="num">
                Line total
              </th>
            </tr>
          </thead>
          <tbody>
            {order.items.map((item) => (
              <tr key={item.id}>
                <th scope="row">{item.product_name}</th>
                <td>{item.sku}</td>
                <td className="num">{format.quantity(item.quantity)}</td>
                <td className="num">{format.quantity(item.returned_quantity)}</td>
                <td className="num">{format.money(item.unit_price)}</td>
                <td className="num">{format.money(item.discount)}</td>
                <td className="num">{format.money(item.total)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <dl className="figures totals" aria-label="Totals">
        {totals.map(([name, value], i) => (
          <div key={`${i}-${name}`}>
            <dt>{name}</dt>
            <dd>{format.money(value)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
