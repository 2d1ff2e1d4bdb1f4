import { saleTaxLines } from '../taxes/refund-tax-lines.reader';
import { activityOf } from '../../common/activity/activity-of';
import { Inject, Injectable } from '@nestjs/common';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { APP_CONFIG, AppConfig } from '../../config/app-config';
import { findInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { Customer } from '../customers/entities/customer.entity';
import { InvoiceEmail } from '../invoices/entities/invoice-email.entity';
import { InvoiceItem } from '../invoices/entities/invoice-item.entity';
import { Invoice } from '../invoices/entities/invoice.entity';
import { InvoiceJson, toInvoiceJson } from '../invoices/invoice.mapper';
import { invoiceItemsOf, latestEmailsOf } from '../invoices/invoices.reader';
import { SendInvoiceDto } from './dto/send-invoice.dto';
import { MailDispatcher } from './mail/mail-dispatcher';
import { queueInvoiceEmail } from './persistence/mail-outbox.sql';
import { currentTraceparent } from '../../common/tracing/trace-context';

/** POST /invoices/:id/send: the mail queued in the outbox in the request's transaction, sent after it (MailDispatcher). */
@Injectable()
export class InvoiceSendingService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dispatcher: MailDispatcher,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * 404 for another business's invoice, 422 EMAIL_NOT_CONFIGURED without SMTP_URL, 422 NO_RECIPIENT
   * without `to` or a customer email; else 202 with the invoice, its `email` pending.
   */
  async send(biz: BusinessContext, id: string, dto: SendInvoiceDto): Promise<InvoiceJson> {
    const json = await this.uow.run(async (tx) => {
      const invoice = await findInBusiness(tx.getRepository(Invoice), biz.id, id, 'Invoice');
      if (!this.config.smtpUrl) throw new DomainError('EMAIL_NOT_CONFIGURED');
      const recipient = dto.to?.trim() ?? (await customerEmail(tx.getRepository(Customer), biz.id, invoice.customerId));
      if (!recipient) throw new DomainError('NO_RECIPIENT');
      await tx.run(queueInvoiceEmail, [biz.id, invoice.id, recipient, this.config.mailMaxAttempts, currentTraceparent()]);
      tx.recordActivity(activityOf(biz, 'invoices.send', { type: 'invoice', id: invoice.id, label: invoice.invoiceNumber }, { email_to: [null, recipient] }));
      return invoiceJson(tx, biz.id, invoice);
    });
    this.dispatcher.wake();
    return json;
  }
}

/** The customer's email: the default recipient of an invoice's or a receipt's mail. */
export async function customerEmail(repo: Repository<Customer>, businessId: string, customerId: string | null): Promise<string | null> {
  if (!customerId) return null;
  const customer = await repo.findOne({ select: { id: true, email: true }, where: { businessId, id: customerId } });
  return customer?.email ?? null;
}

async function invoiceJson(tx: Tx, businessId: string, invoice: Invoice): Promise<InvoiceJson> {
  const items = await invoiceItemsOf(tx.getRepository(InvoiceItem), businessId, [invoice.id]);
  const emails = await latestEmailsOf(tx.getRepository(InvoiceEmail), businessId, [invoice.id]);
  const tax = invoice.saleId ? (await saleTaxLines(tx.manager, businessId, [invoice.saleId])).get(invoice.saleId) : null;
  return toInvoiceJson(invoice, items.get(invoice.id) ?? [], emails.get(invoice.id) ?? null, tax ?? null);
}
