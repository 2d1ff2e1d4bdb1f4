import { BusinessContext } from '../../common/auth/business-context';
import { moneyString } from '../../common/money/money';
import type { SaleTender } from './payment-method';
import type { PaymentMethods } from './payment-methods';
import { CreateOrderDto } from './dto/create-order.dto';
import { OrderPrice, priceOrder } from './pricing/price-order';
import { SaleFacts } from './sale-draft';
import { SaleProduct } from './sale-references';
import { Taxing } from '../taxes/order-taxing';

/**
 * What an order body decides once its references are read, for POST /orders and its quote alike
 * (docs/api.md 21: the quote is the order's own figures, so both go through these).
 */

/**
 * The order's price: each line at its price or the product's, its discounts and adjustments; its tax
 * per rate when the body gives no tax_amount and the business has rates (`taxing`, docs/api.md 22).
 */
export function priceOf(dto: CreateOrderDto, products: Map<string, SaleProduct>, taxing: Taxing | null = null): OrderPrice {
  const lines = dto.items.map((line) => ({
    productId: line.product_id,
    quantity: line.quantity,
    productPrice: products.get(line.product_id)!.price,
    price: line.price,
    discount: line.discount,
    taxRateId: products.get(line.product_id)!.tax_rate_id ?? null,
  }));
  return priceOrder(lines, { taxAmount: dto.tax_amount, shippingAmount: dto.shipping_amount, discountAmount: dto.discount_amount }, taxing);
}

/** Whether the server computes the order's tax: the body gives none (docs/api.md 22). */
export function computesTax(dto: CreateOrderDto): boolean {
  return dto.tax_amount === undefined || dto.tax_amount === null;
}

/** How the order is paid: its method by name and what its tender rule made of the total (in memory). */
export interface OrderPayment {
  paymentMethod: string;
  cash: SaleTender | null;
}

/**
 * The body's payment method and its tender against the priced total; the method's refusal
 * (INSUFFICIENT_TENDER) is thrown here, before anything is taken or written.
 */
export function paymentOf(payments: PaymentMethods, dto: CreateOrderDto, price: OrderPrice): OrderPayment {
  return { paymentMethod: payments.of(dto).name, cash: payments.tender(dto, moneyString(price.total)) };
}

/** What the order's references, price, payment and stock decided, beside the body's own choices. */
export interface OrderDecisions extends OrderPayment {
  saleId: string;
  price: OrderPrice;
  products: Map<string, SaleProduct>;
  warehouseId: string;
  customerId: string | null;
  unitCosts: Map<string, string>;
}

/** The facts draftSale makes the sale of: the decisions and the body's payment, notes and invoice choice. */
export function saleFactsOf(biz: BusinessContext, dto: CreateOrderDto, decided: OrderDecisions): SaleFacts {
  return {
    ...decided,
    currency: biz.currency,
    notes: dto.notes ?? null,
    sendInvoice: dto.send_invoice === true,
    actor: biz.actor,
  };
}
