import { randomUUID } from 'crypto';
import { createdByColumnsOf } from '../../common/activity/created-by';
import { Actor } from '../../common/auth/business-context';
import { dec, DecimalInput, moneyString, quantityString } from '../../common/money/money';
import { OrderPrice } from './pricing/price-order';
import { SaleProduct } from './sale-references';
import { SaleItemRow, SaleRow, SaleTaxLineRow } from './order.mapper';
import { OrderTaxLine } from '../taxes/tax-arithmetic';

/** An order's tax at one rate about to be stored: the public figures and what the return rule reads (V_r, its lines, the shipping). */
export interface SaleTaxLineDraft extends SaleTaxLineRow {
  base_amount: string;
  sale_item_ids: string[];
  includes_shipping: boolean;
}

/** A sale with everything decided except its number and time, which the last statement takes. */
export type SaleDraft = Omit<SaleRow, 'sale_number' | 'created_at' | 'invoice_number' | 'loyalty_points_earned' | 'tax_lines' | 'tax_included'> & {
  loyalty_points_earned: number;
  items: SaleItemRow[];
  tax_lines: SaleTaxLineDraft[];
  tax_included: boolean;
};

export interface SaleFacts {
  saleId: string;
  price: OrderPrice;
  products: Map<string, SaleProduct>;
  warehouseId: string;
  customerId: string | null;
  currency: string;
  paymentMethod: string;
  /** what a cash customer handed over and the change given back (docs/api.md 21); null when none */
  cash: { tendered: string; change: string } | null;
  notes: string | null;
  sendInvoice: boolean;
  /** each product's average cost, read under its stock lock (the deduction) */
  unitCosts: Map<string, string>;
  /** who sells it (`created_by`) */
  actor: Actor;
}

/**
 * The sale row and its lines as they will be stored: completed and paid, names and SKUs snapshotted,
 * points only with a customer, ids chosen now for the rows that others point to.
 */
export function draftSale(facts: SaleFacts): SaleDraft {
  const { price, products } = facts;
  const points = facts.customerId ? price.points : 0;
  const items = price.lines.map((line) => ({
    id: randomUUID(),
    sale_id: facts.saleId,
    product_id: line.productId,
    product_name: products.get(line.productId)!.name,
    sku: products.get(line.productId)!.sku,
    quantity: quantityString(line.quantity),
    unit_price: moneyString(line.unitPrice),
    discount: moneyString(line.discount),
    total: moneyString(line.total),
    returned_quantity: '0',
    ...lineCost(line.quantity, facts.unitCosts.get(line.productId)!),
  }));
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
    cash_tendered: facts.cash?.tendered ?? null,
    change_due: facts.cash?.change ?? null,
    refunded_amount: '0.00',
    loyalty_points_earned: points,
    loyalty_transaction_id: points > 0 ? randomUUID() : null,
    invoice_id: facts.sendInvoice ? randomUUID() : null,
    notes: facts.notes,
    ...createdByColumnsOf(facts.actor),
    items,
    tax_lines: price.taxLines.map((line) => taxLineDraft(line, items)),
    tax_included: price.taxIncluded,
  };
}

function taxLineDraft(line: OrderTaxLine, items: SaleItemRow[]): SaleTaxLineDraft {
  return {
    tax_rate_id: line.taxRateId,
    name: line.name,
    rate: line.rate,
    taxable_amount: moneyString(line.taxableAmount),
    tax_amount: moneyString(line.taxAmount),
    base_amount: moneyString(line.base),
    sale_item_ids: line.lineIndexes.map((i) => items[i].id),
    includes_shipping: line.shipping,
  };
}

/** A sale line's cost (docs/api.md 13): the average cost at the sale and round(quantity x it). */
function lineCost(quantity: DecimalInput, unitCost: string): { unit_cost: string; cost_total: string } {
  return { unit_cost: unitCost, cost_total: moneyString(dec(quantity).times(unitCost)) };
}
