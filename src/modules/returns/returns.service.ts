import { activityOf } from '../../common/activity/activity-of';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { dec, moneyNumber, moneyString, quantityNumber, quantityString } from '../../common/money/money';
import { pointsNumber } from '../../common/money/points';
import { takeNumber, TakenNumber } from '../../database/numbering';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { AnalyticsRollupService } from '../analytics/analytics-rollup.service';
import { SaleItem } from '../orders/entities/sale-item.entity';
import { Sale } from '../orders/entities/sale.entity';
import { lockReversibleSale } from '../orders/lock-reversible-sale';
import { OriginalSale } from '../orders/original-sale';
import { SaleReversal } from '../orders/sale-effect';
import { SaleEffects } from '../orders/sale-effects';
import { StockEntryLine, StockService } from '../stock/stock.service';
import { checkWarehouses } from '../warehouses/warehouse-references';
import { CreateReturnDto } from './dto/create-return.dto';
import { ReturnItem } from './entities/return-item.entity';
import { Return } from './entities/return.entity';
import { SaleReturnedEvent } from './events/sale-returned.event';
import { ReturnAmounts, returnAmounts, ReturnExceedsSold, UnknownReturnLine } from './return-amounts';
import { ReturnJson } from './return.mapper';
import { ReturnsReader } from './returns.reader';
import { SHIPPING_ONLY_RETURN_FROM, shippingOnlyRefusal } from './shipping-only-return';

/**
 * POST /orders/:id/returns (docs/api.md 12): some of an order's lines come back in ONE transaction,
 * through the effects a cancellation runs, with the return's own amounts. The sale row is locked
 * first, so two returns (or a return and a cancel) of one order run one after the other, each on
 * what the other left: a line never comes back beyond what it sold, the order never refunds beyond
 * its total. Every check runs before the first write, so a rejection writes nothing and takes no number.
 * A return of no lines refunds the shipping alone (shipping-only-return.ts), also of a `returned` order.
 */
@Injectable()
export class ReturnsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stock: StockService,
    private readonly effects: SaleEffects,
    private readonly rollups: AnalyticsRollupService,
    private readonly reader: ReturnsReader,
  ) {}

  async create(biz: BusinessContext, saleId: string, dto: CreateReturnDto): Promise<ReturnJson> {
    return this.uow.run(async (tx) => {
      const shippingOnly = dto.items.length === 0;
      const sale = await lockReversibleSale(tx, biz.id, saleId, 'returned', shippingOnly ? SHIPPING_ONLY_RETURN_FROM : undefined);
      if (shippingOnly) refuseShippingOnly(sale);
      const lines = await tx.getRepository(SaleItem).find({ where: { businessId: biz.id, saleId }, order: { lineNo: 'ASC' } });
      const amounts = priceReturn(sale, lines, dto);
      const restocked = await this.restockedLines(tx, biz.id, sale, lines, dto);

      const returnId = randomUUID();
      await this.stock.restockForReturn(tx, biz.id, sale.id, returnId, restocked);
      const number = await takeNumber(tx, biz.id, 'return', 'R');
      const reversal = returnReversal(biz, sale, returnId, number.formatted, amounts);
      for (const effect of this.effects.all) await effect.reverseSale(tx, reversal);

      await saveReturn(tx, biz.id, { sale, returnId, number, amounts, dto, reversal, lines });
      await recordOnSale(tx, biz.id, sale, lines, amounts, dto);
      tx.record(returnedEvent(biz.id, sale, returnId, number.formatted, amounts, dto, lines));
      // the return is in the order's history (its resource), named by both numbers
      tx.recordActivity(
        activityOf(
          biz,
          'returns.create',
          { type: 'order', id: sale.id, label: `${sale.sale_number} ${number.formatted}` },
          {
            refunded_amount: [moneyNumber(sale.refunded_amount), moneyNumber(amounts.refundedAfter)],
          },
        ),
      );
      const note = reversal.outcome.creditNote;
      if (note) tx.recordActivity(activityOf(biz, 'credit_notes.create', { type: 'credit_note', id: note.id, label: note.number }));
      await this.rollups.invalidate(tx, biz.id, sale.created_at);
      return this.reader.get(biz, returnId, tx.manager);
    });
  }

  /**
   * The lines that go back into stock, each to its warehouse (the sale's unless one is named: 422
   * UNKNOWN_WAREHOUSE unless it is the business's), at the cost the sale line recorded.
   */
  private async restockedLines(tx: Tx, businessId: string, sale: OriginalSale, lines: SaleItem[], dto: CreateReturnDto): Promise<StockEntryLine[]> {
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
}

/** A shipping-only return (no lines) of an order with no shipping left to refund: 400, as any other empty `items`. */
function refuseShippingOnly(sale: OriginalSale): void {
  const refusal = shippingOnlyRefusal({ status: sale.status, shippingAmount: sale.shipping_amount, shippingRefunded: sale.shipping_refunded });
  if (refusal) throw DomainError.validation('items', refusal);
}

/** The return's money by the contract's rule; its refusals as the contract's 422s. */
function priceReturn(sale: OriginalSale, lines: SaleItem[], dto: CreateReturnDto): ReturnAmounts {
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

function returnReversal(biz: BusinessContext, sale: OriginalSale, returnId: string, returnNumber: string, amounts: ReturnAmounts): SaleReversal {
  return {
    businessId: biz.id,
    timezone: biz.timezone,
    sale,
    actor: biz.actor,
    wholeSale: false,
    amount: moneyString(amounts.total),
    points: amounts.points,
    descriptions: {
      points: `Points reversed on return ${returnNumber}`,
      refund: `Refund of return ${returnNumber} of order ${sale.sale_number}`,
    },
    returned: {
      id: returnId,
      returnNumber,
      subtotal: moneyString(amounts.subtotal),
      taxAmount: moneyString(amounts.taxAmount),
      discountAmount: moneyString(amounts.discountAmount),
      shippingAmount: moneyString(amounts.shippingAmount),
      total: moneyString(amounts.total),
    },
    outcome: { pointsReversed: 0, invoiceId: null, creditNote: null },
  };
}

interface NewReturn {
  sale: OriginalSale;
  returnId: string;
  number: TakenNumber;
  amounts: ReturnAmounts;
  dto: CreateReturnDto;
  reversal: SaleReversal;
  lines: SaleItem[];
}

/** The return row and its lines, one per requested line, each line's amount its share of the line's refund. */
async function saveReturn(tx: Tx, businessId: string, r: NewReturn): Promise<void> {
  const returned = r.reversal.returned!;
  await tx.getRepository(Return).insert({
    id: r.returnId,
    businessId,
    number: r.number.number,
    returnNumber: r.number.formatted,
    saleId: r.sale.id,
    customerId: r.sale.customer_id,
    subtotal: returned.subtotal,
    taxAmount: returned.taxAmount,
    discountAmount: returned.discountAmount,
    shippingAmount: returned.shippingAmount,
    total: returned.total,
    pointsReversed: String(r.reversal.outcome.pointsReversed),
    creditNoteId: r.reversal.outcome.creditNote?.id ?? null,
    reason: r.dto.reason ?? null,
    createdByType: r.reversal.actor.type,
    createdById: r.reversal.actor.id,
    createdByName: r.reversal.actor.name,
    createdAt: r.number.at,
  });
  if (r.dto.items.length === 0) return;
  const productOf = new Map(r.lines.map((l) => [l.id, l.productId]));
  const amounts = requestLineAmounts(r.amounts, r.dto);
  await tx.getRepository(ReturnItem).insert(
    r.dto.items.map((item, i) => ({
      businessId,
      returnId: r.returnId,
      lineNo: i + 1,
      saleItemId: item.sale_item_id,
      productId: productOf.get(item.sale_item_id)!,
      quantity: quantityString(item.quantity),
      restock: item.restock !== false,
      warehouseId: item.restock !== false ? (item.warehouse_id ?? r.sale.warehouse_id) : null,
      amount: moneyString(amounts[i]),
    })),
  );
}

/**
 * Each requested line's amount. A sale line named twice in one request has one cumulative amount
 * (the rule rounds per sale line); it goes to its first request line, the others get 0, so the
 * return's lines still add up to its subtotal.
 */
function requestLineAmounts(amounts: ReturnAmounts, dto: CreateReturnDto): string[] {
  const left = new Map(amounts.lines.map((l) => [l.lineId, l.amount]));
  return dto.items.map((item) => {
    const amount = left.get(item.sale_item_id) ?? dec(0);
    left.set(item.sale_item_id, dec(0));
    return moneyString(amount);
  });
}

/**
 * The sale's side, under its row lock: each returned line's quantity and goods refunded so far, then
 * the sale's refunded amount, whether its shipping was refunded, and its status (`returned` once
 * every line is back) and payment status.
 */
async function recordOnSale(tx: Tx, businessId: string, sale: OriginalSale, lines: SaleItem[], amounts: ReturnAmounts, dto: CreateReturnDto): Promise<void> {
  const items = tx.getRepository(SaleItem);
  const returnedNow = new Map(amounts.lines.map((l) => [l.lineId, l]));
  let allBack = true;
  for (const line of lines) {
    const now = returnedNow.get(line.id);
    const returnedQuantity = now ? dec(line.returnedQuantity).plus(now.quantity) : dec(line.returnedQuantity);
    if (returnedQuantity.lessThan(line.quantity)) allBack = false;
    if (!now) continue;
    await items.update(
      { businessId, id: line.id },
      { returnedQuantity: quantityString(returnedQuantity), returnedAmount: moneyString(dec(line.returnedAmount).plus(now.amount)) },
    );
  }
  const refunded = amounts.refundedAfter;
  await tx.getRepository(Sale).update(
    { businessId, id: sale.id },
    {
      refundedAmount: moneyString(refunded),
      shippingRefunded: sale.shipping_refunded || (dto.refund_shipping === true && dec(sale.shipping_amount).greaterThan(0)),
      status: allBack ? 'returned' : 'partially_returned',
      paymentStatus: refunded.greaterThanOrEqualTo(sale.total) ? 'refunded' : 'partially_refunded',
      updatedAt: new Date(),
    },
  );
}

function returnedEvent(
  businessId: string,
  sale: OriginalSale,
  returnId: string,
  returnNumber: string,
  amounts: ReturnAmounts,
  dto: CreateReturnDto,
  lines: SaleItem[],
): SaleReturnedEvent {
  const productOf = new Map(lines.map((l) => [l.id, l.productId]));
  return new SaleReturnedEvent(businessId, {
    sale_id: sale.id,
    sale_number: sale.sale_number,
    return_id: returnId,
    return_number: returnNumber,
    total: moneyNumber(amounts.total),
    customer_id: sale.customer_id,
    items: dto.items.map((i) => ({
      product_id: productOf.get(i.sale_item_id)!,
      quantity: quantityNumber(quantityString(i.quantity)),
      restock: i.restock !== false,
    })),
  });
}
