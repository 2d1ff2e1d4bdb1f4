import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { ErrorView } from '../../ui/ErrorView';
import { QueryState } from '../../ui/States';
import type { Supplier } from '../inventory/common/lookups';
import { Pager } from '../../ui/Pager';
import { DataTable, type Column } from '../../ui/list/ListPage';

interface Fields {
  name: string;
  email: string;
  phone: string;
  notes: string;
}

const EMPTY: Fields = { name: '', email: '', phone: '', notes: '' };

/** The body of POST/PUT /suppliers: the fields typed, blanks left out. */
function bodyOf(f: Fields) {
  return {
    name: f.name.trim(),
    ...(f.email.trim() ? { email: f.email.trim() } : {}),
    ...(f.phone.trim() ? { phone: f.phone.trim() } : {}),
    ...(f.notes.trim() ? { notes: f.notes.trim() } : {}),
  };
}

/**
 * Suppliers: the list (paged, page in the URL), New supplier, and Edit on each row; `opened` (a
 * supplier's id, `/purchasing/suppliers/<id>`, where Search leads) shows that one's form first.
 */
export function Suppliers({ opened }: { opened?: string }) {
  const [state, set] = useUrlState({ page: '1' });
  const format = useFormat();
  const [editing, setEditing] = useState<Supplier | null>(null);
  const [saved, setSaved] = useState('');
  const query = $api.useQuery('get', '/api/v1/suppliers', { params: { query: { page: pageNumber(state.page), per_page: 20 } } });
  const one = $api.useQuery('get', '/api/v1/suppliers/{id}', { params: { path: { id: opened ?? '' } } }, { enabled: opened !== undefined });
  useEffect(() => setEditing(one.data?.data ?? null), [one.data]);
  const columns: Column<Supplier>[] = [
    { header: 'Name', rowHeader: true, cell: (s) => s.name },
    { header: 'Email', cell: (s) => s.email ?? '' },
    { header: 'Phone', cell: (s) => s.phone ?? '' },
    { header: 'Notes', cell: (s) => s.notes ?? '' },
    { header: 'Since', cell: (s) => format.dateTime(s.created_at) },
    {
      header: 'Actions',
      cell: (s) => (
        <button type="button" onClick={() => setEditing(s)}>
          Edit {s.name}
        </button>
      ),
    },
  ];
  return (
    <>
      {one.error !== null && <ErrorView error={one.error} />}
      {editing ? (
        <SupplierForm key={editing.id} supplier={editing} onDone={() => setEditing(null)} onSaved={setSaved} />
      ) : (
        <SupplierForm key="new" supplier={null} onDone={() => undefined} onSaved={setSaved} />
      )}
      {saved && <p role="status">{saved}</p>}
      <section aria-labelledby="suppliers-title">
        <h2 id="suppliers-title">Suppliers</h2>
        <QueryState query={query} what="the suppliers" isEmpty={(b) => b.data.length === 0} empty="No suppliers yet.">
          {(body) => (
            <>
              <DataTable caption="Suppliers" columns={columns} rows={body.data} rowKey={(s) => s.id} />
              <Pager what="suppliers" meta={body.meta} onPage={(page) => set({ page: String(page) })} />
            </>
          )}
        </QueryState>
      </section>
    </>
  );
}

function SupplierForm({ supplier, onDone, onSaved }: { supplier: Supplier | null; onDone: () => void; onSaved: (message: string) => void }) {
  const ids = { name: useId(), email: useId(), phone: useId(), notes: useId(), title: useId() };
  const queryClient = useQueryClient();
  const [fields, setFields] = useState<Fields>(
    supplier ? { name: supplier.name, email: supplier.email ?? '', phone: supplier.phone ?? '', notes: supplier.notes ?? '' } : EMPTY,
  );
  const save = useMutation({
    mutationFn: async (f: Fields) =>
      supplier
        ? dataOrThrow(await api.PUT('/api/v1/suppliers/{id}', { params: { path: { id: supplier.id } }, body: bodyOf(f) })).data
        : dataOrThrow(await api.POST('/api/v1/suppliers', { body: bodyOf(f) })).data,
    onSuccess: (s) => {
      void queryClient.invalidateQueries();
      onSaved(supplier ? `Supplier ${s.name} saved.` : `Supplier ${s.name} created.`);
      if (!supplier) setFields(EMPTY);
      else onDone();
    },
  });
  const field = (key: keyof Fields, label: string, type = 'text') => (
    <span className="field">
      <label htmlFor={ids[key]}>{label}</label>
      <input id={ids[key]} type={type} value={fields[key]} onChange={(e) => setFields((f) => ({ ...f, [key]: e.target.value }))} required={key === 'name'} />
    </span>
  );
  function submit(e: FormEvent) {
    e.preventDefault();
    onSaved('');
    save.mutate(fields);
  }
  return (
    <section aria-labelledby={ids.title} className="form-box">
      <h2 id={ids.title}>{supplier ? `Edit supplier ${supplier.name}` : 'New supplier'}</h2>
      <form onSubmit={submit}>
        {field('name', 'Supplier name')}
        {field('email', 'Email', 'email')}
        {field('phone', 'Phone', 'tel')}
        {field('notes', 'Notes')}
        <p>
          <button type="submit" disabled={save.isPending}>
            {supplier ? 'Save supplier' : 'Create supplier'}
          </button>{' '}
          {supplier && (
            <button type="button" onClick={onDone}>
              Stop editing
            </button>
          )}
        </p>
        {save.error && <ErrorView error={save.error} />}
      </form>
    </section>
  );
}
