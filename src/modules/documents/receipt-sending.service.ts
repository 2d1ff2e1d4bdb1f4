import { Inject, Injectable } from '@nestjs/common';
import { activityOf } from '../../common/activity/activity-of';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { currentTraceparent } from '../../common/tracing/trace-context';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { findInBusiness } from '../../database/repository-helpers';
import { UnitOfWork } from '../../database/unit-of-work';
import { Customer } from '../customers/entities/customer.entity';
import { Sale } from '../orders/entities/sale.entity';
import { SendReceiptDto } from './dto/send-receipt.dto';
import { customerEmail } from './invoice-sending.service';
import { MailDispatcher } from './mail/mail-dispatcher';
import { queueReceiptEmail } from './persistence/mail-outbox.sql';
import { ReceiptEmailJson } from './receipt-email.json';

/** POST /orders/:id/receipt/send: the mail queued in the outbox in the request's transaction, sent after it (MailDispatcher, ReceiptMailComposer). */
@Injectable()
export class ReceiptSendingService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dispatcher: MailDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * As invoices are sent (docs/api.md 17): 404 for another business's order, 422 EMAIL_NOT_CONFIGURED
   * without SMTP_URL, 422 NO_RECIPIENT without `to` or a customer email; else 202, the mail pending.
   */
  async send(biz: BusinessContext, orderId: string, dto: SendReceiptDto): Promise<ReceiptEmailJson> {
    const json = await this.uow.run(async (tx) => {
      const sale = await findInBusiness(tx.getRepository(Sale), biz.id, orderId, 'Order');
      if (!this.config.smtpUrl) throw new DomainError('EMAIL_NOT_CONFIGURED');
      const recipient = dto.to?.trim() ?? (await customerEmail(tx.getRepository(Customer), biz.id, sale.customerId));
      if (!recipient) throw new DomainError('NO_RECIPIENT');
      await tx.run(queueReceiptEmail, [biz.id, sale.id, recipient, this.config.mailMaxAttempts, currentTraceparent()]);
      tx.recordActivity(activityOf(biz, 'orders.send_receipt', { type: 'order', id: sale.id, label: sale.saleNumber }, { email_to: [null, recipient] }));
      return {
        order_id: sale.id,
        order_number: sale.saleNumber,
        email: { status: 'pending' as const, to: recipient, attempts: 0, last_error: null, sent_at: null },
      };
    });
    this.dispatcher.wake();
    return json;
  }
}
