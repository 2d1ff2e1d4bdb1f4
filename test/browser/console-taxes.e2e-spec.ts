import * as fs from 'fs';
import { Browser } from 'playwright-core';
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
import { lineShows, scan } from './sale-flows';

/**
 * docs/api.md 22 in the console: Settings -> Taxes (two rates, prices that include tax), a product's
 * rate, the till's tax line per rate, the order's, Finance -> Tax report with its CSV, and a rate in
 * use deleted, which archives it. One flow in one tab.
 */
describeInBrowser('the console taxes in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let milk: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee', { currency: 'EUR', timezone: 'Europe/Berlin' });
    api = apiAs(app.t, biz);
    const beans = (await api.post('/products', { name: 'Espresso beans', sku: 'BEANS', price: 12.5 }).expect(201)).body.data.id as string;
    milk = (await api.post('/products', { name: 'Oat milk', sku: 'OAT', price: 2.4 }).expect(201)).body.data.id as string;
    for (const product_id of [beans, milk]) await api.post('/stock/adjustments', { product_id, quantity: 10, reason: 'restock' }).expect(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('adds two rates, sets a product’s rate, shows each rate’s tax at the till and in the tax report and its CSV', async () => {
    const tab = await openConsole(browser, app, '/console/settings/taxes', { width: 1280, height: 900 });
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 2, name: 'Tax rates' }).waitFor();
    await page.getByText('No tax rates: orders carry no tax unless it is given with them.').waitFor();

    // two rates, the first the default
    const form = page.getByRole('form', { name: 'Add a rate' });
    await form.getByLabel('Name').fill('VAT');
    await form.getByLabel('Rate (%)').fill('19');
    await form.getByLabel('Default rate').check();
    await form.getByRole('button', { name: 'Add rate' }).click();
    await page.getByRole('status').getByText('VAT 19% added.').waitFor();
    await form.getByLabel('Name').fill('Reduced');
    await form.getByLabel('Rate (%)').fill('7');
    await form.getByRole('button', { name: 'Add rate' }).click();
    await page.getByRole('status').getByText('Reduced 7% added.').waitFor();
    const rates = page.getByRole('table', { name: 'Tax rates' });
    await eventually(() => rates.getByRole('row', { name: /VAT/ }).locator('td').allTextContents()).toEqual(['19%', 'Default', 'Active', 'EditDelete']);
    await rates.getByRole('button', { name: 'Make Reduced 7% the default' }).waitFor();
    // the API's 400 shown beside its field, the form kept
    await form.getByLabel('Name').fill('Luxury');
    await form.getByLabel('Rate (%)').fill('120');
    await form.getByRole('button', { name: 'Add rate' }).click();
    await eventually(() => form.getByLabel('Rate (%)').getAttribute('aria-invalid')).toBe('true');
    await eventually(() => form.getByLabel('Name').inputValue()).toBe('Luxury');

    // the business's prices include tax from now on
    const settings = page.getByRole('form', { name: 'Tax settings' });
    await settings.getByLabel('Prices include tax').check();
    await settings.getByLabel('Tax ID').fill('DE123456789');
    await settings.getByRole('button', { name: 'Save tax settings' }).click();
    await settings.getByRole('status').getByText('Tax settings saved. They apply to new orders.').waitFor();
    expect((await api.get('/business').expect(200)).body.data).toMatchObject({ prices_include_tax: true, tax_id: 'DE123456789', shipping_tax_rate_id: null });
    const listed = (await api.get('/tax-rates').expect(200)).body.data as { id: string; name: string; is_default: boolean }[];
    const vat = listed.find((r) => r.name === 'VAT')!;
    const reduced = listed.find((r) => r.name === 'Reduced')!;
    expect([vat.is_default, reduced.is_default, listed.length]).toEqual([true, false, 2]);
    expect(await seriousAxeViolations(page)).toEqual([]);

    // the oat milk at the reduced rate
    await page.goto(`${app.origin}/console/products/${milk}`);
    await page.getByRole('heading', { level: 1, name: 'Oat milk' }).waitFor();
    await eventually(() => figure(page, 'Tax rate').textContent()).toBe('Default rate');
    await page.getByRole('button', { name: 'Edit' }).click();
    const rateSelect = page.getByLabel('Tax rate');
    await eventually(() => rateSelect.locator('option').allTextContents()).toEqual(['Default rate (VAT 19%)', 'Reduced 7%', 'VAT 19%']);
    await rateSelect.selectOption({ label: 'Reduced 7%' });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await eventually(() => figure(page, 'Tax rate').textContent()).toBe('Reduced 7%');
    expect((await api.get(`/products/${milk}`).expect(200)).body.data.tax_rate_id).toBe(reduced.id);

    // the till: a tax line per rate, inside the prices
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'New sale' }).click();
    await page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
    await scan(page, 'BEANS');
    await scan(page, 'BEANS');
    await scan(page, 'OAT');
    await lineShows(page, 'Oat milk', '1');
    await lineShows(page, 'Espresso beans', '2');
    await eventually(async () => [await figure(page, 'Total').textContent(), await page.locator('.sale-summary .totals').getAttribute('aria-busy')]).toEqual([
      '€27.40',
      'false',
    ]);
    // 25.00 gross at 19%: 3.99 inside; 2.40 at 7%: 0.16 inside (docs/api.md 22)
    await eventually(() => figure(page, 'incl. VAT 19%').textContent()).toBe('€3.99');
    await eventually(() => figure(page, 'incl. Reduced 7%').textContent()).toBe('€0.16');
    expect(await figure(page, 'Tax').count()).toBe(0);
    await page.getByLabel('Payment method').selectOption({ label: 'Card' });
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByRole('heading', { name: /Order S-\d+ placed/ }).waitFor();
    const number = /Order (S-\d+) placed/.exec((await page.locator('#result-title').textContent()) ?? '')![1];
    const order = (await api.get(`/orders?number=${number}`).expect(200)).body.data[0];
    expect(order).toMatchObject({ total: 27.4, tax_amount: 4.15, tax_included: true });

    // the order's page says the same
    await page.goto(`${app.origin}/console/orders/${order.order_id}`);
    await eventually(() => figure(page, 'incl. VAT 19%').textContent()).toBe('€3.99');
    await eventually(() => figure(page, 'incl. Reduced 7%').textContent()).toBe('€0.16');

    // Finance -> Tax report: today's rows, their totals, the CSV of the same period
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).click();
    await page.getByRole('navigation', { name: 'Finance' }).getByRole('link', { name: 'Tax report' }).click();
    await page.getByRole('heading', { level: 2, name: 'Tax report' }).waitFor();
    const report = page.getByRole('table', { name: 'Tax by rate' });
    await eventually(() =>
      report
        .getByRole('row', { name: /^VAT 19%/ })
        .locator('td')
        .allTextContents(),
    ).toEqual(['€21.01', '€3.99', '€0.00', '€0.00', '€3.99']);
    await eventually(() =>
      report
        .getByRole('row', { name: /^Reduced 7%/ })
        .locator('td')
        .allTextContents(),
    ).toEqual(['€2.24', '€0.16', '€0.00', '€0.00', '€0.16']);
    await eventually(() =>
      report
        .getByRole('row', { name: /^Total/ })
        .locator('td')
        .allTextContents(),
    ).toEqual(['€23.25', '€4.15', '€0.00', '€0.00', '€4.15']);
    // another period, in the URL: nothing sold then; Back returns to this month's
    const filters = page.getByRole('search', { name: 'Filter the tax report' });
    await filters.getByLabel('From').fill('2020-01-01');
    await filters.getByLabel('To').fill('2020-12-31');
    await page.waitForURL(/from=2020-01-01&to=2020-12-31/);
    await eventually(() =>
      report
        .getByRole('row', { name: /^Total/ })
        .locator('td')
        .allTextContents(),
    ).toEqual(['€0.00', '€0.00', '€0.00', '€0.00', '€0.00']);
    await page.goBack();
    await page.goBack();
    await eventually(() =>
      report
        .getByRole('row', { name: /^Total/ })
        .locator('td')
        .nth(1)
        .textContent(),
    ).toBe('€4.15');
    expect(await seriousAxeViolations(page)).toEqual([]);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = fs.readFileSync(await (await download).path(), 'utf8').split(/\r?\n/);
    expect(csv[0]).toBe('tax_rate_id,name,rate,taxable_sales,tax_collected,taxable_refunds,tax_refunded,net_tax');
    // each rate's row: its id, name, and the rate and amounts as exact decimal text
    const rowOf = (id: string) => {
      const cells = csv.find((l) => l.startsWith(`${id},`))!.split(',');
      return [cells[1], ...cells.slice(2).map(Number)];
    };
    expect(rowOf(vat.id)).toEqual(['VAT', 19, 21.01, 3.99, 0, 0, 3.99]);
    expect(rowOf(reduced.id)).toEqual(['Reduced', 7, 2.24, 0.16, 0, 0, 0.16]);

    // a rate in use is archived, not deleted, and the page says so; it shows among the archived ones
    await page.goto(`${app.origin}/console/settings/taxes`);
    await page.getByRole('button', { name: 'Delete Reduced 7%' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete the rate Reduced 7%?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete rate' }).click();
    await page
      .getByRole('status')
      .getByText(/Reduced 7% was used by orders, so it was archived instead of deleted/)
      .waitFor();
    await eventually(() =>
      page
        .getByRole('table', { name: 'Tax rates' })
        .getByRole('row', { name: /Reduced/ })
        .count(),
    ).toBe(0);
    await page.getByLabel('Show archived rates').check();
    await page.waitForURL(/archived=1/);
    await eventually(() =>
      page
        .getByRole('table', { name: 'Tax rates' })
        .getByRole('row', { name: /Reduced/ })
        .locator('td')
        .nth(2)
        .textContent(),
    ).toMatch(/^Archived /);
    expect(cspViolations(tab)).toEqual([]);
    expect(tab.errors.filter((e) => !/status of 400/.test(e))).toEqual([]);
    await context.close();
  });
});
