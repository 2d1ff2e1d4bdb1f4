import http from 'http';
import { AddressInfo } from 'net';
import { Worker } from 'worker_threads';
import { DocumentsService } from '../src/modules/documents/documents.service';
import { PDF_QUEUE_PER_BUSINESS, PdfRenderer } from '../src/modules/documents/pdf/pdf-renderer';
import { seedProduct } from './helpers/orders-fixtures';
import { binaryParser, pdfText } from './helpers/pdf-text';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

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

  /** How many renders of `businessName`'s documents have been handed to the worker thread so far. */
  function handedOver(businessName: string): () => number {
    const post = jest.spyOn(Worker.prototype, 'postMessage');
    return () => post.mock.calls.filter(([message]) => (message as { model?: { seller?: { name?: string } } })?.model?.seller?.name === businessName).length;
  }

  async function until(what: string, condition: () => boolean, ms = 60_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  afterEach(() => jest.restoreAllMocks());

  it("60 abandoned PDF requests of one business: fewer than 10 are rendered, and another business's PDF is served", async () => {
    const a = await invoiceOf('Abandoning', 40);
    const b = await invoiceOf('Waiting', 1);
    expect((await t.http().get(b.path).set(b.biz.auth).buffer(true).parse(binaryParser)).status).toBe(200); // the worker thread started
    const renderedOfA = handedOver('Abandoning');
    const reads = jest.spyOn(DocumentsService.prototype, 'invoicePdf');

    const gone = Array.from({ length: 60 }, () => pdfRequest(a.biz, a.path));
    setTimeout(() => gone.forEach((r) => r.drop()), 300);
    await Promise.all(gone.map((r) => r.closed));
    // every one of A's requests has been read and given to the renderer (or refused) before B asks
    await until("A's 60 requests handled", () => reads.mock.results.length === 60);
    await Promise.allSettled(reads.mock.results.map((r) => r.value));

    const res = await t.http().get(b.path).set(b.biz.auth).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    expect(await pdfText(res.body)).toContain('Waiting product 1');
    // each of A's renders is ~2 pages of layout; before, all 60 ran, B's after them (11.4 s in the report)
    expect(renderedOfA()).toBeLessThan(10);
  }, 180_000);

  it("a business's PDF is rendered ahead of another business's queued ones", async () => {
    const a = await invoiceOf('Busy', 40);
    const b = await invoiceOf('Patient', 1);
    const renderedOfA = handedOver('Busy');
    const queued = jest.spyOn(PdfRenderer.prototype, 'render');
    const ofA = () => queued.mock.calls.filter(([model]) => model.seller.name === 'Busy').length;

    const pending = Array.from({ length: 12 }, () => pdfRequest(a.biz, a.path));
    await until("A's 12 renders queued", () => ofA() === 12);
    const res = await t.http().get(b.path).set(b.biz.auth).buffer(true).parse(binaryParser);
    expect(res.status).toBe(200);
    // one of A's was running when B's arrived, maybe the next had started: never the 12 (before: all 12 first)
    expect(renderedOfA()).toBeLessThan(6);
    pending.forEach((r) => r.drop());
    await Promise.all(pending.map((r) => r.closed));
  }, 180_000);

  it(`a business with ${PDF_QUEUE_PER_BUSINESS} PDFs waiting gets 429 RATE_LIMITED with Retry-After; another business is served`, async () => {
    const a = await invoiceOf('Greedy', 100);
    const b = await invoiceOf('Modest', 1);
    const queued = jest.spyOn(PdfRenderer.prototype, 'render');
    const ofA = () => queued.mock.calls.filter(([model]) => model.seller.name === 'Greedy').length;

    // one runs, PDF_QUEUE_PER_BUSINESS wait, the rest are refused: each render of 100 lines takes far longer than a read
    const asked = Array.from({ length: PDF_QUEUE_PER_BUSINESS + 10 }, () => pdfRequest(a.biz, a.path));
    await until("A's requests given to the renderer", () => ofA() === asked.length);
    const refused = queued.mock.results.filter((r) => r.type === 'throw').length;
    expect(refused).toBeGreaterThanOrEqual(5);
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
