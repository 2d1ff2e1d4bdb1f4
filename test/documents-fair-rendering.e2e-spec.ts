import http from 'http';
import { AddressInfo } from 'net';
import { Worker } from 'worker_threads';
import { DocumentsService } from '../src/modules/documents/documents.service';
import { PDF_QUEUE_PER_BUSINESS, PdfRenderer } from '../src/modules/documents/pdf/pdf-renderer';
import { seedProduct } from './helpers/orders-fixtures';
import { binaryParser, pdfText } from './helpers/pdf-text';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

// eslint-disable-next-line @typescript-eslint/unbound-method
const REAL_POST = Worker.prototype.postMessage;

/**
 * docs/api.md 17: PDFs are rendered in turn between businesses, a render whose client has
 * gone is dropped, and a business cannot queue more than its share. What the worker thread is given
 * is observed where it is handed over (Worker.postMessage), so nothing here depends on how fast the
 * machine renders: the heavy documents below take tens of seconds of rendering in all.
 */
describe('documents: PDF rendering is fair between businesses and stops for clients that left', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await startTestApp();
    const server = t.app.getHttpServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => t.app.getHttpServer().close(resolve));
    await t.close();
  });

  /** A business named `name` and an invoice of `lines` lines; returns its PDF's path. */
  async function invoiceOf(name: string, lines: number): Promise<{ biz: TestBusiness; path: string }> {
    const biz = await createBusiness(t, name);
    const items = [];
    for (let i = 1; i <= lines; i++) {
      const product = await seedProduct(t, biz, { name: `${name} product ${i} with a name long enough to wrap over two lines`, price: '1.00', stock: null });
      items.push({ product_id: product, quantity: 1, price: i });
    }
    const customer = (
      await apiAs(t, biz)
        .post('/customers', { name: `${name} customer` })
        .expect(201)
    ).body.data;
    const invoice = (await apiAs(t, biz).post('/invoices', { customer_id: customer.id, items }).expect(201)).body.data;
    return { biz, path: `/api/v1/invoices/${invoice.id}/pdf` };
  }

  interface Answer {
    status: number;
    headers: http.IncomingHttpHeaders;
    body: string;
  }

  /** GET `path` on the loopback server: `closed` resolves with the answer (undefined when dropped) once the exchange is over. */
  function pdfRequest(biz: TestBusiness, path: string): { closed: Promise<Answer | undefined>; drop(): void } {
    let req!: http.ClientRequest;
    const closed = new Promise<Answer | undefined>((resolve) => {
      req = http.get({ host: '127.0.0.1', port, path, headers: biz.auth }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('close', () =>
          resolve(res.complete ? { status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString('latin1') } : undefined),
        );
      });
      req.on('error', () => resolve(undefined)); // dropped before an answer
    });
    return { closed, drop: () => req.destroy() };
  }

  /**
   * The renders handed to the worker thread, in order, and a hold on the next one: it stays "running"
   * (so every later request waits in the queue, or is refused) until released. What the tests assert
   * then follows from the queue alone, however fast the machine renders or the requests arrive.
   */
  function handOvers(): { of(name: string): number; order(): string[]; holdNext(): () => void } {
    const post = jest.spyOn(Worker.prototype, 'postMessage');
    const names = () => post.mock.calls.map(([message]) => String((message as { model?: { seller?: { name?: string } } })?.model?.seller?.name));
    return {
      of: (name) => names().filter((n) => n === name).length,
      order: names,
      holdNext() {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        post.mockImplementationOnce(function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
          void released.then(() => REAL_POST.apply(this, args));
        });
        holds.push(release);
        return release;
      },
    };
  }

  async function until(what: string, condition: () => boolean, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /** Every hold is let go after its test, also a failed one: a job held for ever would stall the next tests' renders. */
  const holds: (() => void)[] = [];
  afterEach(() => {
    holds.splice(0).forEach((release) => release());
    jest.restoreAllMocks();
  });

  it("60 abandoned PDF requests of one business: only the running one was rendered, and another business's PDF is served", async () => {
    const a = await invoiceOf('Abandoning', 40);
    const b = await invoiceOf('Waiting', 1);
    expect((await t.http().get(b.path).set(b.biz.auth).buffer(true).parse(binaryParser)).status).toBe(200); // the worker thread started
    const worker = handOvers();
    const release = worker.holdNext(); // A's first render is held: the others wait behind it, or are refused
    const reads = jest.spyOn(DocumentsService.prototype, 'invoicePdf');

    const rendering = jest.spyOn(PdfRenderer.prototype, 'render');

    // the clients leave once each request has reached the renderer: queued behind the held one, or refused
    const gone = Array.from({ length: 60 }, () => pdfRequest(a.biz, a.path));
    await until("A's 60 requests at the renderer", () => rendering.mock.calls.length === 60);
    gone.forEach((r) => r.drop());
    await Promise.all(gone.map((r) => r.closed));
    // every one of A's requests has been read and given to the renderer (or refused) before B asks
    await until("A's 60 requests handled", () => reads.mock.results.length === 60);
    await Promise.allSettled(reads.mock.results.map((r) => r.value));
    release();

    const res = await t.http().get(b.path).set(b.biz.auth).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    expect(await pdfText(res.body)).toContain('Waiting product 1');
    // only the one that was running when its client left; before, all 60 ran, B's after them (11.4 s in the report)
    expect(worker.of('Abandoning')).toBe(1);
  }, 180_000);

  it("a business's PDF is rendered ahead of another business's queued ones", async () => {
    const a = await invoiceOf('Busy', 40);
    const b = await invoiceOf('Patient', 1);
    const worker = handOvers();
    const release = worker.holdNext();
    const queued = jest.spyOn(PdfRenderer.prototype, 'render');
    const asked = (name: string) => queued.mock.calls.filter(([model]) => model.seller.name === name).length;

    const pending = Array.from({ length: 12 }, () => pdfRequest(a.biz, a.path));
    await until("A's 12 renders queued", () => asked('Busy') === 12);
    const served = t
      .http()
      .get(b.path)
      .set(b.biz.auth)
      .buffer(true)
      .parse(binaryParser)
      .then((res) => res); // sent now, answered once B's turn comes
    await until("B's render queued", () => asked('Patient') === 1);
    release();
    expect((await served).status).toBe(200);
    // A's running one, then B's: never A's 11 waiting first (before: all 12 first)
    expect(worker.order().slice(0, 2)).toEqual(['Busy', 'Patient']);
    pending.forEach((r) => r.drop());
    await Promise.all(pending.map((r) => r.closed));
  }, 180_000);

  it(`a business with ${PDF_QUEUE_PER_BUSINESS} PDFs waiting gets 429 RATE_LIMITED with Retry-After; another business is served`, async () => {
    const a = await invoiceOf('Greedy', 100);
    const b = await invoiceOf('Modest', 1);
    const release = handOvers().holdNext();
    const queued = jest.spyOn(PdfRenderer.prototype, 'render');
    const ofA = () => queued.mock.calls.filter(([model]) => model.seller.name === 'Greedy').length;

    // the first is held running, PDF_QUEUE_PER_BUSINESS wait, the rest are refused
    const asked = Array.from({ length: PDF_QUEUE_PER_BUSINESS + 10 }, () => pdfRequest(a.biz, a.path));
    await until("A's requests given to the renderer", () => ofA() === asked.length);
    const refused = queued.mock.results.filter((r) => r.type === 'throw').length;
    expect(refused).toBe(asked.length - 1 - PDF_QUEUE_PER_BUSINESS);
    release();
    const other = await t.http().get(b.path).set(b.biz.auth).buffer(true).parse(binaryParser);
    expect(other.status).toBe(200);

    asked.forEach((r) => setTimeout(() => r.drop(), 0));
    const answers = (await Promise.all(asked.map((r) => r.closed))).filter((x): x is Answer => x !== undefined);
    const tooMany = answers.filter((x) => x.status === 429);
    expect(tooMany.length).toBe(refused);
    for (const answer of tooMany) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(JSON.parse(answer.body).error.code).toBe('RATE_LIMITED');
    }
  }, 180_000);
});
