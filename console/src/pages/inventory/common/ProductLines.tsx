import type { Product } from './lookups';
import { TableScroll } from '../../../ui/list/ListPage';

/** A line of a form that moves goods: its product and typed fields (quantity, unit cost...). */
export type ProductLine<Field extends string> = { product: Product } & Record<Field, string>;

/**
 * The lines of a new transfer or purchase order: one row per product, a typed input per column
 * (named "<column> of <product>"), and Remove. `columns` maps each field to its heading.
 */
export function ProductLines<Field extends string>({
  caption,
  columns,
  lines,
  onChange,
}: {
  caption: string;
  columns: Record<Field, string>;
  lines: ProductLine<Field>[];
  onChange: (lines: ProductLine<Field>[]) => void;
}) {
  const fields = Object.keys(columns) as Field[];
  return (
    <TableScroll label={caption}>
      <table>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Product</th>
            {fields.map((field) => (
              <th scope="col" key={field}>
                {columns[field]}
              </th>
            ))}
            <th scope="col">
              <span className="sr-only">Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, i) => (
            <tr key={line.product.id}>
              <td>{line.product.name}</td>
              {fields.map((field) => (
                <td key={field}>
                  <input
                    aria-label={`${columns[field]} of ${line.product.name}`}
                    inputMode="decimal"
                    value={line[field]}
                    onChange={(e) => onChange(lines.map((l, j) => (j === i ? { ...l, [field]: e.target.value } : l)))}
                  />
                </td>
              ))}
              <td>
                <button type="button" onClick={() => onChange(lines.filter((_, j) => j !== i))}>
                  Remove {line.product.name}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
