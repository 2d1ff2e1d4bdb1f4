import { dec, DecimalInput } from '../../common/money/money';
import { REVERSIBLE_SALE_STATUSES, SaleStatus } from '../orders/sale-status';

/**
 * A return of no lines refunds only the shipping (docs/api.md 12): an order whose goods came back,
 * in part or in full, without it. Besides the statuses any return starts from, a `returned` order
 * may still refund its shipping this way; a cancelled one is 409 as for any return.
 */
export const SHIPPING_ONLY_RETURN_FROM: readonly SaleStatus[] = [...REVERSIBLE_SALE_STATUSES, 'returned'];

export interface ShippingOfSale {
  status: string;
  shippingAmount: DecimalInput;
  shippingRefunded: boolean;
}

/**
 * Why a shipping-only return of this order is refused (the caller answers 400 on `items`: "any
 * other empty items"), or null when its shipping is there to refund.
 */
export function shippingOnlyRefusal(sale: ShippingOfSale): string | null {
  if (sale.status !== 'partially_returned' && sale.status !== 'returned') {
    return 'items must contain at least one line: nothing of this order was returned yet, its shipping is refunded with goods';
  }
  if (sale.shippingRefunded) return "items must contain at least one line: the order's shipping is already refunded";
  if (dec(sale.shippingAmount).isZero()) return 'items must contain at least one line: the order has no shipping to refund';
  return null;
}
