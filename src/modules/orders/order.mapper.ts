import { ApiProperty } from '@nestjs/swagger';
import { SALE_STATUSES } from './sale-status';
import { costNumber, moneyNumber, quantityNumber } from '../../common/money/money';
import { pointsNumber } from '../../common/money/points';
import { SaleCompletedItem } from './events/sale-completed.event';
import { CreatedByColumns, CreatedByJson, toCreatedByJson } from '../../common/activity/created-by';

/** An order's tax at one rate as stored (sale_tax_lines, numeric columns as text): a snapshot of the rate at sale time. */
export interface SaleTaxLineRow {
  tax_rate_id: string;
  name: string;
  rate: string;
  taxable_amount: string;
  tax_amount: string;
}

/** A sale as stored (numeric columns as text), with its invoice when it has one. */
export interface SaleRow extends CreatedByColumns {
  id: string;
  sale_number: string;
  status: string;
  payment_status: string;
  payment_method: string;
  customer_id: string | null;
  warehouse_id: string;
  currency: string;
  subtotal: string;
  tax_amount: string;
  shipping_amount: string;
  discount_amount: string;
  total: string;
  refunded_amount: string;
  cash_tendered: string | null;
  change_due: string | null;
  /** bigint: a string as pg reads it, a number in a draft about to be written */
  loyalty_points_earned: string | number;
  loyalty_transaction_id: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  notes: string | null;
  created_at: Date;
  /** its tax per rate (docs/api.md 22); absent or empty when the order gave its tax_amount */
  tax_lines?: SaleTaxLineRow[] | null;
  /** its prices included tax */
  tax_included?: boolean | null;
}

/** A sale line as stored (numeric columns as text). */
export interface SaleLineRow {
  id: string;
  product_id: string;
  product_name: string;
  sku: string;
  quantity: string;
  unit_price: string;
  discount: string;
  total: string;
  returned_quantity: string;
  unit_cost: string;
  cost_total: string;
}

export interface SaleItemRow extends SaleLineRow {
  sale_id: string;
}

/**
 * A sale line as the read statements give it, in the sale's row (orders-read.sql.ts, SALE_LINES):
 * the fields of SaleLineRow in this order.
 */
export type SaleLineTuple = [
  id: string,
  product_id: string,
  product_name: string,
  sku: string,
  quantity: string,
  unit_price: string,
  discount: string,
  total: string,
  returned_quantity: string,
  unit_cost: string,
  cost_total: string,
];

/** A sale as the read statements give it: with its lines (null when it has none). */
export type SaleWithLinesRow = SaleRow & { lines: SaleLineTuple[] | null };

function saleLineOf([
  id,
  product_id,
  product_name,
  sku,
  quantity,
  unit_price,
  discount,
  total,
  returned_quantity,
  unit_cost,
  cost_total,
]: SaleLineTuple): SaleLineRow {
  return { id, product_id, product_name, sku, quantity, unit_price, discount, total, returned_quantity, unit_cost, cost_total };
}

/** One rate of an order's, a quote's, an invoice's, a credit note's or a return's tax (docs/api.md 22). */
export class TaxLineJson {
  @ApiProperty({ format: 'uuid' }) tax_rate_id: string;
  @ApiProperty({ example: 'VAT 19%', description: "the rate's name when sold" }) name: string;
  @ApiProperty({ example: 19, description: 'the percentage when sold (up to 4 decimals)' }) rate: number;
  @ApiProperty({ example: 32.82, description: 'net of tax, after the order discount' }) taxable_amount: number;
  @ApiProperty({ example: 6.24 }) tax_amount: number;
}

/** Tax lines in their one order: by rate, highest first, then by the rate's id (as the read statements sort them). */
export function toTaxLinesJson(lines: readonly SaleTaxLineRow[] | null | undefined): TaxLineJson[] {
  return [...(lines ?? [])]
    .sort((a, b) => Number(b.rate) - Number(a.rate) || (a.tax_rate_id < b.tax_rate_id ? -1 : a.tax_rate_id > b.tax_rate_id ? 1 : 0))
    .map((l) => ({
      tax_rate_id: l.tax_rate_id,
      name: l.name,
      rate: costNumber(l.rate),
      taxable_amount: moneyNumber(l.taxable_amount),
      tax_amount: moneyNumber(l.tax_amount),
    }));
}

export class OrderItemJson implements SaleCompletedItem {
  @ApiProperty({ format: 'uuid', description: 'the sale line (sale_item_id of a return)' }) id: string;
  @ApiProperty({ format: 'uuid' }) product_id: string;
  @ApiProperty({ example: 'Espresso beans 1kg' }) product_name: string;
  @ApiProperty({ example: 'SKU-000001' }) sku: string;
  @ApiProperty({ example: 2 }) quantity: number;
  @ApiProperty({ example: 12.5 }) unit_price: number;
  @ApiProperty({ example: 0 }) discount: number;
  @ApiProperty({ example: 25 }) total: number;
  @ApiProperty({ example: 0, description: 'what returns took back of the line' }) returned_quantity: number;
  @ApiProperty({ example: 7.125, description: "the product's average cost when sold (4 decimals)" }) unit_cost: number;
  @ApiProperty({ example: 14.25, description: 'round(quantity x unit_cost)' }) cost_total: number;
}

/** The public order object, field by field: every field always present, null when empty. */
export class OrderJson {
  @ApiProperty({ format: 'uuid' }) order_id: string;
  @ApiProperty({ example: 'S-0001' }) order_number: string;
  @ApiProperty({ enum: SALE_STATUSES }) status: string;
  @ApiProperty({ example: 'paid' }) payment_status: string;
  /** its enum, the registered payment methods, is documented when the app starts (payment-method-fields.ts) */
  @ApiProperty({ example: 'cash' }) payment_method: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) customer_id: string | null;
  @ApiProperty({ example: 25 }) subtotal: number;
  @ApiProperty({ example: 4.75 }) tax_amount: number;
  @ApiProperty({ type: [TaxLineJson], description: 'the tax per rate when the server computed it (docs/api.md 22); [] when the order gave tax_amount' })
  tax_lines: TaxLineJson[];
  @ApiProperty({ example: false, description: 'prices include tax: line totals and subtotal are gross, the tax is inside the total' })
  tax_included: boolean;
  @ApiProperty({ example: 0 }) shipping_amount: number;
  @ApiProperty({ example: 0 }) discount_amount: number;
  @ApiProperty({ example: 29.75 }) total: number;
  @ApiProperty({ example: 0, description: 'what returns and a cancellation gave back of the total' }) refunded_amount: number;
  @ApiProperty({ type: Number, nullable: true, example: 50, description: 'what a cash customer handed over; null when none was given' })
  cash_tendered: number | null;
  @ApiProperty({ type: Number, nullable: true, example: 20.25, description: 'cash_tendered - total; null when no tender was given' })
  change_due: number | null;
  @ApiProperty({ example: 'EUR' }) currency: string;
  @ApiProperty({ example: 29 }) loyalty_points_earned: number;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) loyalty_transaction_id: string | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) invoice_id: string | null;
  @ApiProperty({ type: String, nullable: true, example: 'INV-0001' }) invoice_number: string | null;
  @ApiProperty({ format: 'uuid' }) warehouse_id: string;
  @ApiProperty({ type: String, nullable: true }) notes: string | null;
  @ApiProperty({ type: [OrderItemJson] }) items: OrderItemJson[];
  @ApiProperty({ type: CreatedByJson, nullable: true, description: 'who sold it: the member or the key (null for sales made before attribution)' })
  created_by: CreatedByJson | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export function toOrderItemJson(item: SaleLineRow): OrderItemJson {
  return {
    id: item.id,
    product_id: item.product_id,
    product_name: item.product_name,
    sku: item.sku,
    quantity: quantityNumber(item.quantity),
    unit_price: moneyNumber(item.unit_price),
    discount: moneyNumber(item.discount),
    total: moneyNumber(item.total),
    returned_quantity: quantityNumber(item.returned_quantity),
    unit_cost: costNumber(item.unit_cost),
    cost_total: moneyNumber(item.cost_total),
  };
}

export function toOrderJson(sale: SaleRow, items: SaleLineRow[]): OrderJson {
  return {
    order_id: sale.id,
    order_number: sale.sale_number,
    status: sale.status,
    payment_status: sale.payment_status,
    payment_method: sale.payment_method,
    customer_id: sale.customer_id,
    subtotal: moneyNumber(sale.subtotal),
    tax_amount: moneyNumber(sale.tax_amount),
    tax_lines: toTaxLinesJson(sale.tax_lines),
    tax_included: sale.tax_included === true,
    shipping_amount: moneyNumber(sale.shipping_amount),
    discount_amount: moneyNumber(sale.discount_amount),
    total: moneyNumber(sale.total),
    refunded_amount: moneyNumber(sale.refunded_amount),
    cash_tendered: sale.cash_tendered === null ? null : moneyNumber(sale.cash_tendered),
    change_due: sale.change_due === null ? null : moneyNumber(sale.change_due),
    currency: sale.currency.trim(),
    loyalty_points_earned: pointsNumber(sale.loyalty_points_earned),
    loyalty_transaction_id: sale.loyalty_transaction_id,
    invoice_id: sale.invoice_id,
    invoice_number: sale.invoice_number,
    warehouse_id: sale.warehouse_id,
    notes: sale.notes,
    items: items.map(toOrderItemJson),
    created_by: toCreatedByJson(sale),
    created_at: sale.created_at.toISOString(),
  };
}

/** A sale read with its lines (readSale, the page statements) as the public order object. */
export function toOrderJsonWithLines(sale: SaleWithLinesRow): OrderJson {
  return toOrderJson(sale, (sale.lines ?? []).map(saleLineOf));
}
