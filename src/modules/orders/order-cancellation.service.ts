import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { moneyNumber } from '../../common/money/money';
import { pointsNumber } from '../../common/money/points';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { AnalyticsRollupService } from '../analytics/analytics-rollup.service';
import { CustomersService } from '../customers/customers.service';
import { FinanceService } from '../finance/finance.service';
import { InvoicesService } from '../invoices/invoices.service';
import { LoyaltyService } from '../loyalty/loyalty.service';
import { StockService } from '../stock/stock.service';
import { SaleCancelledEvent } from './events/sale-cancelled.event';
import { CancelOrderDto } from './order-cancellation.dto';
import { OrderJson } from './order.mapper';
import { OrdersReader } from './orders.reader';

interface LockedSale {
  id: string;
  sale_number: string;
  status: string;
  customer_id: string | null;
  total: string;
  /** bigint, as pg returns it */
  loyalty_points_earned: string;
  created_at: Date;
}

/**
 * POST /orders/:id/cancel (CONTRACT.md 5): undoes a completed sale in ONE transaction. The sale row
 * is locked first (a concurrent second cancel waits, then sees `cancelled` and gets 409); the other
 * locks follow the order path's order (stock rows in product order, the customer, the loyalty
 * account), then the invoice, and last the analytics rollup lock, held until commit. Nothing is
 * deleted: the cancellation adds `cancel` movements, a `reverse` loyalty transaction and a `refund`
 * finance transaction beside what the sale wrote.
 */
@Injectable()
export class OrderCancellationService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stock: StockService,
    private readonly customers: CustomersService,
    private readonly loyalty: LoyaltyService,
    private readonly invoices: InvoicesService,
    private readonly finance: FinanceService,
    private readonly rollups: AnalyticsRollupService,
    private readonly reader: OrdersReader,
  ) {}

  async cancel(biz: BusinessContext, saleId: string, dto: CancelOrderDto): Promise<OrderJson> {
    await this.uow.run(async (tx) => {
      const sale = await this.lockSale(tx, biz.id, saleId);
      const restock = dto.restock !== false;
      if (restock) await this.stock.returnForSale(tx, biz.id, sale.id);
      const pointsReversed = await this.reverseForCustomer(tx, biz.id, sale);
      const invoiceId = await this.invoices.cancelForSale(tx, biz.id, sale.id);
      await this.finance.record(tx, {
        businessId: biz.id,
        type: 'refund',
        category: 'sales',
        amount: sale.total,
        description: `Refund of cancelled order ${sale.sale_number}`,
        saleId: sale.id,
        invoiceId,
        occurredOn: null,
        timezone: biz.timezone,
      });
      const cancelledAt = await this.markCancelled(tx, biz.id, sale.id, dto.reason ?? null);
      tx.record(
        new SaleCancelledEvent(biz.id, {
          sale_id: sale.id,
          sale_number: sale.sale_number,
          total: moneyNumber(sale.total),
          customer_id: sale.customer_id,
          reason: dto.reason ?? null,
          restocked: restock,
          points_reversed: pointsReversed,
          refund_amount: moneyNumber(sale.total),
          invoice_id: invoiceId,
          cancelled_at: cancelledAt.toISOString(),
        }),
      );
      await this.rollups.invalidate(tx, biz.id, sale.created_at);
    });
    return this.reader.get(biz, saleId);
  }

  /** 404 for a sale of another business; 409 unless it is completed. */
  private async lockSale(tx: Tx, businessId: string, saleId: string): Promise<LockedSale> {
    const sale = await tx.one<LockedSale>(
      `SELECT id, sale_number, status, customer_id, total, loyalty_points_earned, created_at
         FROM sales WHERE business_id = $1 AND id = $2 FOR UPDATE`,
      [businessId, saleId],
    );
    if (!sale) throw DomainError.notFound('Order');
    if (sale.status !== 'completed') {
      throw new DomainError('INVALID_STATUS_TRANSITION', `An order that is ${sale.status} cannot be cancelled`, [{ from: sale.status, to: 'cancelled' }]);
    }
    return sale;
  }

  /** The sale leaves its customer's totals and takes back the points it earned; returns how many. */
  private async reverseForCustomer(tx: Tx, businessId: string, sale: LockedSale): Promise<number> {
    if (!sale.customer_id) return 0;
    await this.customers.reversePurchase(tx, businessId, sale.customer_id, sale.id, sale.total);
    const earned = pointsNumber(sale.loyalty_points_earned);
    if (earned <= 0) return 0;
    return this.loyalty.reverseForSale(tx, {
      businessId,
      customerId: sale.customer_id,
      saleId: sale.id,
      saleNumber: sale.sale_number,
      points: earned,
    });
  }

  private async markCancelled(tx: Tx, businessId: string, saleId: string, reason: string | null): Promise<Date> {
    const [row] = await tx.query<{ cancelled_at: Date }>(
      `UPDATE sales SET status = 'cancelled', payment_status = 'refunded', cancelled_at = now(), cancel_reason = $3, updated_at = now()
        WHERE business_id = $1 AND id = $2
       RETURNING cancelled_at`,
      [businessId, saleId, reason],
    );
    return row.cancelled_at;
  }
}
