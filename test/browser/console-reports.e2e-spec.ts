import * as fs from 'fs';
import * as path from 'path';
import { Browser, Page } from 'playwright-core';
import { apiAs, TestBusiness } from '../helpers/test-app';
import {
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  figure,
  launchChromium,
  openConsole,
  seriousAxeViolations,
  signIn,
  startConsoleApp,
} from './browser-harness';
import { earlier } from '../helpers/earlier-time';

/** The words a screen reader hears for a figure's change (the dashboard's `dd.change`). */
function changeSaid(page: Page, name: string) {
  return page
    .locator('dl.figures div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd.change .sr-only')
    .textContent();
}

/** The names (row headers) of a table's rows, in order. */
function rowNames(page: Page, table: string) {
  return page.getByRole('table', { name: table }).locator('tbody th').allTextContents();
}

/**
 * docs/api.md 16's dashboard and Reports as an owner reads them (issue 45): each figure against the
 * previous period, top products by revenue or units, low stock with what is on order and a link to
 * the product, the latest events in words; the margin report ordered by margin per cent by the API,
 * its CSV, the stock valuation's costs to 4 decimals.
 */
describeInBrowser('the console dashboard comparisons and Reports in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee', { currency: 'EUR', timezone: 'Europe/Berlin' });
    const api = apiAs(app.t, biz);
    const product = async (name: string, body: object) => (ids[name] = (await api.post('/products', { name, ...body }).expect(201)).body.data.id as string);
    await product('Beans', { price: 12.5 });
    await product('Cups', { price: 2, cost_price: 1.9 });
    await product('Grinder', { price: 100, cost_price: 40, min_stock: 5 });
    await api.post('/stock/adjustments', { product_id: ids.Cups, quantity: 100, reason: 'restock' }).expect(201);
    const supplier = (await api.post('/suppliers', { name: 'Beanery' }).expect(201)).body.data.id as string;
    const beans = (
      await api.post('/purchase-orders', { supplier_id: supplier, items: [{ product_id: ids.Beans, quantity: 10, unit_cost: 4.1275 }] }).expect(201)
    ).body.data;
    await api.post(`/purchase-orders/${beans.id}/submit`, {}).expect(200);
    await api.post(`/purchase-orders/${beans.id}/receipts`, { items: [{ purchase_order_item_id: beans.items[0].id, quantity: 10 }] }).expect(201);
    // Grinder: 4 in stock, minimum 5, 6 on a submitted purchase order: still low stock, and shown
    const grinders = (
      await api.post('/purchase-orders', { supplier_id: supplier, items: [{ product_id: ids.Grinder, quantity: 6, unit_cost: 40 }] }).expect(201)
    ).body.data;
    await api.post(`/purchase-orders/${grinders.id}/submit`, {}).expect(200);
    // the previous 7 days: one order of €50.00, eight days ago (analytics read created_at; nothing read yet)
    const before = (await api.post('/orders', { items: [{ product_id: ids.Cups, quantity: 25 }], payment_method: 'cash' }).expect(201)).body.data;
    await app.t.db.query(`UPDATE sales SET created_at = ${earlier('created_at', "interval '8 days'")} WHERE id = $1`, [before.order_id]);
    // today: €37.50 and €20.00
    await api.post('/orders', { items: [{ product_id: ids.Beans, quantity: 3 }], payment_method: 'card' }).expect(201);
    await api.post('/orders', { items: [{ product_id: ids.Cups, quantity: 10 }], payment_method: 'cash' }).expect(201);
    await api.post('/stock/adjustments', { product_id: ids.Grinder, quantity: 4, reason: 'restock' }).expect(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('compares each figure with the previous period, lists low stock with what is on order, and says events in words', async () => {
    const tab = await openConsole(browser, app, '/console/dashboard?days=7');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await eventually(() => figure(page, 'Revenue').textContent()).toBe('€57.50');
    await eventually(() => changeSaid(page, 'Revenue')).toBe('up 15.0% from the previous 7 days');
    expect(await changeSaid(page, 'Orders')).toBe('up 100.0% from the previous 7 days');
    expect(await figure(page, 'Average order value').textContent()).toBe('€28.75');
    expect(await changeSaid(page, 'Average order value')).toBe('down 42.5% from the previous 7 days');
    expect(await changeSaid(page, 'New customers')).toBe('no change from the previous 7 days');

    // top products: by revenue, then by units (the API's sort=quantity), the choice in the URL
    await eventually(() => rowNames(page, 'Top products by revenue')).toEqual(['Beans', 'Cups']);
    await page.getByRole('radio', { name: 'By units' }).check();
    await page.waitForURL(/[?&]top=quantity/);
    await eventually(() => rowNames(page, 'Top products by units sold')).toEqual(['Cups', 'Beans']);

    // low stock: Grinder although 6 are on order, the quantity on order beside its stock
    const low = page.getByRole('table', { name: 'Low stock' });
    await eventually(() =>
      low
        .getByRole('row', { name: /Grinder/ })
        .locator('td')
        .allTextContents(),
    ).toEqual([expect.stringMatching(/^SKU-/), '4', '6', '5']);

    // the latest events in words, each a link to what it is about
    const events = page.getByRole('list', { name: 'Events, newest first' });
    await eventually(() => events.getByRole('link', { name: 'Stock adjusted: Grinder +4' }).getAttribute('href')).toBe(`/console/products/${ids.Grinder}`);
    await events.getByRole('link', { name: 'Purchase order PO-0001 received: €41.28' }).waitFor();
    expect((await events.allTextContents()).join(' ')).not.toMatch(/\b(stock|sale|purchase_order)\.[a-z]+/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    if (process.env.CONSOLE_SCREENSHOTS) {
      await page.getByRole('radio', { name: 'By revenue' }).check();
      await page.locator('.chart[data-drawn="true"]').waitFor();
      fs.mkdirSync(process.env.CONSOLE_SCREENSHOTS, { recursive: true });
      await page.screenshot({ path: path.join(process.env.CONSOLE_SCREENSHOTS, 'console-dashboard.png'), fullPage: true });
    }

    // today against yesterday
    await page.getByRole('radio', { name: 'Today' }).check();
    await page.waitForURL(/[?&]days=1\b/);
    await eventually(() => changeSaid(page, 'Revenue')).toBe('up from none yesterday');
    await page.getByRole('figure', { name: 'Revenue per day, today' }).waitFor();

    // a low stock row leads to its product; the whole list is Products' low stock filter
    await low.getByRole('link', { name: 'Grinder' }).click();
    await page.waitForURL(`${app.origin}/console/products/${ids.Grinder}`);
    await page.getByRole('heading', { level: 1, name: 'Grinder' }).waitFor();
    await page.goBack();
    await page.getByRole('link', { name: 'Every product with low stock' }).click();
    await page.waitForURL(`${app.origin}/console/products?stock=low`);
    await eventually(() => rowNames(page, 'Products')).toEqual(['Grinder']);
    await eventually(() => page.getByLabel('Stock', { exact: true }).inputValue()).toBe('low');
    expect(cspViolations(tab)).toEqual([]);
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('orders the margin report by margin per cent through the API, downloads it as CSV, and values the stock at its costs', async () => {
    const api = apiAs(app.t, biz);
    const margin = (await api.get('/reports/margin?days=30&sort=margin_percent').expect(200)).body.data;
    const csv = (await api.get('/reports/margin?days=30&sort=margin_percent&format=csv').expect(200)).text;
    const tab = await openConsole(browser, app, '/console/reports');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.waitForURL(`${app.origin}/console/reports/margin`);
    await page.getByRole('heading', { level: 1, name: 'Reports' }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Reports' }).getAttribute('aria-current')).toBe('page');

    // by revenue first (Cups €70.00, Beans €37.50); then the Margin % header: the API orders it
    await eventually(() => rowNames(page, 'Margin by product, the top 50 by revenue')).toEqual(['Cups', 'Beans']);
    await page.getByRole('button', { name: /^Margin %/ }).click();
    await page.waitForURL(/[?&]sort=margin_percent/);
    const table = page.getByRole('table', { name: 'Margin by product, the top 50 by margin per cent' });
    await eventually(() => rowNames(page, 'Margin by product, the top 50 by margin per cent')).toEqual(margin.products.map((p: { name: string }) => p.name));
    expect(margin.products.map((p: { name: string }) => p.name)).toEqual(['Beans', 'Cups']);
    expect(await table.getByRole('columnheader', { name: /^Margin %/ }).getAttribute('aria-sort')).toBe('descending');
    const beans = margin.products[0];
    expect(await table.getByRole('row', { name: /Beans/ }).locator('td').allTextContents()).toEqual([
      '3',
      '€37.50',
      `€${beans.cogs.toFixed(2)}`,
      `€${beans.margin.toFixed(2)}`,
      `${beans.margin_percent.toFixed(2)}%`,
    ]);
    expect(beans.margin_percent).toBe(66.99);

    // the CSV is the API's, with the same period and order
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    expect(fs.readFileSync(await file.path(), 'utf8')).toBe(csv);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the stock valuation: an average cost to its 4 decimals, money to the cent
    await page.getByRole('navigation', { name: 'Reports' }).getByRole('link', { name: 'Stock valuation' }).click();
    await page.waitForURL(`${app.origin}/console/reports/valuation`);
    const valuation = page.getByRole('table', { name: 'Stock value by product, highest first' });
    await eventually(() => valuation.getByRole('row', { name: /Beans/ }).locator('td').allTextContents()).toEqual([
      expect.stringMatching(/^SKU-/),
      '7',
      '€4.1275',
      '€28.89',
    ]);
    expect(await valuation.getByRole('row', { name: /Cups/ }).locator('td').nth(2).textContent()).toBe('€1.90');
    expect(await seriousAxeViolations(page)).toEqual([]);

    // where the reports used to be, Purchasing leads to them
    await page.goto(`${app.origin}/console/purchasing/reports`);
    await page.waitForURL(`${app.origin}/console/reports/margin`);
    expect(cspViolations(tab)).toEqual([]);
    expect(tab.errors).toEqual([]);
    await context.close();
  });
});
