import { useEffect, useRef, type Dispatch } from 'react';
import { useFormat } from '../../frame/business';
import { decimalText } from '../../lib/money';
import { TableScroll } from '../../ui/list/ListPage';
import type { LineAction, SaleLine } from './sale-lines';
import type { QuoteItem, TillFigures } from './till-quote';

/**
 * The sale's lines in their own scrolling area (the total and Place order stay in view beside them):
 * quantity and price editable, each line's total from the quote (dimmed while a newer one is on its
 * way), the stock when the warehouse has less than the line asks, each line's API error beside it
 * (its inputs described by it). A line added is scrolled into view.
 */
export function SaleLines({
  lines,
  dispatch,
  errors,
  figures,
}: {
  lines: SaleLine[];
  dispatch: Dispatch<LineAction>;
  errors: Map<string, string>;
  figures: TillFigures;
}) {
  const format = useFormat();
  const area = useRef<HTMLDivElement>(null);
  const count = useRef(lines.length);
  useEffect(() => {
    if (lines.length > count.current) area.current?.querySelector('tbody tr:last-child')?.scrollIntoView({ block: 'nearest' });
    count.current = lines.length;
  }, [lines.length]);
  if (lines.length === 0) return <p className="empty">No lines yet: scan a product or search for one.</p>;
  const items = new Map<string, QuoteItem>((figures.error === null ? (figures.quote?.items ?? []) : []).map((item) => [item.product_id, item]));
  return (
    <div className="lines-area" ref={area}>
      <TableScroll label="Lines of the sale">
        <table className="lines" aria-busy={!figures.current}>
          <caption className="sr-only">Lines of the sale</caption>
          <thead>
            <tr>
              <th scope="col">Product</th>
              <th scope="col">Quantity</th>
              <th scope="col">Unit price</th>
              <th scope="col" className="num">
                Total
              </th>
              <th scope="col">
                <span className="sr-only">Problem</span>
              </th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) => {
              const id = line.product.id;
              const error = errors.get(id);
              const errorId = `line-error-${id}`;
              const item = items.get(id);
              const short = figures.current && item && Number(item.available) < Number(item.quantity);
              return (
                <tr key={id} className={error ? 'has-error' : undefined}>
                  <th scope="row">
                    {line.product.name} <span className="hint sku">{line.product.sku}</span>
                  </th>
                  <td>
                    <input
                      aria-label={`Quantity of ${line.product.name}`}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? errorId : undefined}
                      inputMode="decimal"
                      size={5}
                      value={line.quantity}
                      onChange={(e) => dispatch({ type: 'quantity', productId: id, value: e.target.value })}
                    />{' '}
                    <span className="hint">{line.product.unit}</span>
                    {short && <span className="hint stock"> Only {format.quantity(item.available)} in stock</span>}
                  </td>
                  <td>
                    <input
                      aria-label={`Price of ${line.product.name}`}
                      aria-describedby={error ? errorId : undefined}
                      inputMode="decimal"
                      size={7}
                      value={line.price}
                      onChange={(e) => dispatch({ type: 'price', productId: id, value: e.target.value })}
                    />
                    {line.price.trim() !== decimalText(line.product.price) && <span className="hint list">list {format.money(line.product.price)}</span>}
                  </td>
                  <td className={figures.current ? 'num line-total' : 'num line-total updating'}>{item ? format.money(item.total) : '…'}</td>
                  <td id={errorId} className="line-error">
                    {error}
                  </td>
                  <td>
                    <button type="button" onClick={() => dispatch({ type: 'remove', productId: id })}>
                      <span aria-hidden="true">✕</span>
                      <span className="sr-only">Remove {line.product.name}</span>
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </div>
  );
}
