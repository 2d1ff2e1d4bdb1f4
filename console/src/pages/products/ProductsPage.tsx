import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { $api, api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { pageNumber } from '../../lib/url-state';
import { useMay } from '../../frame/use-scopes';
import { withoutPaging } from '../../api/files';
import { DownloadCsv } from '../../ui/DownloadCsv';
import { Page } from '../../ui/Page';
import { Pager } from '../../ui/Pager';
import { QueryState } from '../../ui/States';
import { CategorySelect } from './CategorySelect';
import { TableScroll } from '../../ui/list/ListPage';
import { ImportLink } from '../imports/ImportLink';

const DEFAULTS = { search: '', category: '', stock: '', active: 'true', page: '1' };

/** docs/api.md 16's Products: search, category, in-stock and active filters in the URL, paged by the API, the stock of each warehouse. */
export default function ProductsPage() {
  const [state, set] = useUrlState(DEFAULTS);
  const format = useFormat();
  const [search, setSearch] = useState(state.search);
  useEffect(() => setSearch(state.search), [state.search]);
  const query = {
    page: pageNumber(state.page),
    is_active: state.active !== 'false',
    ...(state.search ? { search: state.search } : {}),
    ...(state.category ? { category_id: state.category } : {}),
    ...(state.stock ? { in_stock: state.stock === 'in' } : {}),
  };
  const products = $api.useQuery('get', '/api/v1/products', { params: { query } });
  const mayEdit = useMay('editProduct');

  return (
    <Page title="Products">
      <p className="actions">
        {mayEdit && <Link to="/products/new">New product</Link>} <Link to="/products/categories">Categories</Link> <ImportLink kind="products" />
      </p>
      <div className="filters" role="search" aria-label="Filter products">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            set({ search: search.trim() });
          }}
        >
          <label htmlFor="product-search">Search by name</label>
          <input id="product-search" type="search" value={search} onChange={(e) => setSearch(e.target.value)} /> <button type="submit">Search</button>
        </form>
        <CategorySelect id="category" label="Category" empty="Any category" value={state.category} onChange={(category) => set({ category })} />
        <div>
          <label htmlFor="stock">Stock</label>
          <select id="stock" value={state.stock} onChange={(e) => set({ stock: e.target.value })}>
            <option value="">Any stock</option>
            <option value="in">In stock</option>
            <option value="out">Out of stock</option>
          </select>
        </div>
        <div>
          <label htmlFor="active">Active</label>
          <select id="active" value={state.active} onChange={(e) => set({ active: e.target.value })}>
            <option value="true">Active products</option>
            <option value="false">Inactive products</option>
          </select>
        </div>
      </div>
      <DownloadCsv
        what="products"
        fallback="products.csv"
        download={() => api.GET('/api/v1/products/export', { params: { query: withoutPaging(query) }, parseAs: 'blob' })}
      />
      <QueryState query={products} what="products" isEmpty={(body) => body.data.length === 0} empty="No products match these filters.">
        {(body) => {
          const warehouses = body.data[0].stock_by_warehouse;
          return (
            <>
              <TableScroll label="Products">
                <table aria-label="Products">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">SKU</th>
                      <th scope="col">Category</th>
                      <th scope="col" className="num">
                        Price
                      </th>
                      {warehouses.map((w) => (
                        <th key={w.warehouse_id} scope="col" className="num">
                          {w.warehouse_name}
                        </th>
                      ))}
                      <th scope="col" className="num">
                        Stock
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {body.data.map((product) => (
                      <tr key={product.id}>
                        <th scope="row">
                          <Link to="/products/$productId" params={{ productId: product.id }}>
                            {product.name}
                          </Link>
                        </th>
                        <td>{product.sku}</td>
                        <td>{product.category?.name ?? ''}</td>
                        <td className="num">{format.money(product.price)}</td>
                        {product.stock_by_warehouse.map((w) => (
                          <td key={w.warehouse_id} className="num">
                            {format.quantity(w.quantity)}
                          </td>
                        ))}
                        <td className="num">{format.quantity(product.stock)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableScroll>
              <Pager meta={body.meta} what="products" onPage={(page) => set({ page: String(page) })} />
            </>
          );
        }}
      </QueryState>
    </Page>
  );
}
