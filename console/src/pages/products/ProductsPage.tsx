import { Link } from '@tanstack/react-router';
import type { components } from '../../../../test/generated/openapi';
import { $api, api } from '../../api/client';
import { withoutPaging } from '../../api/files';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { useMay } from '../../frame/use-scopes';
import { pageNumber } from '../../lib/url-state';
import { ListView, SearchFilter, SelectFilter, type Column } from '../../ui/list/ListPage';
import { Page } from '../../ui/Page';
import { CategorySelect } from './CategorySelect';
import { ImportLink } from '../imports/ImportLink';

type Product = components['schemas']['ProductJson'];

const DEFAULTS = { search: '', category: '', stock: '', active: 'true', page: '1' };

/** The Stock filter (`?stock=`): in stock, or the API's `stock_status` (docs/api.md 8): low (at or below the minimum, whatever is on order) or out. */
const STOCK = [
  { value: 'in', label: 'In stock' },
  { value: 'low', label: 'Low stock' },
  { value: 'out', label: 'Out of stock' },
] as const;

function stockQuery(stock: string): { in_stock?: boolean; stock_status?: 'low' | 'out' } {
  if (stock === 'in') return { in_stock: true };
  if (stock === 'low' || stock === 'out') return { stock_status: stock };
  return {};
}

/**
 * docs/api.md 16's Products on the list block (ui/list): search, category, stock (in, low, out) and
 * active filters in the URL, paged by the API, the stock of each warehouse and what is on order.
 */
export default function ProductsPage() {
  const [state, set] = useUrlState(DEFAULTS);
  const format = useFormat();
  const query = {
    page: pageNumber(state.page),
    is_active: state.active !== 'false',
    ...(state.search ? { search: state.search } : {}),
    ...(state.category ? { category_id: state.category } : {}),
    ...stockQuery(state.stock),
  };
  const products = $api.useQuery('get', '/api/v1/products', { params: { query } });
  const mayEdit = useMay('editProduct');
  const warehouses = products.data?.data[0]?.stock_by_warehouse ?? [];
  const columns: Column<Product>[] = [
    {
      header: 'Name',
      rowHeader: true,
      cell: (p) => (
        <Link to="/products/$productId" params={{ productId: p.id }}>
          {p.name}
        </Link>
      ),
    },
    { header: 'SKU', cell: (p) => p.sku },
    { header: 'Category', cell: (p) => p.category?.name ?? '' },
    { header: 'Price', num: true, cell: (p) => format.money(p.price) },
    ...warehouses.map((w) => ({
      header: w.warehouse_name,
      num: true,
      cell: (p: Product) => format.quantity(p.stock_by_warehouse.find((s) => s.warehouse_id === w.warehouse_id)?.quantity ?? 0),
    })),
    { header: 'Stock', num: true, cell: (p) => format.quantity(p.stock) },
    { header: 'On order', num: true, cell: (p) => format.quantity(p.on_order) },
  ];

  return (
    <Page title="Products">
      <p className="actions">
        {mayEdit && <Link to="/products/new">New product</Link>} <Link to="/products/categories">Categories</Link> <ImportLink kind="products" />
      </p>
      <ListView
        what="products"
        caption="Products"
        query={products}
        columns={columns}
        rowKey={(p) => p.id}
        empty="No products match these filters."
        onPage={(page) => set({ page: String(page) })}
        csv={{ fallback: 'products.csv', download: () => api.GET('/api/v1/products/export', { params: { query: withoutPaging(query) }, parseAs: 'blob' }) }}
        filters={
          <>
            <SearchFilter id="product-search" label="Search by name" value={state.search} onChange={(search) => set({ search })} />
            <CategorySelect id="category" label="Category" empty="Any category" value={state.category} onChange={(category) => set({ category })} />
            <SelectFilter id="stock" label="Stock" any="Any stock" value={state.stock} options={STOCK} onChange={(stock) => set({ stock })} />
            <SelectFilter
              id="active"
              label="Active"
              any="Active products"
              value={state.active === 'false' ? 'false' : ''}
              options={[{ value: 'false', label: 'Inactive products' }]}
              onChange={(active) => set({ active: active || 'true' })}
            />
          </>
        }
      />
    </Page>
  );
}
