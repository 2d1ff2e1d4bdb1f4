import { Link, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import type { components } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { queryClient } from '../../api/query-client';
import { useFormat } from '../../frame/business';
import { useMay } from '../../frame/use-scopes';
import { History } from '../../ui/activity/History';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErrorView } from '../../ui/ErrorView';
import { Page } from '../../ui/Page';
import { QueryState } from '../../ui/States';
import { Movements } from './Movements';
import { ProductForm, type ProductBody } from './ProductForm';
import { TableScroll } from '../../ui/list/ListPage';
import { TaxRateName } from './TaxRateSelect';

type Product = components['schemas']['ProductJson'];

/** One product: its fields, its stock in each warehouse, Edit, Deactivate (after a confirmation) or Activate, its stock movements. */
export default function ProductPage() {
  const params: Record<string, string | undefined> = useParams({ strict: false });
  const id = params.productId ?? '';
  const product = $api.useQuery('get', '/api/v1/products/{id}', { params: { path: { id } } });
  return (
    <Page title={product.data ? product.data.data.name : 'Product'}>
      <p>
        <Link to="/products">All products</Link>
      </p>
      <QueryState query={product} what="the product">
        {({ data }) => <ProductView key={data.updated_at} product={data} />}
      </QueryState>
    </Page>
  );
}

function ProductView({ product }: { product: Product }) {
  const format = useFormat();
  const mayEdit = useMay('editProduct');
  const mayReadMovements = useMay('stockMovements');
  const mayReadHistory = useMay('productHistory');
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  async function change(run: () => Promise<unknown>) {
    setBusy(true);
    setError(null);
    try {
      await run();
      await queryClient.invalidateQueries();
      setEditing(false);
      setConfirming(false);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }
  const path = { params: { path: { id: product.id } } };
  const update = (body: Partial<ProductBody> & { is_active?: boolean }) =>
    change(async () => dataOrThrow(await api.PUT('/api/v1/products/{id}', { ...path, body })));
  const deactivate = () => change(async () => dataOrThrow(await api.DELETE('/api/v1/products/{id}', path)));

  return (
    <>
      <dl className="figures">
        <div>
          <dt>Status</dt>
          <dd>{product.is_active ? 'Active' : 'Inactive'}</dd>
        </div>
        <div>
          <dt>SKU</dt>
          <dd>{product.sku}</dd>
        </div>
        <div>
          <dt>Barcode</dt>
          <dd>{product.barcode ?? 'None'}</dd>
        </div>
        <div>
          <dt>Price</dt>
          <dd>{format.money(product.price)}</dd>
        </div>
        <div>
          <dt>Category</dt>
          <dd>{product.category?.name ?? 'None'}</dd>
        </div>
        <div>
          <dt>Tax rate</dt>
          <dd>
            <TaxRateName id={product.tax_rate_id ?? null} />
          </dd>
        </div>
        <div>
          <dt>Stock</dt>
          <dd>
            {format.quantity(product.stock)} {product.unit}
          </dd>
        </div>
        <div>
          <dt>Minimum stock</dt>
          <dd>{format.quantity(product.min_stock)}</dd>
        </div>
      </dl>
      <section aria-labelledby="stock-title">
        <h2 id="stock-title">Stock by warehouse</h2>
        <TableScroll label="Stock by warehouse">
          <table>
            <thead>
              <tr>
                <th scope="col">Warehouse</th>
                <th scope="col" className="num">
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {product.stock_by_warehouse.map((w) => (
                <tr key={w.warehouse_id}>
                  <th scope="row">{w.warehouse_name}</th>
                  <td className="num">{format.quantity(w.quantity)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        {Number(product.in_transit) !== 0 && <p className="hint">{format.quantity(product.in_transit)} in transit between warehouses.</p>}
      </section>
      {mayEdit && (
        <div className="actions">
          <button type="button" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            Edit
          </button>{' '}
          {product.is_active ? (
            <button type="button" onClick={() => setConfirming(true)}>
              Deactivate
            </button>
          ) : (
            <button type="button" disabled={busy} onClick={() => void update({ is_active: true })}>
              Activate
            </button>
          )}
        </div>
      )}
      {!editing && !confirming && error !== null && <ErrorView error={error} />}
      {editing && (
        <section aria-labelledby="edit-title">
          <h2 id="edit-title">Edit {product.name}</h2>
          <ProductForm product={product} submitLabel="Save changes" error={error} busy={busy} onSubmit={(body) => void update(body)} />
        </section>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Deactivate ${product.name}?`}
          confirm="Yes, deactivate"
          dismiss="Keep it active"
          busy={busy}
          onConfirm={() => void deactivate()}
          onClose={() => setConfirming(false)}
        >
          <p>It can no longer be sold; its stock and history stay. It can be activated again.</p>
          {error !== null && <ErrorView error={error} />}
        </ConfirmDialog>
      )}
      {mayReadMovements && <Movements productId={product.id} />}
      {mayReadHistory && <History path={`/products/${product.id}/activity`} what="product" />}
    </>
  );
}
