import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState, type FormEvent } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { useAttemptKey } from '../../api/attempt-key';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { useFormat } from '../../frame/business';
import { useMay } from '../../frame/use-scopes';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { AlertDialog } from '../../ui/AlertDialog';
import { FormError, SubmitButton, TextField, useFieldErrors } from '../../ui/form/Form';
import { ListView, type Column } from '../../ui/list/ListPage';
import { Page } from '../../ui/Page';

type Category = components['schemas']['CategoryJson'];

/** The plain sentences of the category routes' refusals (docs/api.md 3). */
const MESSAGES = { CATEGORY_EXISTS: 'A category of that name exists already (names are compared without letter case).' };

/**
 * docs/api.md 6's categories, managed in the console: the list (by name, paged, the page in the URL),
 * New category, Rename, and Delete after a confirmation that says how many products are in it (the
 * API removes the category and leaves its products uncategorised: DELETE /categories/:id, 204).
 */
export default function CategoriesPage() {
  const [state, set] = useUrlState({ page: '1' });
  const mayEdit = useMay('editProduct');
  const [renaming, setRenaming] = useState<Category | null>(null);
  const [message, setMessage] = useState('');
  const categories = $api.useQuery('get', '/api/v1/categories', { params: { query: { page: pageNumber(state.page), per_page: 20 } } });
  const columns: Column<Category>[] = [
    { header: 'Name', rowHeader: true, cell: (c) => c.name },
    { header: 'Description', cell: (c) => c.description ?? '' },
    {
      header: 'Products',
      cell: (c) => (
        <Link to="/products" search={{ category: c.id }} aria-label={`Products in ${c.name}`}>
          Products
        </Link>
      ),
    },
  ];
  if (mayEdit)
    columns.push({
      header: 'Actions',
      cell: (c) => (
        <span className="actions">
          <button type="button" aria-label={`Rename ${c.name}`} onClick={() => setRenaming(c)}>
            Rename
          </button>
          <DeleteCategory category={c} onDeleted={() => setMessage(`Category “${c.name}” deleted.`)} />
        </span>
      ),
    });

  return (
    <Page title="Categories">
      <p>
        <Link to="/products">All products</Link>
      </p>
      {message && <p role="status">{message}</p>}
      <ListView
        what="categories"
        caption="Categories"
        query={categories}
        columns={columns}
        rowKey={(c) => c.id}
        empty="No categories yet."
        onPage={(page) => set({ page: String(page) })}
      />
      {mayEdit && renaming && (
        <RenameCategory
          key={renaming.id}
          category={renaming}
          onDone={(name) => {
            setRenaming(null);
            setMessage(name ? `Category renamed “${name}”.` : '');
          }}
        />
      )}
      {mayEdit && <NewCategory onCreated={(name) => setMessage(`Category “${name}” created.`)} />}
    </Page>
  );
}

/** New category (POST /categories {name, description?}), one Idempotency-Key per attempt. */
function NewCategory({ onCreated }: { onCreated: (name: string) => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const attempt = useAttemptKey();
  const create = useMutation({
    mutationFn: async (body: { name: string; description?: string }) =>
      dataOrThrow(await api.POST('/api/v1/categories', { body, headers: { 'Idempotency-Key': attempt.keyFor(body) } })).data,
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async (category) => {
      attempt.end();
      setName('');
      setDescription('');
      onCreated(category.name);
      await invalidatePaths('/api/v1/categories');
    },
  });
  const errors = useFieldErrors(create.error);
  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name: name.trim(), ...(description.trim() ? { description: description.trim() } : {}) });
  }
  return (
    <form className="stacked form-box" aria-labelledby="new-category-title" onSubmit={submit} noValidate>
      <h2 id="new-category-title">New category</h2>
      <TextField label="Category name" required autoComplete="off" value={name} onChange={setName} error={errors.name} />
      <TextField label="Description" autoComplete="off" value={description} onChange={setDescription} error={errors.description} />
      <div className="actions">
        <SubmitButton busy={create.isPending}>Create category</SubmitButton>
      </div>
      <FormError error={create.error} messages={MESSAGES} />
    </form>
  );
}

/** Rename (PUT /categories/:id {name}); its products keep it under the new name. */
function RenameCategory({ category, onDone }: { category: Category; onDone: (name: string) => void }) {
  const [name, setName] = useState(category.name);
  const rename = useMutation({
    mutationFn: async (newName: string) =>
      dataOrThrow(await api.PUT('/api/v1/categories/{id}', { params: { path: { id: category.id } }, body: { name: newName } })).data,
    onSuccess: async (renamed) => {
      onDone(renamed.name);
      await invalidatePaths('/api/v1/categories', '/api/v1/products');
    },
  });
  const errors = useFieldErrors(rename.error);
  return (
    <form
      className="stacked form-box"
      aria-labelledby="rename-category-title"
      onSubmit={(e) => {
        e.preventDefault();
        rename.mutate(name.trim());
      }}
      noValidate
    >
      <h2 id="rename-category-title">Rename “{category.name}”</h2>
      <TextField label="New name" required autoComplete="off" autoFocus value={name} onChange={setName} error={errors.name} />
      <div className="actions">
        <SubmitButton busy={rename.isPending}>Save name</SubmitButton>
        <button type="button" onClick={() => onDone('')}>
          Cancel
        </button>
      </div>
      <FormError error={rename.error} messages={MESSAGES} />
    </form>
  );
}

/** How many products (active and inactive) are in a category: each list's `meta.total`, one row read. */
function useProductsIn(categoryId: string) {
  const query = (isActive: boolean) => ({ params: { query: { category_id: categoryId, is_active: isActive, per_page: 1 } } });
  const active = $api.useQuery('get', '/api/v1/products', query(true));
  const inactive = $api.useQuery('get', '/api/v1/products', query(false));
  if (!active.data || !inactive.data) return null;
  return { active: active.data.meta.total, inactive: inactive.data.meta.total };
}

/** Delete (DELETE /categories/:id, 204) after a confirmation naming what happens to the products in it. */
function DeleteCategory({ category, onDeleted }: { category: Category; onDeleted: () => void }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: async () => {
      const result = await api.DELETE('/api/v1/categories/{id}', { params: { path: { id: category.id } } });
      if (!result.response.ok) dataOrThrow(result);
    },
    onSuccess: async () => {
      setConfirming(false);
      onDeleted();
      await invalidatePaths('/api/v1/categories', '/api/v1/products');
    },
  });
  return (
    <>
      <button type="button" className="danger" aria-label={`Delete ${category.name}`} onClick={() => setConfirming(true)}>
        Delete
      </button>
      {confirming && (
        <AlertDialog
          title={`Delete the category “${category.name}”?`}
          confirmLabel="Delete category"
          closeLabel="Keep category"
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onClose={() => {
            remove.reset();
            setConfirming(false);
          }}
        >
          <UsedBy categoryId={category.id} />
        </AlertDialog>
      )}
    </>
  );
}

function UsedBy({ categoryId }: { categoryId: string }) {
  const format = useFormat();
  const used = useProductsIn(categoryId);
  if (!used) return <p role="status">Counting the products in it…</p>;
  const total = used.active + used.inactive;
  if (total === 0) return <p>No product is in it. This cannot be undone.</p>;
  return (
    <p>
      {format.quantity(total)} {total === 1 ? 'product is' : 'products are'} in it ({format.quantity(used.active)} active, {format.quantity(used.inactive)}{' '}
      inactive): {total === 1 ? 'it stays' : 'they stay'}, without a category. This cannot be undone.
    </p>
  );
}
