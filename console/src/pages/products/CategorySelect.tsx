import { $api } from '../../api/client';

/** A category chosen from the business's (the first 100, by the API's order), or none (`empty`). */
export function CategorySelect({
  id,
  label,
  empty,
  value,
  onChange,
  className,
}: {
  className?: string;
  id: string;
  label: string;
  empty: string;
  value: string;
  onChange: (id: string) => void;
}) {
  const categories = $api.useQuery('get', '/api/v1/categories', { params: { query: { per_page: 100 } } });
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-busy={categories.isPending}>
        <option value="">{empty}</option>
        {(categories.data?.data ?? []).map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
