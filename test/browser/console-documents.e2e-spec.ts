import * as fs from 'fs';
import { Browser } from 'playwright-core';
import { apiAs, TestBusiness } from '../helpers/test-app';
import {
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  launchChromium,
  openConsole,
  seriousAxeViolations,
  signIn,
  startConsoleApp,
} from './browser-harness';

/** An invoice's Open PDF and Send (docs/documents.md), and a list's Download CSV (docs/api.md "CSV exports"). */
describeInBrowser('the console invoice documents and CSV downloads in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  const invoices: { id: string; number: string }[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Paper Trail', { currency: 'EUR', timezone: 'Europe/Berlin' });
    api = apiAs(app.t, biz);
    const product = (await api.post('/products', { name: 'Consulting hour', price: 95.5 }).expect(201)).body.data.id as string;
    const customer = (await api.post('/customers', { name: 'Ada Lovelace', email: 'ada@example.com' }).expect(201)).body.data.id as string;
    for (const price of [0.1, 1234567.89]) {
      const body = (await api.post('/invoices', { customer_id: customer, items: [{ product_id: product, quantity: 1, price }] }).expect(201)).body.data;
      invoices.push({ id: body.id, number: body.invoice_number });
    }
    await api.put(`/invoices/${invoices[0].id}`, { status: 'paid', paid_date: '2026-11-20' }).expect(200);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens the PDF with the key and shows a refused Send (EMAIL_NOT_CONFIGURED) on the form', async () => {
    const tab = await openConsole(browser, app, `/console/invoices/${invoices[1].id}`);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 2, name: `Invoice ${invoices[1].number}` }).waitFor();
    await page.getByText('Not sent yet.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const pdfResponse = page.waitForResponse((r) => r.url().endsWith(`/api/v1/invoices/${invoices[1].id}/pdf`));
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Open PDF' }).click();
    const response = await pdfResponse;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await popup).url()).toMatch(/^blob:/);

    const form = page.getByRole('form', { name: 'Send invoice' });
    await form.getByLabel(/Send to/).fill('billing@example.com');
    const sent = page.waitForRequest((r) => r.url().endsWith('/send') && r.method() === 'POST');
    await form.getByRole('button', { name: 'Send invoice' }).click();
    const request = await sent;
    expect(request.headers()['idempotency-key']).toMatch(/.{16,}/);
    expect(request.postDataJSON()).toEqual({ to: 'billing@example.com' });
    await form.getByRole('alert').getByText('EMAIL_NOT_CONFIGURED', { exact: false }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await api.get(`/invoices/${invoices[1].id}`).expect(200)).body.data.email).toBeNull();
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it("downloads the invoices list as CSV with its current filters under the server's file name", async () => {
    const tab = await openConsole(browser, app, '/console/invoices?status=paid');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    await page.getByRole('row', { name: new RegExp(invoices[0].number) }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const exported = page.waitForRequest((r) => r.url().includes('/api/v1/invoices/export'));
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect(new URL((await exported).url()).search).toBe('?status=paid');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync(await file.path(), 'utf8');
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines[0]).toMatch(/^id,invoice_number,/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(invoices[0].number);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
