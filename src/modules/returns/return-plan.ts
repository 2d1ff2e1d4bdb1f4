import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { dec, moneyString, quantityNumber, quantityString } from '../../common/money/money';
import { pointsNumber } from '../../common/money/points';
import { Tx } from '../../database/transaction';
import { SaleItem } from '../orders/entities/sale-item.entity';
import { lockReversibleSale } from '../orders/lock-reversible-sale';
import { OriginalSale } from '../orders/original-sale';
import { StockEntryLine } from '../stock/stock.service';
import { checkWarehouses } from '../warehouses/warehouse-references';
import { CreateReturnDto } from './dto/create-return.dto';
import { ReturnableTax, ReturnAmounts, returnAmounts, ReturnExceedsSold, UnknownReturnLine } from './return-amounts';
import { SaleTaxLine } from '../taxes/entities/sale-tax-line.entity';
import { SHIPPING_ONLY_RETURN_FROM, shippingOnlyRefusal } from './shipping-only-return';

/** What a return of this body would be, every check passed: POST /orders/:id/returns and its quote both start here. */
export interface ReturnPlan {
  sale: OriginalSale;
  lines: SaleItem[];
  amounts: ReturnAmounts;
  /** the lines that go back into stock */
  restocked: StockEntryLine[];
  /** one per requested line, in request order */
  items: PlannedReturnLine[];
  /** the order's prices included tax (docs/api.md 22) */
  taxIncluded: boolean;
}

export interface PlannedReturnLine {
  saleItemId: string;
  productId: string;
  quantity: string;
  restock: boolean;
  warehouseId: string | null;
  amount: string;
}

/**
 * The order's row locked (held to the end of the transaction: 404, 409 INVALID_STATUS_TRANSITION),
 * its lines, the return's money by the contract's rule (422 RETURN_EXCEEDS_SOLD, UNKNOWN_SALE_ITEM)
 * and its restocked lines (422 UNKNOWN_WAREHOUSE). Reads only: a rejection writes nothing.
 */
export async function planReturn(tx: Tx, biz: BusinessContext, saleId: string, dto: CreateReturnDto): Promise<ReturnPlan> {
  const shippingOnly = dto.items.length === 0;
  const sale = await lockReversibleSale(tx, biz.id, saleId, 'returned', shippingOnly ? SHIPPING_ONLY_RETURN_FROM : undefined);
  if (shippingOnly) refuseShippingOnly(sale);
  const lines = await tx.getRepository(SaleItem).find({ where: { businessId: biz.id, saleId }, order: { lineNo: 'ASC' } });
  const taxLines = await tx.getRepository(SaleTaxLine).find({ where: { businessId: biz.id, saleId } });
  const amounts = priceReturn(sale, lines, dto, returnableTax(taxLines));
  const restocked = await restockedLines(tx, biz.id, sale, lines, dto);
  return { sale, lines, amounts, restocked, items: plannedLines(sale, lines, amounts, dto), taxIncluded: taxLines.some((l) => l.taxIncluded) };
}

/**
 * The lines that go back into stock, each to its warehouse (the sale's unless one is named: 422
 * UNKNOWN_WAREHOUSE unless it is the business's), at the cost the sale line recorded.
 */
async function restockedLines(tx: Tx, businessId: string, sale: OriginalSale, lines: SaleItem[], dto: CreateReturnDto): Promise<StockEntryLine[]> {
  await checkWarehouses(
    tx,
    businessId,
    dto.items.filter((i) => i.restock !== false && i.warehouse_id).map((i) => i.warehouse_id!),
  );
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  return dto.items
    .filter((i) => i.restock !== false)
    .map((i) => {
      const line = lineOf.get(i.sale_item_id)!;
      return { productId: line.productId, warehouseId: i.warehouse_id ?? sale.warehouse_id, quantity: quantityString(i.quantity), unitCost: line.unitCost };
    });
}

/** The order's computed tax as the return rule reads it (docs/api.md 22); undefined when the order gave its tax. */
function returnableTax(lines: SaleTaxLine[]): ReturnableTax | undefined {
  if (lines.length === 0) return undefined;
  return {
    inclusive: lines[0].taxIncluded,
    lines: lines.map((l) => ({
      taxRateId: l.taxRateId,
      name: l.name,
      rate: l.rate,
      taxableAmount: dec(l.taxableAmount),
      taxAmount: dec(l.taxAmount),
      base: dec(l.baseAmount),
      lineIds: l.saleItemIds,
      shipping: l.includesShipping,
    })),
  };
}

/** A shipping-only return (no lines) of an order with no shipping left to refund: 400, as any other empty `items`. */
function refuseShippingOnly(sale: OriginalSale): void {
  const refusal = shippingOnlyRefusal({ status: sale.status, shippingAmount: sale.shipping_amount, shippingRefunded: sale.shipping_refunded });
  if (refusal) throw DomainError.validation('items', refusal);
}

/** The return's money by the contract's rule; its refusals as the contract's 422s. */
function priceReturn(sale: OriginalSale, lines: SaleItem[], dto: CreateReturnDto, tax: ReturnableTax | undefined): ReturnAmounts {
  try {
    return returnAmounts(
      {
        subtotal: sale.subtotal,
        taxAmount: sale.tax_amount,
        discountAmount: sale.discount_amount,
        shippingAmount: sale.shipping_amount,
        total: sale.total,
        pointsEarned: pointsNumber(sale.loyalty_points_earned),
        refundedAmount: sale.refunded_amount,
        shippingRefunded: sale.shipping_refunded,
        lines: lines.map((l) => ({ id: l.id, quantity: l.quantity, total: l.total, returnedQuantity: l.returnedQuantity })),
        tax,
      },
      dto.items.map((i) => ({ lineId: i.sale_item_id, quantity: quantityString(i.quantity) })),
      dto.refund_shipping === true,
    );
  } catch (e) {
    if (e instanceof UnknownReturnLine) throw new DomainError('UNKNOWN_SALE_ITEM', undefined, [{ sale_item_id: e.lineId }]);
    if (e instanceof ReturnExceedsSold) {
      throw new DomainError('RETURN_EXCEEDS_SOLD', undefined, [
        { sale_item_id: e.lineId, sold: quantityNumber(e.sold), returned: quantityNumber(e.returned), requested: quantityNumber(e.requested) },
      ]);
    }
    throw e;
  }
}

/**
 * The return's lines, one per requested line. A sale line named twice in one request has one
 * cumulative amount (the rule rounds per sale line); it goes to its first request line, the others
 * get 0, so the return's lines still add up to its subtotal.
 */
function plannedLines(sale: OriginalSale, lines: SaleItem[], amounts: ReturnAmounts, dto: CreateReturnDto): PlannedReturnLine[] {
  const productOf = new Map(lines.map((l) => [l.id, l.productId]));
  const left = new Map(amounts.lines.map((l) => [l.lineId, l.amount]));
  return dto.items.map((item) => {
    const amount = left.get(item.sale_item_id) ?? dec(0);
    left.set(item.sale_item_id, dec(0));
    const restock = item.restock !== false;
    return {
      saleItemId: item.sale_item_id,
      productId: productOf.get(item.sale_item_id)!,
      quantity: quantityString(item.quantity),
      restock,
      warehouseId: restock ? (item.warehouse_id ?? sale.warehouse_id) : null,
      amount: moneyString(amount),
    };
  });
}
