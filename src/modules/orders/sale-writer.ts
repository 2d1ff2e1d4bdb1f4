import { randomUUID } from 'crypto';
import { moneyString, quantityString } from '../../common/money/money';
import { OrderPrice } from './pricing/price-order';
import { SaleProduct } from './sale-references';
import { nextNumberSql } from '../../common/numbering/next-number';
import { SqlBatch } from '../../database/sql-batch';
import { SaleItemRow, SaleRow } from './order.mapper';

/** The part of the numbered statement that takes the sale number (`number`, `formatted`, `at`). */
export const SALE_NUMBER_PART = 'sale_no';

/** A sale with everything decided except its number and time, which the last statement takes. */
export type SaleDraft = Omit<SaleRow, 'sale_number' | 'created_at' | 'invoice_number' | 'loyalty_points_earned'> & {
  loyalty_points_earned: number;
  items: SaleItemRow[];
};

export interface SaleFacts {
  saleId: string;
  price: OrderPrice;
  products: Map<string, SaleProduct>;
  warehouseId: string;
  customerId: string | null;
  currency: string;
  paymentMethod: string;
  notes: string | null;
  sendInvoice: boolean;
}

/**
 * The sale row and its lines as they will be stored: completed and paid, names and SKUs snapshotted,
 * points only with a customer, ids chosen now for the rows that others point to.
 */
export function draftSale(facts: SaleFacts): SaleDraft {
  const { price, products } = facts;
  const points = facts.customerId ? price.points : 0;
  return {
    id: facts.saleId,
    status: 'completed',
    payment_status: 'paid',
    payment_method: facts.paymentMethod,
    customer_id: facts.customerId,
    warehouse_id: facts.warehouseId,
    currency: facts.currency,
    subtotal: moneyString(price.subtotal),
    tax_amount: moneyString(price.taxAmount),
    shipping_amount: moneyString(price.shippingAmount),
    discount_amount: moneyString(price.discountAmount),
    total: moneyString(price.total),
    loyalty_points_earned: points,
    loyalty_transaction_id: points > 0 ? randomUUID() : null,
    invoice_id: facts.sendInvoice ? randomUUID() : null,
    notes: facts.notes,
    items: price.lines.map((line) => ({
      sale_id: facts.saleId,
      product_id: line.productId,
      product_name: products.get(line.productId)!.name,
      sku: products.get(line.productId)!.sku,
      quantity: quantityString(line.quantity),
      unit_price: moneyString(line.unitPrice),
      discount: moneyString(line.discount),
      total: moneyString(line.total),
    })),
  };
}

/** The sale's lines, written before the number is taken (they only need the sale id). */
export function addSaleItems(batch: SqlBatch, businessId: string, sale: SaleDraft): void {
  const items = sale.items;
  batch.add(
    'sale_items',
    `INSERT INTO sale_items (business_id, sale_id, line_no, product_id, product_name, sku, quantity, unit_price, discount, total)
     SELECT ${batch.param(businessId, 'uuid')}, ${batch.param(sale.id, 'uuid')}, l.line_no, l.product_id, l.product_name, l.sku,
            l.quantity, l.unit_price, l.discount, l.total
       FROM unnest(${batch.param(items.map((_, i) => i + 1), 'int[]')}, ${batch.param(items.map((i) => i.product_id), 'uuid[]')},
                   ${batch.param(items.map((i) => i.product_name), 'text[]')}, ${batch.param(items.map((i) => i.sku), 'text[]')},
                   ${batch.param(items.map((i) => quantityString(i.quantity)), 'numeric[]')}, ${batch.param(items.map((i) => moneyString(i.unit_price)), 'numeric[]')},
                   ${batch.param(items.map((i) => moneyString(i.discount)), 'numeric[]')}, ${batch.param(items.map((i) => moneyString(i.total)), 'numeric[]')})
            AS l(line_no, product_id, product_name, sku, quantity, unit_price, discount, total)`,
  );
}

/** Takes the next sale number: the first part of the last statement before commit. */
export function addSaleNumber(batch: SqlBatch, businessId: string): void {
  batch.add(SALE_NUMBER_PART, nextNumberSql(batch.param(businessId, 'uuid'), 'sale', 'S'));
}

/** The sale row itself, numbered and timed by SALE_NUMBER_PART. */
export function addSaleRow(batch: SqlBatch, businessId: string, sale: SaleDraft): void {
  const p = (value: unknown, cast: string) => batch.param(value, cast);
  batch.add(
    'sale',
    `INSERT INTO sales (id, business_id, number, sale_number, customer_id, warehouse_id, status, payment_status, payment_method,
                        currency, subtotal, tax_amount, shipping_amount, discount_amount, total, loyalty_points_earned,
                        loyalty_transaction_id, notes, created_at, updated_at)
     SELECT ${p(sale.id, 'uuid')}, ${p(businessId, 'uuid')}, s.number, s.formatted, ${p(sale.customer_id, 'uuid')}, ${p(sale.warehouse_id, 'uuid')},
            ${p(sale.status, 'text')}, ${p(sale.payment_status, 'text')}, ${p(sale.payment_method, 'text')}, ${p(sale.currency, 'text')},
            ${p(sale.subtotal, 'numeric')}, ${p(sale.tax_amount, 'numeric')}, ${p(sale.shipping_amount, 'numeric')},
            ${p(sale.discount_amount, 'numeric')}, ${p(sale.total, 'numeric')}, ${p(sale.loyalty_points_earned, 'int8')},
            ${p(sale.loyalty_transaction_id, 'uuid')}, ${p(sale.notes, 'text')}, s.at, s.at
       FROM ${SALE_NUMBER_PART} s`,
  );
}
