import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module';
import { CreditNoteDocumentsController, InvoiceDocumentsController } from './documents.controller';
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

/**
 * Invoices and credit notes as documents (docs/api.md 17): their PDFs, and invoices mailed with
 * theirs through an outbox (invoice_emails) sent by the MailDispatcher; an order's mail is queued by
 * MailSaleEffect, a sale effect like any other.
 */
@Module({
  imports: [InvoicesModule],
  controllers: [InvoiceDocumentsController, CreditNoteDocumentsController],
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
  ],
  exports: [MailDispatcher, MailKinds],
})
export class DocumentsModule {}
