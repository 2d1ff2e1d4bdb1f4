import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '../../../config/app-config';
import { Tx } from '../../../database/transaction';
import type { SaleStatement } from '../../orders/persistence/sale-statement';
import type { SaleEffect, SaleShape } from '../../orders/sale-effect';
import { SaleDraft } from '../../orders/sale-draft';
import { SaleEffectProvider } from '../../orders/sale-effects';
import { addSaleInvoiceEmail } from '../persistence/mail-sale.sql';

const REMEMBERED_SALES = 10_000;

/**
 * `send_invoice: true` really sends (docs/api.md 17): with SMTP configured, an order with an invoice
 * and a customer queues the invoice's mail in its numbered statement (to the customer's email, when
 * the customer has one), so it commits with the order or not at all; the MailDispatcher sends it
 * after commit. Nothing to check, lock or undo: a cancelled or returned order keeps the mail it sent.
 */
@Injectable()
@SaleEffectProvider()
export class MailSaleEffect implements SaleEffect {
  readonly module = 'documents';
  readonly lock = null;
  readonly shapes: SaleShape[] = [{}, { customer: true, invoice: true }];
  /** sales whose statement queued a mail, until their commit is seen (MailCommitsListener) */
  private readonly queued = new Set<string>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  addToSale(stmt: SaleStatement, sale: SaleDraft): void {
    if (!this.config.smtpUrl || !sale.invoice_id || !sale.customer_id) return;
    addSaleInvoiceEmail(stmt, sale.invoice_id, sale.customer_id, this.config.mailMaxAttempts);
    if (this.queued.size >= REMEMBERED_SALES) this.queued.clear(); // rolled-back orders' ids; the poll finds what is forgotten
    this.queued.add(sale.id);
  }

  /** True once for a committed sale whose statement queued a mail. */
  committed(saleId: string): boolean {
    return this.queued.delete(saleId);
  }

  async reverseSale(_tx: Tx): Promise<void> {
    // nothing: a mail sent stays sent; one still queued is sent (the invoice it shows is cancelled or credited)
  }
}
