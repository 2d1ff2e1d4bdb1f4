import { Injectable, Logger } from '@nestjs/common';
import { extname, join } from 'path';
import { PassThrough, Readable } from 'stream';
import { Worker } from 'worker_threads';
import { RetryLaterError } from '../../../common/errors/domain-error';
import { FairQueue } from './fair-queue';
import type { RenderJob, RenderModel, RenderReply, RenderWorkerData } from './render-worker';

/** How many PDF requests of one business may wait for the renderer (docs/api.md 17); more are 429. */
export const PDF_QUEUE_PER_BUSINESS = 20;

/**
 * Renders documents on a worker thread of its own, streaming each PDF back chunk by chunk. Laying out
 * and subsetting a font is CPU work (50-100 ms a one-page invoice, measured): on the event loop it held
 * up every request of the process, and an order holding the product's stock lock meanwhile held up
 * every order of the database (30 concurrent orders with mail on: 503s). Jobs run one at a time on the
 * process's one thread (PdfThread), started on first use and again after a crash, taken from a queue
 * per business in turn: one business's 60 PDFs (abandoned ones took another's from 87 ms to 11.4 s)
 * delay another's by one render at most.
 */
@Injectable()
export class PdfRenderer {
  /**
   * The PDF of `model` as a stream; an error of the worker ends it with that error. Once `clientGone`
   * aborts (already, or later) the render is not queued, leaves the queue, or stops while it runs. A
   * business with PDF_QUEUE_PER_BUSINESS renders waiting already: 429 RATE_LIMITED with Retry-After.
   */
  render(model: RenderModel, clientGone: AbortSignal): Readable {
    return pdfThread.render(model, clientGone);
  }

  /** The whole PDF in memory (a mail's attachment): in its business's turn, never refused (MAIL_CONCURRENCY bounds mail). */
  async renderToBuffer(model: RenderModel): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of pdfThread.render(model)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}

interface Job {
  id: number;
  model: RenderModel;
  out: PassThrough;
  done: boolean;
}

/**
 * The one worker thread of the process, shared by every app instance in it (tests run several) and
 * never terminated: it is unref'd while idle, so it keeps no process alive, and terminating a thread that loaded
 * a native addon and starting another crashed the process (a segfault, seen in the e2e run). It is given
 * one job at a time, so the queue (and who goes next) stays here; a running job is stopped through
 * `stop`, memory the worker reads between a document's blocks.
 */
class PdfThread {
  private readonly logger = new Logger('Pdf');
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly queue = new FairQueue<Job>(PDF_QUEUE_PER_BUSINESS);
  private running: Job | null = null;
  /** the id of the job to stop: the worker stops its job when it finds the job's id here */
  private readonly stop = new Int32Array(new SharedArrayBuffer(4));
  /** recent time a render takes, for Retry-After */
  private renderMs = 200;
  private startedAt = 0;

  /** With `clientGone`, a request's render: bounded, dropped when it aborts; without, a mail's. */
  render(model: RenderModel, clientGone?: AbortSignal): Readable {
    const job: Job = { id: this.nextId++, model, out: new PassThrough(), done: false };
    if (clientGone?.aborted) return job.out.destroy(); // nobody reads it
    if (!this.queue.push(model.businessId, job, clientGone !== undefined)) {
      const seconds = Math.max(1, Math.ceil((PDF_QUEUE_PER_BUSINESS * this.renderMs) / 1000));
      throw new RetryLaterError('RATE_LIMITED', `${PDF_QUEUE_PER_BUSINESS} documents of this business are waiting to be rendered; retry later`, seconds);
    }
    if (clientGone) {
      const abandon = () => this.abandon(job);
      clientGone.addEventListener('abort', abandon, { once: true });
      job.out.once('close', () => clientGone.removeEventListener('abort', abandon));
    }
    this.next();
    return job.out;
  }

  /** Its client has gone: a waiting job leaves the queue, the running one is told to stop. */
  private abandon(job: Job): void {
    if (job.done) return;
    if (this.running === job) Atomics.store(this.stop, 0, job.id);
    else this.queue.remove(job.model.businessId, job);
    job.out.destroy();
  }

  private next(): void {
    if (this.running) return;
    const job = this.queue.shift();
    if (!job) {
      this.worker?.unref();
      return;
    }
    this.running = job;
    this.startedAt = Date.now();
    const worker = this.ensureWorker();
    worker.ref(); // held while a job runs, so a job never outlives its process's last other handle
    worker.postMessage({ id: job.id, model: job.model } satisfies RenderJob);
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = startWorker({ stop: this.stop });
    worker.on('message', (reply: RenderReply) => this.onReply(reply));
    worker.on('error', (err) => this.onExit(worker, err));
    worker.on('exit', () => this.onExit(worker, new Error('the PDF worker stopped')));
    this.worker = worker;
    return worker;
  }

  private onReply(reply: RenderReply): void {
    const job = this.running;
    if (!job || job.id !== reply.id) return;
    if ('chunk' in reply) {
      if (!job.out.destroyed) job.out.write(Buffer.from(reply.chunk.buffer, reply.chunk.byteOffset, reply.chunk.byteLength));
      return;
    }
    this.renderMs = 0.8 * this.renderMs + 0.2 * (Date.now() - this.startedAt);
    this.finish(job, 'end' in reply ? undefined : new Error(reply.error));
  }

  private finish(job: Job, err: Error | undefined): void {
    this.running = null;
    job.done = true;
    if (err) job.out.destroy(err);
    else job.out.end();
    this.next();
  }

  /** The running job fails; the next job starts a new worker. */
  private onExit(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    if (this.running) {
      this.logger.error({ msg: 'PDF worker failed', error: err.message });
      this.finish(this.running, err);
    }
  }
}

const pdfThread = new PdfThread();

/**
 * The worker script beside this file: JavaScript when built; TypeScript under ts-node or jest,
 * transpiled in the worker by TypeScript itself (no native addon in the thread).
 */
function startWorker(workerData: RenderWorkerData): Worker {
  const script = join(__dirname, `render-worker${extname(__filename)}`);
  if (extname(__filename) === '.js') return new Worker(script, { workerData });
  const bootstrap = `require('ts-node').register({ transpileOnly: true, swc: false, compilerOptions: { module: 'commonjs' } }); require(${JSON.stringify(script)});`;
  return new Worker(bootstrap, { eval: true, workerData });
}
