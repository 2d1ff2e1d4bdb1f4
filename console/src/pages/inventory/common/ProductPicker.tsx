import { useId, useState } from 'react';
import { $api } from '../../../api/client';
import type { Product } from './lookups';

/**
 * Finds a product by name, SKU or barcode through the API's search (GET /products?search=, 8 at a
 * time, active ones) and hands the one chosen to `onPick`. Each match is a button ("Add <name>").
 */
export function ProductPicker({ label, onPick, action = 'Add' }: { label: string; onPick: (product: Product) => void; action?: string }) {
  const id = useId();
  const [search, setSearch] = useState('');
  const term = search.trim();
  const found = $api.useQuery('get', '/api/v1/products', { params: { query: { search: term, is_active: true, per_page: 8 } } }, { enabled: term.length > 0 });
  const rows = found.data?.data ?? [];
  return (
    <div className="picker">
      <label htmlFor={id}>{label}</label> <input id={id} type="search" value={search} autoComplete="off" onChange={(e) => setSearch(e.target.value)} />
      {term && (
        <ul aria-label={`Products matching ${term}`} aria-live="polite">
          {found.isPending && <li>Searching…</li>}
          {found.error ? <li role="alert">The search failed.</li> : null}
          {!found.isPending && rows.length === 0 && <li>No active product matches.</li>}
          {rows.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                onClick={() => {
                  onPick(p);
                  setSearch('');
                }}
              >
                {action} {p.name}
              </button>{' '}
              <span className="hint">{p.sku}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
