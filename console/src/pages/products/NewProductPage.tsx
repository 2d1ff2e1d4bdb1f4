import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { queryClient } from '../../api/query-client';
import { Attempts } from '../../lib/idempotency';
import { Page } from '../../ui/Page';
import { ProductForm, type ProductBody } from './ProductForm';

/** Create a product (POST /products, one Idempotency-Key per attempt); then its page. */
export default function NewProductPage() {
  const navigate = useNavigate();
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const attempts = useRef(new Attempts());

  async function create(body: Partial<ProductBody>) {
    setBusy(true);
    setError(null);
    try {
      const key = attempts.current.keyFor(body);
      const product = dataOrThrow(await api.POST('/api/v1/products', { body: body as ProductBody, headers: { 'Idempotency-Key': key } })).data;
      attempts.current.done();
      await queryClient.invalidateQueries();
      await navigate({ to: '/products/$productId', params: { productId: product.id } });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Page title="New product">
      <p>
        <Link to="/products">All products</Link>
      </p>
      <ProductForm submitLabel="Create product" error={error} busy={busy} onSubmit={(body) => void create(body)} />
    </Page>
  );
}
