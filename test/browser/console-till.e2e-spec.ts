import * as fs from 'fs';
import * as path from 'path';
import { execFileSync } from 'child_process';
import { Browser, Page, Route } from 'playwright-core';
import { apiAs, TestBusiness } from '../helpers/test-app';
import { binaryParser } from '../helpers/pdf-text';
import { SmtpSink } from '../helpers/smtp-sink';
import {
  axeAtEverySize,
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  figure,
  launchChromium,
  openConsole,
  sidewaysOverflow,
  signIn,
} from './browser-harness';
import { lineShows, scan } from './sale-flows';
import { startMailingConsoleApp } from './staff-flows';

const COUNTER = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

/** The till's figures block: busy while a newer quote is on its way. */
const totals = (page: Page) => page.locator('.sale-summary .totals');

/** Waits until the till shows `total` as the current figure (not updating). */
async function totalShows(page: Page, total: string): Promise<void> {
  await eventually(async () => [await figure(page, 'Total').textContent(), await totals(page).getAttribute('aria-busy')]).toEqual([total, 'false']);
}

/** Holds each POST /orders/quote until the test lets it through, one by one, in the order they came. */
async function holdQuotes(page: Page): Promise<{ held: Route[]; arrived: (n: number) => Promise<void>; stop: () => Promise<void> }> {
  const held: Route[] = [];
  const isQuote = (url: URL) => url.pathname === '/api/v1/orders/quote';
  await page.route(isQuote, (route) => {
    held.push(route);
  });
  return { held, arrived: (n) => eventually(() => held.length).toBeGreaterThanOrEqual(n), stop: () => page.unroute(isQuote) };
}

/** Lets a held request through; one the page has aborted since is gone already. */
async function letThrough(route: Route): Promise<void> {
  await route.continue().catch(() => undefined);
}

/** docs/api.md 21's till: the quote's figures as lines change, cash and change, receipts, a counter-sized screen. */
describeInBrowser('the console New sale as a till', () => {
  let app: ConsoleApp;
  let sink: SmtpSink;
  let browser: Browser;
  let biz: TestBusiness;

  beforeAll(async () => {
    [{ app, sink }, browser] = await Promise.all([startMailingConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    const api = apiAs(app.t, biz);
    const product = async (name: string, body: object, stock: number) => {
      const id = (await api.post('/products', { name, ...body }).expect(201)).body.data.id as string;
      await api.post('/stock/adjustments', { product_id: id, quantity: stock, reason: 'restock' }).expect(201);
    };
    await product('Espresso beans 1kg', { price: 12.5, sku: 'ESP-1KG', barcode: '4006381333931' }, 50);
    await product('Paper cups', { price: 0.1, sku: 'CUP-S' }, 500);
    await product('Milk 1L', { price: 1.2, sku: 'MLK-1L', barcode: '5000112637922' }, 50);
    for (let i = 1; i <= 20; i++) await product(`Biscuit tin ${i}`, { price: 2, sku: `TIN-${String(i).padStart(2, '0')}` }, 10);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.stop();
  });

  const orderOf = async (number: string) => {
    const found = (await apiAs(app.t, biz).get(`/orders?per_page=100`).expect(200)).body.data.find((o: { order_number: string }) => o.order_number === number);
    expect(found).toBeDefined();
    return found as { payment_method: string; total: number; cash_tendered: number | null; change_due: number | null };
  };
  const orderCount = async () => (await apiAs(app.t, biz).get('/orders').expect(200)).body.meta.total as number;

  it('shows the total of three scanned lines before Place order, the change once cash is tendered, and starts the next sale with cash', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale', COUNTER);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
    await eventually(() => page.evaluate('document.activeElement.id')).toBe('scan');

    await scan(page, '4006381333931');
    await scan(page, 'CUP-S');
    await scan(page, '5000112637922');
    await lineShows(page, 'Milk 1L', '1');
    await totalShows(page, '$13.80');
    await eventually(() => figure(page, 'Subtotal').textContent()).toBe('$13.80');
    await eventually(() => figure(page, 'Tax').textContent()).toBe('$0.00');
    await eventually(() => figure(page, 'Discount').textContent()).toBe('$0.00');
    await eventually(() =>
      page
        .getByRole('row', { name: /Espresso/ })
        .locator('.line-total')
        .textContent(),
    ).toBe('$12.50');
    expect(await axeAtEverySize(page)).toEqual([]);

    // a quantity typed: the total follows, from the quote
    await page.getByRole('textbox', { name: 'Quantity of Paper cups' }).fill('10');
    await totalShows(page, '$14.70');

    // cash below the total: said beside the field, and the order is refused with nothing written
    const before = await orderCount();
    const tendered = page.getByLabel('Cash tendered');
    await tendered.fill('5');
    await page.getByText('Less than the total: ask for more.').waitFor();
    expect(await figure(page, 'Change due').count()).toBe(0);
    await totalShows(page, '$14.70');
    await page.getByRole('button', { name: 'Place order' }).click();
    await eventually(() => page.getByRole('alert').textContent()).toMatch(/INSUFFICIENT_TENDER/);
    expect(await orderCount()).toBe(before);

    await tendered.fill('20');
    await eventually(async () => [await figure(page, 'Change due').textContent(), await page.locator('dl.change').getAttribute('aria-busy')]).toEqual([
      '$5.30',
      'false',
    ]);
    expect(await axeAtEverySize(page)).toEqual([]);
    const shots = process.env.CONSOLE_SCREENSHOTS;
    if (shots) {
      fs.mkdirSync(shots, { recursive: true });
      await page.screenshot({ path: path.join(shots, 'console-new-sale.png') });
      await page.setViewportSize(PHONE);
      await page.screenshot({ path: path.join(shots, 'console-new-sale-phone.png'), fullPage: true });
      await page.setViewportSize(COUNTER);
    }

    await tendered.press('Control+Enter');
    await page.getByRole('heading', { name: /Order S-\d+ placed/ }).waitFor();
    const number = /Order (S-\d+) placed/.exec((await page.locator('#result-title').textContent()) ?? '')![1];
    await eventually(() => figure(page, 'Total').textContent()).toBe('$14.70');
    await eventually(() => figure(page, 'Cash tendered').textContent()).toBe('$20.00');
    await eventually(() => figure(page, 'Change due').textContent()).toBe('$5.30');
    expect(await orderOf(number)).toMatchObject({ payment_method: 'cash', total: 14.7, cash_tendered: 20, change_due: 5.3 });
    // the next customer: cash, nothing tendered yet
    await eventually(() => page.getByLabel('Payment method').inputValue()).toBe('cash');
    await eventually(() => page.getByLabel('Cash tendered').inputValue()).toBe('');
    expect(await axeAtEverySize(page)).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    // the console's errors but the browser's note of each 422 the test asked for (the short tender's quote and order)
    expect(tab.errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    await context.close();
  });

  it('starts the next sale with cash after a sale paid by card, and leaves its change empty', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale', COUNTER);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await scan(page, 'CUP-S');
    await totalShows(page, '$0.10');
    await page.getByLabel('Payment method').selectOption({ label: 'Card' });
    expect(await page.getByLabel('Cash tendered').count()).toBe(0);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: /Order S-\d+ placed/ }).waitFor();
    const number = /Order (S-\d+) placed/.exec((await page.locator('#result-title').textContent()) ?? '')![1];
    expect(await orderOf(number)).toMatchObject({ payment_method: 'card', cash_tendered: null, change_due: null });
    expect(await figure(page, 'Change due').count()).toBe(0);
    await eventually(() => page.getByLabel('Payment method').inputValue()).toBe('cash');
    await page.getByLabel('Cash tendered').waitFor();
    await context.close();
  });

  it('prints the receipt (its PDF opened in a tab) and emails it to a typed address', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale', COUNTER);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await scan(page, 'ESP-1KG');
    await totalShows(page, '$12.50');
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: /Order S-\d+ placed/ }).waitFor();
    const number = /Order (S-\d+) placed/.exec((await page.locator('#result-title').textContent()) ?? '')![1];

    const pdf = page.waitForResponse((r) => /\/api\/v1\/orders\/[0-9a-f-]+\/receipt$/.test(r.url()) && r.request().method() === 'GET');
    const popup = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Print receipt' }).click();
    const response = await pdf;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await popup).url()).toMatch(/^blob:/);
    if (process.env.CONSOLE_SCREENSHOTS) {
      const { order_id } = (await apiAs(app.t, biz).get(`/orders?number=${number}`).expect(200)).body.data[0] as { order_id: string };
      const receipt = await apiAs(app.t, biz).get(`/orders/${order_id}/receipt`).buffer(true).parse(binaryParser).expect(200);
      receiptImage(receipt.body as Buffer, process.env.CONSOLE_SCREENSHOTS);
    }

    // no customer: the address is typed; Enter in it emails, it places no order
    const orders = await orderCount();
    const mailsBefore = sink.mails.length;
    await page.getByLabel('Email receipt to').fill('walk-in@example.com');
    await page.getByLabel('Email receipt to').press('Enter');
    await page.getByText('Receipt on its way to walk-in@example.com.').waitFor();
    await eventually(() => sink.mails.slice(mailsBefore).filter((m) => m.to.includes('walk-in@example.com')).length, false, 20_000).toBe(1);
    const mail = sink.mails.slice(mailsBefore).find((m) => m.to.includes('walk-in@example.com'))!;
    expect(mail.attachments.map((a) => a.contentType)).toContain('application/pdf');
    expect(await orderCount()).toBe(orders);
    expect(number).toMatch(/^S-\d+$/);
    expect(await axeAtEverySize(page)).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('never shows the figures of older lines as current while a newer quote is on its way', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale', COUNTER);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const quotes = await holdQuotes(page);
    await scan(page, 'ESP-1KG');
    await quotes.arrived(1);
    await eventually(async () => [await figure(page, 'Total').textContent(), await totals(page).getAttribute('aria-busy')]).toEqual(['…', 'true']);

    // typed while the first quote is out: the page gives up the first (its answer is of lines no longer there)
    const abandoned = page.waitForEvent('requestfailed', (r) => new URL(r.url()).pathname === '/api/v1/orders/quote');
    await page.getByRole('textbox', { name: 'Quantity of Espresso beans 1kg' }).fill('2');
    await quotes.arrived(2);
    await letThrough(quotes.held[0]);
    await abandoned;
    expect([await figure(page, 'Total').textContent(), await totals(page).getAttribute('aria-busy')]).toEqual(['…', 'true']);
    await letThrough(quotes.held[1]);
    await totalShows(page, '$25.00');

    // a newer change: the old total stays, marked as updating, until the new one comes
    await page.getByRole('textbox', { name: 'Quantity of Espresso beans 1kg' }).fill('3');
    await quotes.arrived(3);
    await eventually(async () => [await figure(page, 'Total').textContent(), await totals(page).getAttribute('aria-busy')]).toEqual(['$25.00', 'true']);
    await page.locator('.sale-summary').getByText('Updating…').waitFor();
    expect(await page.locator('table.lines').getAttribute('aria-busy')).toBe('true');
    await letThrough(quotes.held[2]);
    await totalShows(page, '$37.50');
    expect(await page.locator('table.lines').getAttribute('aria-busy')).toBe('false');

    // a quote refused: the error beside its line, no total
    await quotes.stop();
    await page.getByRole('textbox', { name: 'Quantity of Espresso beans 1kg' }).fill('0');
    await page
      .getByRole('row', { name: /Espresso/ })
      .locator('.line-error')
      .filter({ hasText: /quantity/ })
      .waitFor();
    await eventually(() => figure(page, 'Total').textContent()).toBe('…');
    await page.getByText('No total: see the line marked.').waitFor();
    await context.close();
  });

  it('keeps the total and Place order in view at 1024x768 with 20 lines, and nothing scrolls sideways on a phone', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale', COUNTER);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    for (let i = 1; i <= 20; i++) await scan(page, `TIN-${String(i).padStart(2, '0')}`);
    await lineShows(page, 'Biscuit tin 20', '1');
    await totalShows(page, '$40.00');
    const height = await page.evaluate<number>('innerHeight');
    for (const shown of [page.getByRole('button', { name: 'Place order' }), figure(page, 'Total')]) {
      const box = (await shown.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.y + box.height).toBeLessThanOrEqual(height);
    }
    // the lines scroll in their own area, the last one scrolled into it
    const area = page.getByRole('region', { name: 'Lines of the sale' });
    expect(await area.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await eventually(() => page.getByRole('row', { name: /Biscuit tin 20/ }).isVisible()).toBe(true);
    expect(await axeAtEverySize(page)).toEqual([]);

    await page.setViewportSize(PHONE);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: /Order S-\d+ placed/ }).waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await axeAtEverySize(page)).toEqual([]);
    await context.close();
  });
});

/** README's picture of a receipt: its PDF as the printer would put it on paper (poppler's pdftoppm). */
function receiptImage(pdf: Buffer, dir: string): void {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'receipt.pdf');
  fs.writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '110', '-singlefile', file, path.join(dir, 'receipt')]);
  fs.rmSync(file);
}
