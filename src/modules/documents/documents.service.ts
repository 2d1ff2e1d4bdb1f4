import { Injectable, StreamableFile } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { DocumentModel } from './document-model';
import { DocumentReader } from './document.reader';
import { PdfRenderer } from './pdf/pdf-renderer';

/** GET /invoices/:id/pdf and GET /credit-notes/:id/pdf: read (404 for another business's), then rendered as a stream. */
@Injectable()
export class DocumentsService {
  constructor(
    private readonly reader: DocumentReader,
    private readonly renderer: PdfRenderer,
  ) {}

  async invoicePdf(biz: BusinessContext, id: string, clientGone: AbortSignal): Promise<StreamableFile> {
    return this.pdfFile((await this.reader.invoice(biz, id)).model, clientGone);
  }

  async creditNotePdf(biz: BusinessContext, id: string, clientGone: AbortSignal): Promise<StreamableFile> {
    return this.pdfFile(await this.reader.creditNote(biz, id), clientGone);
  }

  /** inline; filename="INV-0001.pdf": a document number is letters, digits and a dash, safe in the header as is. */
  private pdfFile(model: DocumentModel, clientGone: AbortSignal): StreamableFile {
    return new StreamableFile(this.renderer.render(model, clientGone), { type: 'application/pdf', disposition: `inline; filename="${model.number}.pdf"` });
  }
}
