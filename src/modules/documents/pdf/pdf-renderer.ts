import { Injectable, Logger } from '@nestjs/common';
import { extname, join } from 'path';
import { PassThrough, Readable } from 'stream';
import { Worker } from 'worker_threads';
import { DocumentModel } from '../document-model';
import type { RenderJob, RenderReply } from './render-worker';

/**
 * Renders documents on a worker thread of its own, streaming each PDF back chunk by chunk. Laying out
 * and subsetting a font is CPU work (50-100 ms a one-page invoice, measured): on the event loop it held
 * up every request of the process, and an order holding the product's stock lock meanwhile held up
 * every order of the database (30 concurrent orders with mail on: 503s). Jobs run one at a time in
 * the order given, on the process's one thread (PdfThread), started on first use and again after a crash.
 */
@Injectable()
export class PdfRenderer {
  /** The PDF of `model` as a stream; an error of the worker ends it with that error. */
  render(model: DocumentModel): Readable {
    return pdfThread.render(model);
  }

  /** The whole PDF in memory (a mail's attachment). */
  async renderToBuffer(model: DocumentModel): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for (const chunk of await collect(this.render(model))) chunks.push(chunk);
    return Buffer.concat(chunks);
  }
}

async function collect(stream: Readable): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return chunks;
}

/**
 * The one worker thread of the process, shared by every app instance in it (tests run several) and
 * never terminated: it is unref'd while idle, so it keeps no process alive, and terminating a thread that loaded
 * a native addon and starting another crashed the process (a segfault, seen in the e2e run).
 */
class PdfThread {
  private readonly logger = new Logger('Pdf');
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly streams = new Map<number, PassThrough>();

  render(model: DocumentModel): Readable {
    const id = this.nextId++;
    const out = new PassThrough();
    this.streams.set(id, out);
    const worker = this.ensureWorker();
    worker.ref(); // held while a job runs, so a job never outlives its process's last other handle
    worker.postMessage({ id, model } satisfies RenderJob);
    return out;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker();
    worker.on('message', (reply: RenderReply) => this.onReply(reply));
    worker.on('error', (err) => this.onExit(worker, err));
    worker.on('exit', () => this.onExit(worker, new Error('the PDF worker stopped')));
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private onReply(reply: RenderReply): void {
    const out = this.streams.get(reply.id);
    if (!out) return;
    if ('chunk' in reply) out.write(Buffer.from(reply.chunk.buffer, reply.chunk.byteOffset, reply.chunk.byteLength));
    else {
      this.streams.delete(reply.id);
      if (this.streams.size === 0) this.worker?.unref();
      if ('end' in reply) out.end();
      else out.destroy(new Error(reply.error));
    }
  }

  /** Every stream under way fails; the next render starts a new worker. */
  private onExit(worker: Worker, err: Error): void {
    if (this.worker === worker) this.worker = null;
    if (this.streams.size > 0) this.logger.error({ msg: 'PDF worker failed', error: err.message });
    for (const out of this.streams.values()) out.destroy(err);
    this.streams.clear();
  }
}

const pdfThread = new PdfThread();

/**
 * The worker script beside this file: JavaScript when built; TypeScript under ts-node or jest,
 * transpiled in the worker by TypeScript itself (no native addon in the thread).
 */
function startWorker(): Worker {
  const script = join(__dirname, `render-worker${extname(__filename)}`);
  if (extname(__filename) === '.js') return new Worker(script);
  const bootstrap = `require('ts-node').register({ transpileOnly: true, swc: false, compilerOptions: { module: 'commonjs' } }); require(${JSON.stringify(script)});`;
  return new Worker(bootstrap, { eval: true });
}
