import type { Dispatch } from 'react';
import { useFormat } from '../../frame/business';
import type { LineAction, SaleLine } from './sale-lines';

/** The sale's lines: quantity and price editable, each line's API error beside it (its inputs described by it). */
export function SaleLines({ lines, dispatch, errors }: { lines: SaleLine[]; dispatch: Dispatch<LineAction>; errors: Map<string, string> }) {
  const format = useFormat();
  if (lines.length === 0) return <p className="empty">No lines yet: scan a product or search for one.</p>;
  return (
    <table className="lines">
      <caption className="sr-only">Lines of the sale</caption>
      <thead>
        <tr>
          <th scope="col">Product</th>
          <th scope="col">SKU</th>
          <th scope="col">Quantity</th>
          <th scope="col">Unit price</th>
          <th scope="col">Problem</th>
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
          return (
            <tr key={id} className={error ? 'has-error' : undefined}>
              <th scope="row">{line.product.name}</th>
              <td>{line.product.sku}</td>
              <td>
                <input
                  aria-label={`Quantity of ${line.product.name}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  inputMode="decimal"
                  size={7}
                  value={line.quantity}
                  onChange={(e) => dispatch({ type: 'quantity', productId: id, value: e.target.value })}
                />{' '}
                {line.product.unit}
              </td>
              <td>
                <input
                  aria-label={`Price of ${line.product.name}`}
                  aria-describedby={error ? errorId : undefined}
                  inputMode="decimal"
                  size={9}
                  value={line.price}
                  onChange={(e) => dispatch({ type: 'price', productId: id, value: e.target.value })}
                />{' '}
                <span className="hint">list {format.money(line.product.price)}</span>
              </td>
              <td id={errorId} className="line-error">
                {error}
              </td>
              <td>
                <button type="button" onClick={() => dispatch({ type: 'remove', productId: id })}>
                  Remove <span className="sr-only">{line.product.name}</span>
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
