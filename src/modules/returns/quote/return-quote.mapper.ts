import { ApiProperty, OmitType } from '@nestjs/swagger';
import { ReturnJson } from '../return.mapper';
import { ReturnPlan } from '../return-plan';
import { Actor } from '../../../common/auth/business-context';
import { createdByColumnsOf, toCreatedByJson } from '../../../common/activity/created-by';
import { moneyNumber, moneyString, quantityNumber } from '../../../common/money/money';
import { toTaxLinesJson } from '../../orders/order.mapper';

/**
 * What a return would be (the console's return dialog, docs/api.md 21): the return's own fields but
 * those only making it gives (its id, number, credit note and time), and how its total is refunded.
 */
export class ReturnQuoteJson extends OmitType(ReturnJson, ['id', 'return_number', 'credit_note_id', 'credit_note_number', 'created_at'] as const) {
  @ApiProperty({ example: 'cash', description: "how the total is refunded: the order's payment method (POST /orders' payment_method)" }) payment_method: string;
}

/** The quote of a planned return; `pointsReversed` as the loyalty effect would take them. */
export function toReturnQuoteJson(plan: ReturnPlan, pointsReversed: number, reason: string | null, actor: Actor): ReturnQuoteJson {
  const { sale, amounts, items } = plan;
  return {
    sale_id: sale.id,
    sale_number: sale.sale_number,
    items: items.map((item) => ({
      sale_item_id: item.saleItemId,
      product_id: item.productId,
      quantity: quantityNumber(item.quantity),
      restock: item.restock,
      warehouse_id: item.warehouseId,
      amount: moneyNumber(item.amount),
    })),
    subtotal: moneyNumber(amounts.subtotal),
    tax_amount: moneyNumber(amounts.taxAmount),
    tax_lines: toTaxLinesJson(
      amounts.taxLines.map((l) => ({
        tax_rate_id: l.taxRateId,
        name: l.name,
        rate: l.rate,
        taxable_amount: moneyString(l.taxableAmount),
        tax_amount: moneyString(l.taxAmount),
      })),
    ),
    discount_amount: moneyNumber(amounts.discountAmount),
    shipping_amount: moneyNumber(amounts.shippingAmount),
    total: moneyNumber(amounts.total),
    points_reversed: pointsReversed,
    reason,
    created_by: toCreatedByJson(createdByColumnsOf(actor)),
    payment_method: sale.payment_method,
  };
}
