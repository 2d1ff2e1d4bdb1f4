import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module';
import { OrdersModule } from '../orders/orders.module';
import { CreditNoteDocumentsController, InvoiceDocumentsController, ReceiptDocumentsController } from './documents.controller';
import { DocumentsService } from './documents.service';
import { DocumentReader } from './document.reader';
import { InvoiceSendingService } from './invoice-sending.service';
import { MailCommitsListener } from './mail/mail-commits.listener';
import { MailDispatcher } from './mail/mail-dispatcher';
import { MailKinds } from './mail/mail-kinds';
import { MailOutboxStore } from './mail/mail-outbox.store';
import { MailSaleEffect } from './mail/mail-sale.effect';
import { MailSender } from './mail/mail-sender';
import { PdfRenderer } from './pdf/pdf-renderer';
import { ReceiptMailComposer } from './mail/receipt-mail.composer';
import { ReceiptSendingService } from './receipt-sending.service';
import { ReceiptReader } from './receipt.reader';

/**
 * Invoices and credit notes as documents (docs/api.md 17): their PDFs, and invoices mailed with
 * theirs through an outbox (invoice_emails) sent by the MailDispatcher; an order's mail is queued by
 * MailSaleEffect, a sale effect like any other. Orders' till receipts (docs/api.md 21): their PDFs,
 * rendered by the same worker in the same fair queue, and mailed through the same outbox.
 */
@Module({
  imports: [InvoicesModule, OrdersModule],
  controllers: [InvoiceDocumentsController, CreditNoteDocumentsController, ReceiptDocumentsController],
  providers: [
    PdfRenderer,
    DocumentReader,
    DocumentsService,
    InvoiceSendingService,
    MailSender,
    MailOutboxStore,
    MailDispatcher,
    MailKinds,
    MailSaleEffect,
    MailCommitsListener,
    ReceiptReader,
    ReceiptSendingService,
    ReceiptMailComposer,
  ],
  exports: [MailDispatcher, MailKinds],
})
export class DocumentsModule {}
