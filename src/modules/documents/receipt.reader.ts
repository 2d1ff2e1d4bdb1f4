import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { pointsNumber } from '../../common/money/points';
import { localDateTime } from '../../common/time/local-date';
import { Business } from '../businesses/entities/business.entity';
import { Customer } from '../customers/entities/customer.entity';
import { LoyaltyAccount } from '../loyalty/entities/loyalty-account.entity';
import { OrderJson } from '../orders/order.mapper';
import { OrdersReader } from '../orders/orders.reader';
import { documentTaxLines } from './document-model';
import { ReceiptModel, ReceiptTaxLine, wordsOf } from './receipt-model';

/**
 * An order's receipt (docs/api.md 21), read as the API shows the order (OrdersReader: another
 * business's id is its 404) plus what only the receipt prints: the letterhead and receipt footer, the
 * customer's name and loyalty balance, the time in the business zone.
 */
@Injectable()
export class ReceiptReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly orders: OrdersReader,
  ) {}

  async receipt(biz: BusinessContext, orderId: string): Promise<{ model: ReceiptModel; order: OrderJson; customerEmail: string | null }> {
    const order = await this.orders.get(biz, orderId);
    const db = this.dataSource.manager;
    const [business, customer, account] = await Promise.all([
      db.getRepository(Business).findOneByOrFail({ id: biz.id }),
      order.customer_id
        ? db.getRepository(Customer).findOne({ select: { id: true, name: true, email: true }, where: { businessId: biz.id, id: order.customer_id } })
        : null,
      order.customer_id ? db.getRepository(LoyaltyAccount).findOneBy({ businessId: biz.id, customerId: order.customer_id }) : null,
    ]);
    const perRate = documentTaxLines(order.tax_lines);
    // one line per rate; the one figure of an order whose tax was given (or of a business without rates)
    const taxLines: ReceiptTaxLine[] =
      perRate.length > 0
        ? perRate.map((l) => ({ name: l.name, rate: l.rate, net: l.taxable, tax: l.tax }))
        : [{ name: 'Tax', rate: null, net: null, tax: order.tax_amount }];
    const model: ReceiptModel = {
      kind: 'receipt',
      businessId: biz.id,
      number: order.order_number,
      currency: order.currency,
      seller: {
        name: business.name,
        legalName: business.legalName,
        addressLines: business.addressLines ?? [],
        taxId: business.taxId,
        phone: business.phone,
        email: business.email,
      },
      // a receipt shows the minute
      soldAt: localDateTime(new Date(order.created_at), business.timezone).slice(0, 16),
      createdAt: order.created_at,
      soldBy: order.created_by?.name ?? null,
      customer: customer?.name ?? null,
      status: order.status === 'completed' ? null : wordsOf(order.status),
      lines: order.items.map((item) => ({
        name: item.product_name,
        quantity: item.quantity,
        unitPrice: item.unit_price,
        discount: item.discount,
        total: item.total,
      })),
      subtotal: order.subtotal,
      discount: order.discount_amount,
      shipping: order.shipping_amount,
      taxLines,
      pricesIncludeTax: order.tax_included,
      total: order.total,
      refunded: order.refunded_amount,
      paymentMethod: order.payment_method,
      tendered: order.cash_tendered,
      change: order.change_due,
      loyalty: order.customer_id ? { earned: order.loyalty_points_earned, balance: pointsNumber(account?.balance ?? null) } : null,
      footer: business.receiptFooter,
    };
    return { model, order, customerEmail: customer?.email ?? null };
  }
}
