import { useId } from 'react';
import { useWarehouses } from './lookups';

/** A labelled select of the business's warehouses; '' is "the default warehouse" when `allowDefault`. */
export function WarehouseSelect({
  label,
  value,
  onChange,
  allowDefault,
  allowAll,
}: {
  label: string;
  value: string;
  onChange: (id: string) => void;
  allowDefault?: boolean;
  allowAll?: boolean;
}) {
  const id = useId();
  const warehouses = useWarehouses();
  const rows = warehouses.data?.data ?? [];
  return (
    <span className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} required={!allowDefault && !allowAll}>
        {allowAll && <option value="">All warehouses</option>}
        {allowDefault && <option value="">Default warehouse</option>}
        {!allowAll && !allowDefault && <option value="">Choose…</option>}
        {rows.map((w) => (
          <option key={w.id} value={w.id}>
            {w.name}
            {w.is_default ? ' (default)' : ''}
          </option>
        ))}
      </select>
    </span>
  );
}
