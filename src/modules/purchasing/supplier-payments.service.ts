import { activityOf } from '../../common/activity/activity-of';
import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { dec, moneyNumber, moneyString } from '../../common/money/money';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { FinanceTransactionJson, toFinanceTransactionJson } from '../finance/finance.mapper';
import { FinanceService } from '../finance/finance.service';
import { CreateSupplierPaymentDto } from './dto/create-supplier-payment.dto';
import { PurchaseOrder } from './entities/purchase-order.entity';
import { ReceiptItem } from './entities/receipt-item.entity';
import { Receipt } from './entities/receipt.entity';
import { purchaseOrderResource, lockForAction } from './purchase-orders.service';
import { ReceivedLine, supplierPayable } from './supplier-payable';

/** The finance category of supplier payments. */
export const PURCHASES_CATEGORY = 'purchases';

/**
 * POST /purchase-orders/:id/payments (docs/api.md 13): a payment to the supplier, booked as a finance
 * expense (category `purchases`) that names the order, and added to its `paid_amount`, under the
 * order's row lock, so parallel payments never pay more than the order is worth: its total, or once
 * cancelled min(total, value received) (supplier-payable.ts; 422 OVERPAYMENT; a CHECK backs the total).
 */
@Injectable()
export class SupplierPaymentsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly finance: FinanceService,
  ) {}

  async pay(biz: BusinessContext, purchaseOrderId: string, dto: CreateSupplierPaymentDto): Promise<FinanceTransactionJson> {
    return this.uow.run(async (tx) => {
      const order = await lockForAction(tx, biz.id, purchaseOrderId, 'pay', 'paid');
      const limit = supplierPayable(order, order.status === 'cancelled' ? await receivedLines(tx, biz.id, order.id) : []);
      const paidAfter = dec(order.paidAmount).plus(dto.amount);
      if (paidAfter.greaterThan(limit)) {
        throw new DomainError('OVERPAYMENT', undefined, [
          { paid_amount: moneyNumber(order.paidAmount), payable: moneyNumber(limit), requested: moneyNumber(dto.amount) },
        ]);
      }
      const booked = await this.finance.record(tx, {
        businessId: biz.id,
        type: 'expense',
        category: PURCHASES_CATEGORY,
        amount: moneyString(dto.amount),
        description: `Payment of ${order.purchaseOrderNumber}${dto.method ? ` by ${dto.method}` : ''}`,
        referenceId: order.id,
        occurredOn: dto.date ?? null,
        timezone: biz.timezone,
      });
      await tx.getRepository(PurchaseOrder).update({ businessId: biz.id, id: order.id }, { paidAmount: moneyString(paidAfter), updatedAt: new Date() });
      tx.recordActivity(
        activityOf(biz, 'purchase_orders.pay', purchaseOrderResource(order), { paid_amount: [moneyNumber(order.paidAmount), moneyNumber(paidAfter)] }),
      );
      return toFinanceTransactionJson(booked, biz.currency);
    });
  }
}

/** The order's receipt lines: what was received, each at the unit cost it was received at. */
async function receivedLines(tx: Tx, businessId: string, purchaseOrderId: string): Promise<ReceivedLine[]> {
  return tx
    .getRepository(ReceiptItem)
    .createQueryBuilder('i')
    .innerJoin(Receipt, 'r', 'r.business_id = i.business_id AND r.id = i.receipt_id')
    .where('i.business_id = :businessId AND r.purchase_order_id = :purchaseOrderId', { businessId, purchaseOrderId })
    .getMany();
}
