import { Injectable, StreamableFile } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { DocumentReader } from './document.reader';
import { PdfRenderer } from './pdf/pdf-renderer';
import type { RenderModel } from './pdf/render-worker';
import { ReceiptReader } from './receipt.reader';

/** GET /invoices/:id/pdf, GET /credit-notes/:id/pdf and GET /orders/:id/receipt: read (404 for another business's), then rendered as a stream. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly reader: DocumentReader,
    private readonly renderer: PdfRenderer,
    private readonly receipts: ReceiptReader,
  ) {}

  async invoicePdf(biz: BusinessContext, id: string, clientGone: AbortSignal): Promise<StreamableFile> {
    return this.pdfFile((await this.reader.invoice(biz, id)).model, clientGone);
  }

  async creditNotePdf(biz: BusinessContext, id: string, clientGone: AbortSignal): Promise<StreamableFile> {
    return this.pdfFile(await this.reader.creditNote(biz, id), clientGone);
  }

  async receiptPdf(biz: BusinessContext, orderId: string, clientGone: AbortSignal): Promise<StreamableFile> {
    return this.pdfFile((await this.receipts.receipt(biz, orderId)).model, clientGone);
  }

  /** inline; filename="INV-0001.pdf" (or "S-0042.pdf"): a document number is letters, digits and a dash, safe in the header as is. */
  private pdfFile(model: RenderModel, clientGone: AbortSignal): StreamableFile {
    return new StreamableFile(this.renderer.render(model, clientGone), { type: 'application/pdf', disposition: `inline; filename="${model.number}.pdf"` });
  }
}
