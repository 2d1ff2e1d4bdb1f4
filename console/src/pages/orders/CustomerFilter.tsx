import { useEffect, useState, type FormEvent } from 'react';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';

/**
 * The orders' customer filter: an email, phone or name typed and "Filter" finds the one customer it
 * names (GET /customers?search=); the URL keeps the customer's id. "Any customer" clears it.
 */
export function CustomerFilter({ customerId, onChange }: { customerId: string; onChange: (id: string) => void }) {
  const chosen = $api.useQuery('get', '/api/v1/customers/{id}', { params: { path: { id: customerId } } }, { enabled: customerId !== '' });
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const shown = chosen.data?.data;
  useEffect(() => {
    if (shown) setText(shown.email ?? shown.phone ?? shown.name ?? '');
    if (!customerId) setText('');
  }, [shown, customerId]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setProblem('');
    const search = text.trim();
    if (!search) return onChange('');
    try {
      const found = dataOrThrow(await api.GET('/api/v1/customers', { params: { query: { search, per_page: 2 } } })).data;
      if (found.length === 1) onChange(found[0].id);
      else setProblem(found.length === 0 ? `No customer matches "${search}".` : `Several customers match "${search}": type more of it.`);
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'The customers could not be searched.');
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="customer-filter">
      <label htmlFor="customer-filter">Customer</label>
      <input id="customer-filter" type="search" placeholder="email, phone or name" value={text} onChange={(e) => setText(e.target.value)} />{' '}
      <button type="submit">Filter</button>{' '}
      {customerId && (
        <button type="button" onClick={() => onChange('')}>
          Any customer
        </button>
      )}
      <span role="status" className="hint">
        {problem}
      </span>
    </form>
  );
}
