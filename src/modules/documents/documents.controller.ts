import { RequiresScope } from '../../common/auth/requires-scope.decorator';
import { Body, Controller, Get, HttpCode, Post, StreamableFile } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { BusinessContext, CurrentBusiness } from '../../common/auth/business-context';
import { ClientGone } from '../../common/http/client-gone';
import { Endpoint } from '../../common/openapi/endpoint.decorator';
import { UuidParam } from '../../common/validation/uuid-param';
import { InvoiceJson } from '../invoices/invoice.mapper';
import { DocumentsService } from './documents.service';
import { SendInvoiceDto } from './dto/send-invoice.dto';
import { InvoiceSendingService } from './invoice-sending.service';
import { SendReceiptDto } from './dto/send-receipt.dto';
import { ReceiptEmailJson } from './receipt-email.json';
import { ReceiptSendingService } from './receipt-sending.service';

/** An invoice's PDF and its sending (docs/api.md 17). */
@ApiTags('invoices')
@ApiBearerAuth()
@Controller('invoices')
export class InvoiceDocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly sending: InvoiceSendingService,
  ) {}

  @Get(':id/pdf')
  @RequiresScope('invoices')
  @Endpoint({ summary: 'The invoice as a PDF (A4), streamed', file: 'application/pdf', errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'] })
  pdf(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @ClientGone() clientGone: AbortSignal): Promise<StreamableFile> {
    return this.documents.invoicePdf(biz, id, clientGone);
  }

  /** 202: the mail is queued with this request's commit and sent after it; its status is the invoice's `email`. */
  @Post(':id/send')
  @RequiresScope('invoices')
  @HttpCode(202)
  @Endpoint({
    idempotent: true,
    summary: "Email the invoice with its PDF (default recipient: the customer's email); 202, sent in the background",
    status: 202,
    response: InvoiceJson,
    body: true,
    errors: ['NOT_FOUND', 'NO_RECIPIENT', 'EMAIL_NOT_CONFIGURED'],
  })
  send(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: SendInvoiceDto): Promise<InvoiceJson> {
    return this.sending.send(biz, id, dto);
  }
}

@ApiTags('credit-notes')
@ApiBearerAuth()
@Controller('credit-notes')
export class CreditNoteDocumentsController {
  constructor(private readonly documents: DocumentsService) {}

  @Get(':id/pdf')
  @RequiresScope('invoices')
  @Endpoint({ summary: 'The credit note as a PDF (A4), streamed', file: 'application/pdf', errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'] })
  pdf(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @ClientGone() clientGone: AbortSignal): Promise<StreamableFile> {
    return this.documents.creditNotePdf(biz, id, clientGone);
  }
}

/**
 * An order's till receipt and its sending (docs/api.md 21). Scope: the order's reader's, as an
 * invoice is sent with the scope that reads it; mailing a receipt discloses nothing GET /orders/:id
 * does not, and a cashier (sales, orders:read, customers) prints and mails the sale's receipt.
 */
@ApiTags('orders')
@ApiBearerAuth()
@Controller('orders')
export class ReceiptDocumentsController {
  constructor(
    private readonly documents: DocumentsService,
    private readonly sending: ReceiptSendingService,
  ) {}

  @Get(':id/receipt')
  @RequiresScope('orders:read')
  @Endpoint({
    summary: "The order's receipt as a PDF (80 mm wide, one page), streamed",
    file: 'application/pdf',
    errors: ['VALIDATION_FAILED', 'NOT_FOUND', 'RATE_LIMITED'],
  })
  receipt(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @ClientGone() clientGone: AbortSignal): Promise<StreamableFile> {
    return this.documents.receiptPdf(biz, id, clientGone);
  }

  /** 202: the mail is queued with this request's commit and sent after it. */
  @Post(':id/receipt/send')
  @RequiresScope('orders:read')
  @HttpCode(202)
  @Endpoint({
    idempotent: true,
    summary: "Email the order's receipt as a PDF (default recipient: the customer's email); 202, sent in the background",
    status: 202,
    response: ReceiptEmailJson,
    body: true,
    errors: ['NOT_FOUND', 'NO_RECIPIENT', 'EMAIL_NOT_CONFIGURED'],
  })
  send(@CurrentBusiness() biz: BusinessContext, @UuidParam('id') id: string, @Body() dto: SendReceiptDto): Promise<ReceiptEmailJson> {
    return this.sending.send(biz, id, dto);
  }
}
