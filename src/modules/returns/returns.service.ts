import { activityOf } from '../../common/activity/activity-of';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { dec, moneyNumber, moneyString, quantityNumber, quantityString } from '../../common/money/money';
import { takeNumber, TakenNumber } from '../../database/numbering';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { AnalyticsRollupService } from '../analytics/analytics-rollup.service';
import { SaleItem } from '../orders/entities/sale-item.entity';
import { Sale } from '../orders/entities/sale.entity';
import { OriginalSale } from '../orders/original-sale';
import { SaleReversal } from '../orders/sale-effect';
import { SaleEffects } from '../orders/sale-effects';
import { StockService } from '../stock/stock.service';
import { CreateReturnDto } from './dto/create-return.dto';
import { ReturnItem } from './entities/return-item.entity';
import { Return } from './entities/return.entity';
import { SaleReturnedEvent } from './events/sale-returned.event';
import { ReturnAmounts } from './return-amounts';
import { ReturnJson } from './return.mapper';
import { ReturnsReader } from './returns.reader';
import { planReturn, PlannedReturnLine } from './return-plan';

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
      const { sale, lines, amounts, restocked, items } = await planReturn(tx, biz, saleId, dto);

      const returnId = randomUUID();
      await this.stock.restockForReturn(tx, biz.id, sale.id, returnId, restocked);
      const number = await takeNumber(tx, biz.id, 'return', 'R');
      const reversal = returnReversal(biz, sale, returnId, number, amounts);
      for (const effect of this.effects.all) await effect.reverseSale(tx, reversal);

      await saveReturn(tx, biz.id, { sale, returnId, number, dto, reversal, items });
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
}

function returnReversal(biz: BusinessContext, sale: OriginalSale, returnId: string, number: TakenNumber, amounts: ReturnAmounts): SaleReversal {
  const returnNumber = number.formatted;
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
      at: number.at,
      taxLines: amounts.taxLines.map((l) => ({
        tax_rate_id: l.taxRateId,
        name: l.name,
        rate: l.rate,
        taxable_amount: moneyString(l.taxableAmount),
        tax_amount: moneyString(l.taxAmount),
        base_amount: moneyString(l.base),
      })),
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
  dto: CreateReturnDto;
  reversal: SaleReversal;
  items: PlannedReturnLine[];
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
  if (r.items.length === 0) return;
  await tx.getRepository(ReturnItem).insert(
    r.items.map((item, i) => ({
      businessId,
      returnId: r.returnId,
      lineNo: i + 1,
      saleItemId: item.saleItemId,
      productId: item.productId,
      quantity: item.quantity,
      restock: item.restock,
      warehouseId: item.warehouseId,
      amount: item.amount,
    })),
  );
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
