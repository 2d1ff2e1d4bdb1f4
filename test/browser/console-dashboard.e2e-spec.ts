import { Browser } from 'playwright-core';
import { commitEvents } from '../helpers/receiver';
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

/** docs/api.md 16's dashboard with sales placed through the API: exact money, the chart and its table, URL state. */
describeInBrowser('the console dashboard in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee', { currency: 'EUR', timezone: 'Europe/Berlin' });
    const api = apiAs(app.t, biz);
    const product = async (name: string, price: number, stock: number, min_stock = 0) => {
      const id = (await api.post('/products', { name, price, min_stock }).expect(201)).body.data.id as string;
      await api.post('/stock/adjustments', { product_id: id, quantity: stock, reason: 'restock' }).expect(201);
      return id;
    };
    const espresso = await product('Espresso', 0.1, 100);
    const beans = await product('Espresso beans 1kg', 0.2, 100);
    const grinder = await product('Grinder', 1234567.89, 4, 5);
    // 0.1 + 0.2 + 0.1 + 1,234,567.89: a float sum would not write 1,234,568.29 exactly at every step
    await api.post('/orders', { items: [{ product_id: espresso, quantity: 1 }], payment_method: 'cash' }).expect(201);
    await api.post('/orders', { items: [{ product_id: beans, quantity: 1 }], payment_method: 'card' }).expect(201);
    await api
      .post('/orders', {
        items: [
          { product_id: espresso, quantity: 1 },
          { product_id: grinder, quantity: 1 },
        ],
        payment_method: 'card',
      })
      .expect(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the figures in exact money, the revenue chart with its table, top products, low stock and events', async () => {
    const tab = await openConsole(browser, app, '/console/dashboard');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const chart = page.getByRole('figure', { name: /Revenue per day/ });
    await chart.locator('.chart[data-drawn="true"]').waitFor();

    await eventually(() => figure(page, 'Revenue').textContent()).toBe('€1,234,568.29');
    await eventually(() => figure(page, 'Orders').textContent()).toBe('3');
    await eventually(() => figure(page, 'Average order value').textContent()).toBe('€411,522.76');
    await eventually(() => figure(page, 'Customers').textContent()).toBe('0');

    const table = chart.getByRole('table', { name: /Revenue per day/ });
    await eventually(() => table.locator('tbody tr').count()).toBe(30);
    const today = table.locator('tbody tr').last();
    await eventually(() => today.locator('td').allTextContents()).toEqual(['€1,234,568.29', '3']);

    const top = page.getByRole('table', { name: 'Top products by revenue' });
    await eventually(() => top.locator('tbody tr').first().locator('th, td').allTextContents()).toEqual([
      'Grinder',
      expect.stringMatching(/^SKU-/),
      '1',
      '€1,234,567.89',
    ]);
    const low = page.getByRole('table', { name: 'Low stock' });
    await eventually(() =>
      low
        .getByRole('row', { name: /Grinder/ })
        .locator('th, td')
        .allTextContents(),
    ).toEqual(['Grinder', expect.stringMatching(/^SKU-/), '3', '0', '5']);
    const events = page.getByRole('region', { name: 'Latest events' });
    // newest first: the feed read with order=desc, the last sale on top, in words
    const newestFirst = ((await apiAs(app.t, biz).get('/events?order=desc').expect(200)).body.data as { event: string }[]).map((e) => e.event);
    expect(newestFirst.length).toBeLessThanOrEqual(10);
    const lines = events.getByRole('list', { name: 'Events, newest first' }).locator('li');
    await eventually(() => lines.count()).toBe(newestFirst.length);
    expect(newestFirst[0]).toBe('sale.completed');
    await eventually(() => lines.first().textContent()).toMatch(/Sale S-\d+ completed: €1,234,567\.99$/);
    expect(newestFirst.indexOf('sale.completed')).toBeLessThan(newestFirst.lastIndexOf('stock.adjusted'));
    expect(await events.getByRole('button', { name: 'Older events' }).count()).toBe(0);

    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('lists the latest events newest first, ten at a time, older ones on request', async () => {
    const busy = await consoleBusiness(app, 'Busy Bakery');
    // twelve events, one transaction each, named so that each line tells which it is
    for (let n = 1; n <= 12; n++) await commitEvents(app.t.app, busy.business_id, [['stock.adjusted', { name: `Batch ${n}` }]]);
    const tab = await openConsole(browser, app, '/console/dashboard');
    const { page, context } = tab;
    await signIn(page, busy.api_key);
    const events = page.getByRole('region', { name: 'Latest events' });
    const names = async () =>
      (await events.getByRole('list', { name: 'Events, newest first' }).locator('li').allTextContents()).map((t) => t.replace(/^.*Stock adjusted: /, ''));
    const batches = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => `Batch ${from - i}`);
    await eventually(names).toEqual(batches(12, 3));
    await events.getByRole('button', { name: 'Older events' }).click();
    await eventually(names).toEqual(batches(12, 1));
    await events.getByRole('button', { name: 'Older events' }).waitFor({ state: 'detached' });
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('keeps the period in the URL: switching, Back and reload', async () => {
    const tab = await openConsole(browser, app, '/console/dashboard');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const chart = page.getByRole('figure', { name: /Revenue per day/ });
    await chart.locator('.chart[data-drawn="true"]').waitFor();

    await page.getByRole('radio', { name: '7 days' }).press('Space');
    await page.waitForURL(`${app.origin}/console/dashboard?days=7`);
    await page.getByRole('figure', { name: 'Revenue per day, the last 7 days' }).getByRole('table').locator('tbody tr').nth(6).waitFor();
    await eventually(() => chart.getByRole('table').locator('tbody tr').count()).toBe(7);

    await page.reload();
    await page.getByRole('figure', { name: 'Revenue per day, the last 7 days' }).locator('.chart[data-drawn="true"]').waitFor();
    await eventually(() => page.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);

    await page.goBack();
    await page.waitForURL(`${app.origin}/console/dashboard`);
    await page.getByRole('figure', { name: 'Revenue per day, the last 30 days' }).waitFor();
    await eventually(() => page.getByRole('radio', { name: '30 days' }).isChecked()).toBe(true);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('shows an API error with its message and request id, never a blank page', async () => {
    const tab = await openConsole(browser, app, '/console/dashboard?days=400');
    const { page, context } = tab;
    const refused = page.waitForResponse((r) => r.url().includes('/api/v1/analytics/dashboard'));
    await signIn(page, biz.api_key);
    const requestId = (await refused).headers()['x-request-id'];
    const alert = page.getByRole('alert').first();
    await alert.waitFor();
    const text = (await alert.textContent()) ?? '';
    expect(text).toMatch(/VALIDATION_FAILED/);
    expect(text).toMatch(/days/);
    expect(text).toContain(`Request id: ${requestId}`);
    await eventually(() => page.getByRole('heading', { level: 1, name: 'Dashboard' }).isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });
});
