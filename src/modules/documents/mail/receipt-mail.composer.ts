import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { PdfRenderer } from '../pdf/pdf-renderer';
import { ClaimedMailRow } from '../persistence/mail-outbox.sql';
import { ReceiptReader } from '../receipt.reader';
import { ComposedMail, MailComposer, MailKinds } from './mail-kinds';
import { composeReceiptMail } from './receipt-mail';
import { systemBusinessContext } from './system-business';

/**
 * Composes the outbox's receipt mails (POST /orders/:id/receipt/send): the order read when the mail
 * is sent (its refunds so far included), its receipt rendered in its business's turn and attached.
 */
@Injectable()
export class ReceiptMailComposer implements MailComposer, OnModuleInit {
  constructor(
    private readonly kinds: MailKinds,
    private readonly dataSource: DataSource,
    private readonly receipts: ReceiptReader,
    private readonly renderer: PdfRenderer,
  ) {}

  onModuleInit(): void {
    this.kinds.register('receipt', this);
  }

  async compose(row: ClaimedMailRow, from: string): Promise<ComposedMail> {
    if (!row.business_id || !row.sale_id) return { dropped: 'a receipt mail without its order' };
    const biz = await systemBusinessContext(this.dataSource, row.business_id);
    const { model } = await this.receipts.receipt(biz, row.sale_id);
    const pdf = await this.renderer.renderToBuffer(model);
    return { mail: composeReceiptMail(model, row.recipient, from, pdf) };
  }
}
