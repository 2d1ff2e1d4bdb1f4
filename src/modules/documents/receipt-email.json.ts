import { ApiProperty } from '@nestjs/swagger';
import { InvoiceEmailJson } from '../invoices/invoice.mapper';

/** 202 of POST /orders/:id/receipt/send: the receipt's mail as queued (the shape of an invoice's `email`). */
export class ReceiptEmailJson {
  @ApiProperty({ format: 'uuid' }) order_id: string;
  @ApiProperty({ example: 'S-0042' }) order_number: string;
  @ApiProperty({ type: InvoiceEmailJson, description: '`pending`: queued with this request, sent after it' }) email: InvoiceEmailJson;
}
