import { parentPort, workerData } from 'worker_threads';
import { DocumentModel } from '../document-model';
import { ReceiptModel } from '../receipt-model';
import { renderDocument } from './render-document';
import { renderReceipt } from './render-receipt';

/** What the worker renders: an invoice or credit note (A4), or a till receipt (80 mm). */
export type RenderModel = DocumentModel | ReceiptModel;

/** A job of the PDF worker thread (PdfRenderer): render `model`, stream back its chunks. */
export interface RenderJob {
  id: number;
  model: RenderModel;
}

/** The model's layout: its PDF, `stopped` asked between blocks. */
export function renderModel(model: RenderModel, stopped: () => boolean): PDFKit.PDFDocument {
  return 'kind' in model && model.kind === 'receipt' ? renderReceipt(model, stopped) : renderDocument(model as DocumentModel, stopped);
}

/** What the worker is started with: `stop[0]` holds the id of a job to stop (its client has gone). */
export interface RenderWorkerData {
  stop: Int32Array;
}

/** What the worker sends back for a job: chunks in order, then the end, or an error. */
export type RenderReply = { id: number; chunk: Uint8Array } | { id: number; end: true } | { id: number; error: string };

const { stop } = (workerData ?? { stop: new Int32Array(1) }) as RenderWorkerData;

parentPort?.on('message', (job: RenderJob) => {
  try {
    const doc = renderModel(job.model, () => Atomics.load(stop, 0) === job.id);
    doc.on('data', (chunk: Buffer) => parentPort!.postMessage({ id: job.id, chunk }));
    doc.on('end', () => parentPort!.postMessage({ id: job.id, end: true }));
    doc.on('error', (err: Error) => parentPort!.postMessage({ id: job.id, error: err.message }));
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: (err as Error).message });
  }
});
