import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { dec, moneyNumber, moneyString } from '../../common/money/money';
import { pointsNumber } from '../../common/money/points';
import { UnitOfWork } from '../../database/unit-of-work';
import { AnalyticsRollupService } from '../analytics/analytics-rollup.service';
import { cumulativePointsReversed } from '../returns/return-amounts';
import { StockService } from '../stock/stock.service';
import { SaleCancelledEvent } from './events/sale-cancelled.event';
import { CancelOrderDto } from './order-cancellation.dto';
import { OrderJson } from './order.mapper';
import { OrdersReader } from './orders.reader';
import { lockReversibleSale } from './lock-reversible-sale';
import { OriginalSale } from './original-sale';
import { markSaleCancelled } from './persistence/orders-sale.sql';
import { SaleReversal } from './sale-effect';
import { SaleEffects } from './sale-effects';

/**
 * POST /orders/:id/cancel: undoes a completed or partly returned sale in ONE transaction (of a
 * partly returned one, what its returns left: the goods not returned, the rest of the total and of
 * the points, docs/api.md 12). The sale row
 * is locked first (a concurrent second cancel waits, then sees `cancelled` and gets 409), then the
 * stock comes back and each effect of the sale is reversed, in lock order; last the analytics
 * rollups are invalidated. Nothing is deleted: the cancellation adds `cancel` movements, a `reverse`
 * loyalty transaction and a `refund` finance transaction beside what the sale wrote.
 */
@Injectable()
export class OrderCancellationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stock: StockService,
    private readonly effects: SaleEffects,
    private readonly rollups: AnalyticsRollupService,
    private readonly reader: OrdersReader,
  ) {}

  /** The order is read back inside the transaction: it is the outcome an Idempotency-Key commits with the effect. */
  async cancel(biz: BusinessContext, saleId: string, dto: CancelOrderDto): Promise<OrderJson> {
    return this.uow.run(async (tx) => {
      const sale = await lockReversibleSale(tx, biz.id, saleId, 'cancelled');
      const restock = dto.restock !== false;
      if (restock) await this.stock.returnForSale(tx, biz.id, sale.id);
      const reversal = cancellationOf(biz, sale);
      for (const effect of this.effects.all) await effect.reverseSale(tx, reversal);
      const [{ cancelled_at }] = await tx.run(markSaleCancelled, [biz.id, sale.id, dto.reason ?? null]);
      tx.record(
        new SaleCancelledEvent(biz.id, {
          sale_id: sale.id,
          sale_number: sale.sale_number,
          total: moneyNumber(sale.total),
          customer_id: sale.customer_id,
          reason: dto.reason ?? null,
          restocked: restock,
          points_reversed: reversal.outcome.pointsReversed,
          refund_amount: moneyNumber(reversal.amount),
          invoice_id: reversal.outcome.invoiceId,
          cancelled_at: cancelled_at.toISOString(),
        }),
      );
      const cancelled = { status: 'cancelled', payment_status: 'refunded', refunded_amount: moneyNumber(sale.total), cancel_reason: dto.reason ?? null };
      const was = {
        status: sale.status,
        payment_status: sale.payment_status,
        refunded_amount: moneyNumber(sale.refunded_amount),
        cancel_reason: sale.cancel_reason,
      };
      tx.recordActivity(activityOf(biz, 'orders.cancel', { type: 'order', id: sale.id, label: sale.sale_number }, changesBetween(was, cancelled)));
      await this.rollups.invalidate(tx, biz.id, sale.created_at);
      return this.reader.get(biz, saleId, tx);
    });
  }
}

/** A cancellation takes back everything returns have not: the rest of the total and of the points the sale earned. */
function cancellationOf(biz: BusinessContext, sale: OriginalSale): SaleReversal {
  const earned = pointsNumber(sale.loyalty_points_earned);
  return {
    businessId: biz.id,
    timezone: biz.timezone,
    sale,
    actor: biz.actor,
    wholeSale: true,
    amount: moneyString(dec(sale.total).minus(sale.refunded_amount)),
    points: earned - cumulativePointsReversed(earned, sale.total, sale.refunded_amount),
    descriptions: {
      points: `Points reversed for cancelled order ${sale.sale_number}`,
      refund: `Refund of cancelled order ${sale.sale_number}`,
    },
    returned: null,
    outcome: { pointsReversed: 0, invoiceId: null, creditNote: null },
  };
}
