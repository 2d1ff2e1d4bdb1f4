import { DocumentModel } from '../document-model';
import { renderDocument } from './render-document';

/** The whole PDF in memory: a mail's attachment. */
export function renderDocumentToBuffer(model: DocumentModel): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const doc = renderDocument(model);
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
