import { parentPort, workerData } from 'worker_threads';
import { DocumentModel } from '../document-model';
import { renderDocument } from './render-document';

/** A job of the PDF worker thread (PdfRenderer): render `model`, stream back its chunks. */
export interface RenderJob {
  id: number;
  model: DocumentModel;
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
    const doc = renderDocument(job.model, () => Atomics.load(stop, 0) === job.id);
    doc.on('data', (chunk: Buffer) => parentPort!.postMessage({ id: job.id, chunk }));
    doc.on('end', () => parentPort!.postMessage({ id: job.id, end: true }));
    doc.on('error', (err: Error) => parentPort!.postMessage({ id: job.id, error: err.message }));
  } catch (err) {
    parentPort!.postMessage({ id: job.id, error: (err as Error).message });
  }
});
