import { CombinedStatement, Selection } from '../../../database/combined-statement';
import { SaleProduct } from '../sale-references';
import { TaxContextRow } from '../../taxes/persistence/tax-context.sql';

/** The columns of the references in the first statement's row: read them with readSaleReferences. */
export interface SaleReferenceRow {
  warehouse_id: string | null;
  products: SaleProduct[] | null;
}

/** The business's tax settings and rates in the same row, when the order's tax is computed (taxContextColumn). */
export interface SaleTaxContextRow {
  tax: TaxContextRow | null;
}

/**
 * The products of an order and its warehouse (the requested one, or the default one), scoped to the
 * business, as SELECT columns of the order's first statement, beside the customer's find-or-create.
 * No lock: the stock rows the sale deducts are what it locks. `withTax` (an order whose tax the
 * server computes, docs/api.md 22): each product's tax rate too, beside the business's tax settings
 * (taxContextColumn); an order that gives its tax_amount reads what it read before.
 */
export function saleReferenceColumns(
  stmt: CombinedStatement,
  businessId: string,
  productIds: string[],
  warehouseId?: string,
  withTax = false,
): Selection<SaleReferenceRow>['columns'] {
  const biz = stmt.param(businessId, 'uuid');
  const warehouse = warehouseId
    ? `SELECT id FROM warehouses WHERE business_id = ${biz} AND id = ${stmt.param(warehouseId, 'uuid')}`
    : `SELECT id FROM warehouses WHERE business_id = ${biz} AND is_default`;
  const taxRate = withTax ? `, 'tax_rate_id', p.tax_rate_id` : '';
  return {
    warehouse_id: `(${warehouse})`,
    products: `(SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'sku', p.sku, 'price', p.price::text, 'is_active', p.is_active${taxRate}))
                  FROM (SELECT DISTINCT unnest(${stmt.param(productIds, 'uuid[]')}) AS id) wanted
                 CROSS JOIN LATERAL (SELECT * FROM products p WHERE p.business_id = ${biz} AND p.id = wanted.id OFFSET 0) p)`,
  };
}
