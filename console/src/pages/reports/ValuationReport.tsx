import { Link } from '@tanstack/react-router';
import type { components } from '../../../../test/generated/openapi';
import { $api } from '../../api/client';
import { useFormat } from '../../frame/business';
import { DataTable, type Column } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

type ValuationProduct = components['schemas']['ValuationProductJson'];

/** The valuation report comes whole from the API (every product with stock, by value): the screen shows the top rows and the total. */
const SHOWN = 50;

/** The stock valuation now (`GET /reports/inventory-valuation`, docs/api.md 13): the total, then the products of highest value, each a link to its product. */
export function ValuationReport() {
  const format = useFormat();
  const valuation = $api.useQuery('get', '/api/v1/reports/inventory-valuation');
  const columns: Column<ValuationProduct>[] = [
    {
      header: 'Product',
      rowHeader: true,
      cell: (p) => (
        <Link to="/products/$productId" params={{ productId: p.product_id }}>
          {p.name}
        </Link>
      ),
    },
    { header: 'SKU', cell: (p) => p.sku },
    { header: 'Quantity', num: true, cell: (p) => format.quantity(p.quantity) },
    { header: 'Average cost', num: true, cell: (p) => format.cost(p.average_cost) },
    { header: 'Value', num: true, cell: (p) => format.money(p.value) },
  ];
  return (
    <section aria-labelledby="valuation-title">
      <h2 id="valuation-title">Stock valuation</h2>
      <QueryState query={valuation} what="the stock valuation">
        {({ data }) => (
          <>
            <p>
              Total value of the stock now (in transit included): <strong>{format.money(data.total_value)}</strong>
            </p>
            {data.products.length === 0 ? (
              <p className="empty">No stock.</p>
            ) : (
              <DataTable caption="Stock value by product, highest first" columns={columns} rows={data.products.slice(0, SHOWN)} rowKey={(p) => p.product_id} />
            )}
            {data.products.length > SHOWN && (
              <p className="hint">
                The {SHOWN} products of highest value of {format.quantity(data.products.length)}.
              </p>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
