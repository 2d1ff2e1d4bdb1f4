import { Link } from '@tanstack/react-router';
import type { components } from '../../../../test/generated/openapi';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { DataTable, type Column } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

type Product = components['schemas']['ProductJson'];

const SHOWN = 10;

/**
 * docs/api.md 16's products at or below their minimum stock (`GET /products?stock_status=low`,
 * docs/api.md 8): every one of them, whatever is on order, with the quantity on order beside its
 * stock so the owner sees what is already coming; each a link to its product, the whole list on
 * Products with the same filter.
 */
export function LowStock() {
  const format = useFormat();
  const low = $api.useQuery('get', '/api/v1/products', { params: { query: { stock_status: 'low', per_page: SHOWN } } });
  const columns: Column<Product>[] = [
    {
      header: 'Product',
      rowHeader: true,
      cell: (p) => (
        <Link to="/products/$productId" params={{ productId: p.id }}>
          {p.name}
        </Link>
      ),
    },
    { header: 'SKU', cell: (p) => p.sku },
    { header: 'Stock', num: true, cell: (p) => format.quantity(p.stock) },
    { header: 'On order', num: true, cell: (p) => format.quantity(p.on_order) },
    { header: 'Minimum', num: true, cell: (p) => format.quantity(p.min_stock) },
  ];
  return (
    <section aria-labelledby="low-title">
      <h2 id="low-title">Low stock</h2>
      <QueryState query={low} what="products with low stock" isEmpty={(body) => body.data.length === 0} empty="Every product is above its minimum stock.">
        {(body) => (
          <>
            <DataTable caption="Low stock" columns={columns} rows={body.data} rowKey={(p) => p.id} />
            <p className="hint">
              {body.meta.total > body.data.length ? `${body.data.length} of ${format.quantity(body.meta.total)} products at or below their minimum. ` : ''}
              <Link to="/products" search={{ stock: 'low' }}>
                Every product with low stock
              </Link>
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
