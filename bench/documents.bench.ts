/*
 * Documents benchmark (`npm run bench -- documents`): a fresh database, migrated; the real app with
 * mail on, pointed at a local SMTP server (the smtp-server package, on 127.0.0.1). Reported:
 * - PDFs rendered per second through GET /invoices/:id/pdf for a 500-line invoice (BENCH_PDF_COUNT,
 *   default 20, one after another and 4 at a time) and for a one-line invoice, and through GET
 *   /orders/:id/receipt for a 30-line and a one-line order's receipt (80 mm, with its barcode), with
 *   the server process's peak RSS and main-thread heap while they render (sampled every 10 ms; the
 *   renderer's worker thread is in the RSS);
 * - mails per second: BENCH_MAILS (default 200) POST /invoices/:id/send, from the first request to
 *   the last mail the SMTP server accepted, each with its PDF.
 * The database is dropped at the end.
 */
import { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createApplication } from '../src/bootstrap';
import { JsonLogger } from '../src/common/logging/json-logger';
import { AppConfig, loadConfig } from '../src/config/app-config';
import { provisionBusiness } from '../src/modules/businesses/business-provisioning';
import { startSmtpSink } from '../test/helpers/smtp-sink';
import { Log, withBenchDatabase } from './bench-support';

const PDFS = Number(process.env.BENCH_PDF_COUNT || 20);
const MAILS = Number(process.env.BENCH_MAILS || 200);

async function startApp(url: string, overrides: Partial<AppConfig>): Promise<INestApplication> {
  const config: AppConfig = { ...loadConfig(), databaseUrl: url, logLevel: 'warn', rateLimitPerMinute: 0, ...overrides };
  const { app } = await createApplication(config, new JsonLogger('warn'));
  await app.init();
  return app;
}

export async function run(log: Log): Promise<void> {
  await withBenchDatabase('bo_bench_documents', (url) => measure(url, log));
}

/** An invoice of `lines` lines written directly (the API takes at most 100 lines a request). */
async function seedInvoice(db: DataSource, businessId: string, customerId: string, number: number, lines: number): Promise<string> {
  const [{ id }] = await db.query(
    `INSERT INTO invoices (business_id, number, invoice_number, customer_id, status, currency, subtotal, tax_amount, total, due_date)
     VALUES ($1, $2::bigint, 'INV-' || lpad($2::text, 4, '0'), $3, 'unpaid', 'EUR', $4::numeric, 0, $4::numeric, current_date + 30) RETURNING id`,
    [businessId, number, customerId, (lines * 12.5).toFixed(2)],
  );
  await db.query(
    `INSERT INTO invoice_items (business_id, invoice_id, line_no, product_id, product_name, quantity, unit_price, total)
     SELECT $1, $2, n, gen_random_uuid(), 'Product number ' || n || ' Пётр Αθηνά', 1, 12.50, 12.50 FROM generate_series(1, $3) n`,
    [businessId, id, lines],
  );
  return id;
}

/** An order of `lines` lines, each a product of its own, placed through the API (a customer, so the receipt prints points too). */
async function seedOrder(
  server: unknown,
  auth: Record<string, string>,
  db: DataSource,
  businessId: string,
  warehouseId: string,
  lines: number,
): Promise<string> {
  const ids: { id: string }[] = await db.query(
    `INSERT INTO products (business_id, name, sku, price) SELECT $1, 'Receipt product ' || n || ' Пётр', 'RCPT-' || $2 || '-' || n, 2.5 FROM generate_series(1, $2) n RETURNING id`,
    [businessId, lines],
  );
  await db.query(`INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) SELECT $1, $2, unnest($3::uuid[]), 1000`, [
    businessId,
    warehouseId,
    ids.map((r) => r.id),
  ]);
  const res = await request(server as Parameters<typeof request>[0])
    .post('/api/v1/orders')
    .set(auth)
    .send({ customer: { name: 'Ada', email: 'ada@bench.test' }, items: ids.map((r) => ({ product_id: r.id, quantity: 2 })), payment_method: 'cash' });
  if (res.status !== 201) throw new Error(`POST /orders -> ${res.status}`);
  return res.body.data.order_id as string;
}

function sampleMemory(): { stop(): { rssMb: number; heapMb: number } } {
  let rss = 0;
  let heap = 0;
  const take = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  take();
  const timer = setInterval(take, 10);
  return {
    stop: () => {
      clearInterval(timer);
      take();
      return { rssMb: Math.round(rss / 2 ** 20), heapMb: Math.round(heap / 2 ** 20) };
    },
  };
}

async function measure(url: string, log: Log): Promise<void> {
  const sink = await startSmtpSink();
  const app = await startApp(url, { smtpUrl: sink.url, mailFrom: 'bench@shop.test', mailDispatchIntervalMs: 50 });
  try {
    const db = app.get(DataSource);
    const biz = await db.transaction((m) => provisionBusiness(m, { name: 'Bench Shop', currency: 'EUR' }));
    const auth = { Authorization: `Bearer ${biz.api_key}` };
    const [{ id: customerId }] = await db.query(`INSERT INTO customers (business_id, name, email) VALUES ($1, 'Ada', 'ada@bench.test') RETURNING id`, [
      biz.business_id,
    ]);
    const big = await seedInvoice(db, biz.business_id, customerId, 1, 500);
    const small = await seedInvoice(db, biz.business_id, customerId, 2, 1);
    const server = app.getHttpServer();
    const getPath = async (path: string) => {
      const res = await request(server).get(path).set(auth).buffer(true);
      if (res.status !== 200) throw new Error(`GET ${path} -> ${res.status}`);
      return res.body as Buffer;
    };
    const get = (id: string) => getPath(`/api/v1/invoices/${id}/pdf`);
    const receipt = (id: string) => getPath(`/api/v1/orders/${id}/receipt`);
    const bigOrder = await seedOrder(server, auth, db, biz.business_id, biz.warehouse_id, 30);
    const smallOrder = await seedOrder(server, auth, db, biz.business_id, biz.warehouse_id, 1);
    await receipt(bigOrder);
    const warm = await get(big); // the worker thread and its fonts
    await get(small);
    const pages = (warm.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    log(`500-line invoice: ${Math.round(warm.length / 1024)} KiB, ${pages} pages`);

    for (const [label, render, parallel] of [
      ['500 lines, one at a time', () => get(big), 1],
      ['500 lines, 4 at a time', () => get(big), 4],
      ['1 line, one at a time', () => get(small), 1],
      ['receipt of 30 lines, one at a time', () => receipt(bigOrder), 1],
      ['receipt of 30 lines, 4 at a time', () => receipt(bigOrder), 4],
      ['receipt of 1 line, one at a time', () => receipt(smallOrder), 1],
    ] as const) {
      const memory = sampleMemory();
      const started = Date.now();
      for (let i = 0; i < PDFS; i += parallel) await Promise.all(Array.from({ length: Math.min(parallel, PDFS - i) }, render));
      const ms = Date.now() - started;
      const peak = memory.stop();
      log(`${label}: ${PDFS} PDFs in ${ms} ms -> ${((PDFS * 1000) / ms).toFixed(1)} PDFs/s; peak RSS ${peak.rssMb} MiB, main heap ${peak.heapMb} MiB`);
    }

    const started = Date.now();
    for (let i = 0; i < MAILS; i += 10) {
      await Promise.all(
        Array.from({ length: Math.min(10, MAILS - i) }, (_, k) =>
          request(server)
            .post(`/api/v1/invoices/${small}/send`)
            .set(auth)
            .send({ to: `c${i + k}@bench.test` })
            .expect(202),
        ),
      );
    }
    const queued = Date.now() - started;
    await sink.waitFor(MAILS, 300_000);
    const ms = Date.now() - started;
    log(
      `mail: ${MAILS} sends accepted in ${queued} ms; all ${MAILS} mails (one-line invoice, PDF attached) at the SMTP server after ${ms} ms -> ${((MAILS * 1000) / ms).toFixed(1)} mails/s (MAIL_CONCURRENCY=${loadConfig().mailConcurrency})`,
    );
  } finally {
    await app.close();
    await sink.stop();
  }
}
