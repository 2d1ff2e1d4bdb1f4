import { Link } from '@tanstack/react-router';
import type { components } from '../../../../test/generated/openapi';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { ChoiceFilter, DataTable, type Column } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

type TopProduct = components['schemas']['TopProductJson'];
export type TopOrder = 'revenue' | 'quantity';

const ORDERS = [
  { value: 'revenue', label: 'By revenue' },
  { value: 'quantity', label: 'By units' },
] as const;

/** docs/api.md 16's top products of the period, by revenue or by units sold (`sort=quantity`, in the URL as `?top=`), each a link to its product. */
export function TopProducts({ days, order, onOrder }: { days: number; order: TopOrder; onOrder: (order: TopOrder) => void }) {
  const format = useFormat();
  const top = $api.useQuery('get', '/api/v1/analytics/top-products', { params: { query: { days, limit: 5, sort: order } } });
  const columns: Column<TopProduct>[] = [
    {
      header: 'Product',
      rowHeader: true,
      cell: (row) => (
        <Link to="/products/$productId" params={{ productId: row.product_id }}>
          {row.name}
        </Link>
      ),
    },
    { header: 'SKU', cell: (row) => row.sku },
    { header: 'Sold', num: true, cell: (row) => format.quantity(row.total_sold) },
    { header: 'Revenue', num: true, cell: (row) => format.money(row.total_revenue) },
  ];
  return (
    <section aria-labelledby="top-title">
      <h2 id="top-title">Top products</h2>
      <ChoiceFilter name="top" legend="Order" value={order} options={ORDERS} onChange={(value) => onOrder(value as TopOrder)} />
      <QueryState query={top} what="top products" isEmpty={(rows) => rows.length === 0} empty="No sales in this period.">
        {(rows) => (
          <DataTable
            caption={order === 'quantity' ? 'Top products by units sold' : 'Top products by revenue'}
            columns={columns}
            rows={rows}
            rowKey={(row) => row.product_id}
          />
        )}
      </QueryState>
    </section>
  );
}
