import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useDebounced } from '../../lib/use-debounced';

/**
 * The customer, by email or phone (docs/api.md 5: the API finds them, or creates them), or nobody.
 * While typing, the matching customers (GET /customers?search=) are offered; choosing one puts its
 * email (else phone) in the field.
 */
export function CustomerField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const text = useDebounced(value.trim(), 300);
  const asking = text.length >= 3 && text === value.trim();
  const found = useQuery({
    queryKey: ['customers-matching', text],
    queryFn: async ({ signal }) => dataOrThrow(await api.GET('/api/v1/customers', { params: { query: { search: text, per_page: 5 } }, signal })).data,
    enabled: asking,
    staleTime: 10_000,
  });
  const matches = asking ? (found.data ?? []) : [];
  const exact = matches.find((c) => c.email?.toLowerCase() === text.toLowerCase() || c.phone === text);
  return (
    <div className="customer">
      <label htmlFor="customer">Customer email or phone</label>
      <input id="customer" type="text" autoComplete="off" aria-describedby="customer-hint" value={value} onChange={(e) => onChange(e.target.value)} />
      <p id="customer-hint" className="hint" role="status">
        {!value.trim()
          ? 'Leave empty for a sale without a customer.'
          : exact
            ? `Existing customer: ${exact.name ?? exact.email ?? exact.phone} (${exact.total_orders} orders).`
            : 'A customer with this email or phone is found by the order, or created.'}
      </p>
      {matches.length > 0 && !exact && (
        <ul className="choices" aria-label="Matching customers">
          {matches.map((c) => (
            <li key={c.id}>
              <button type="button" onClick={() => onChange(c.email ?? c.phone ?? '')}>
                Use {c.name ?? 'customer'}, {c.email ?? c.phone}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
