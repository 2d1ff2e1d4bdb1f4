import * as fs from 'fs';
import { Browser } from 'playwright-core';
import { apiAs, TestBusiness } from '../helpers/test-app';
import {
  axeAtEverySize,
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  launchChromium,
  openConsole,
  signIn,
  startConsoleApp,
} from './browser-harness';

/**
 * docs/api.md 20 in a browser: Settings -> Activity lists the sale and the price change with its
 * diff (before -> after), filters by action (the filter in the URL), pages Newer/Older over the
 * cursor; the product's page shows its own history; Roles lists the built-in roles and creates one
 * with scopes in plain words. axe is clean on each at the three sizes.
 */
describeInBrowser('the activity log and roles in the console', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let beans: string;
  let orderNumber: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    const api = apiAs(app.t, biz);
    beans = (await api.post('/products', { name: 'Beans', price: 10 }).expect(201)).body.data.id;
    await api.post('/stock/adjustments', { product_id: beans, quantity: 10, reason: 'restock' }).expect(201);
    orderNumber = (await api.post('/orders', { payment_method: 'cash', items: [{ product_id: beans, quantity: 1 }] }).expect(201)).body.data.order_number;
    await api.put(`/products/${beans}`, { price: 12.5 }).expect(200);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('Activity shows the sale and the price change with its diff, and filters by action (in the URL)', async () => {
    const tab = await openConsole(browser, app, '/console/settings/activity');
    const { page } = tab;
    await signIn(page, biz.api_key);
    const table = page.getByRole('table', { name: 'Activity' });
    const update = table.getByRole('row').filter({ hasText: 'products.update' });
    await update.waitFor();
    await eventually(() => update.textContent()).toMatch(/price: 10(\.00)? → 12\.5/);
    await table.getByRole('row').filter({ hasText: 'orders.create' }).filter({ hasText: orderNumber }).waitFor();
    expect(await axeAtEverySize(page)).toEqual([]);

    await page.getByLabel('Action').fill('products.');
    await page.getByLabel('Action').press('Enter');
    await eventually(() => page.url()).toContain('action=products.');
    await eventually(() => table.getByRole('row').filter({ hasText: 'orders.create' }).count()).toBe(0);
    await update.waitFor();
    await page.reload();
    await update.waitFor();
    await eventually(() => page.getByLabel('Action').inputValue()).toBe('products.');

    // Download CSV: every entry matching the filters (the API's format=csv)
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^activity-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await file.path(), 'utf8');
    expect(csv).toContain('products.update');
    expect(csv).not.toContain('orders.create');
    expect(cspViolations(tab)).toEqual([]);
    await tab.context.close();
  });

  it('Older and Newer page the log by its cursor, the cursor in the URL', async () => {
    const api = apiAs(app.t, biz);
    const cups = (await api.post('/products', { name: 'Cups', price: 1 }).expect(201)).body.data.id;
    for (let i = 1; i <= 50; i++) await api.put(`/products/${cups}`, { price: 1 + i }).expect(200);
    const tab = await openConsole(browser, app, '/console/settings/activity?action=products.update');
    const { page } = tab;
    await signIn(page, biz.api_key);
    const rows = page.getByRole('table', { name: 'Activity' }).locator('tbody tr');
    await eventually(() => rows.count()).toBe(50);
    const pages = page.getByRole('navigation', { name: 'Pages of activity' });
    await eventually(() => pages.getByRole('button', { name: 'Newer' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Older' }).click();
    await eventually(() => page.url()).toMatch(/after=[0-9a-f-]{36}/);
    await eventually(() => rows.count()).toBe(1); // 51 price changes: Beans' one is the oldest
    await rows.filter({ hasText: 'Beans' }).waitFor();
    await eventually(() => pages.getByRole('button', { name: 'Older' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Newer' }).click();
    await eventually(() => rows.count()).toBe(50);
    await eventually(() => page.url()).not.toMatch(/after=/);
    await tab.context.close();
  });

  it("the product's page shows its history with who changed the price", async () => {
    const tab = await openConsole(browser, app, `/console/products/${beans}`);
    await signIn(tab.page, biz.api_key);
    const history = tab.page.getByRole('table', { name: 'History of this product' });
    await history
      .getByRole('row')
      .filter({ hasText: 'products.update' })
      .filter({ hasText: /price: 10(\.00)? → 12\.5/ })
      .waitFor();
    expect(await axeAtEverySize(tab.page)).toEqual([]);
    await tab.context.close();
  });

  it('Roles lists the built-in roles read-only and creates a role from scopes in plain words', async () => {
    const tab = await openConsole(browser, app, '/console/settings/roles');
    const { page } = tab;
    await signIn(page, biz.api_key);
    const builtIn = page.getByRole('table', { name: 'Built-in roles' });
    await builtIn.getByRole('row', { name: /cashier/ }).waitFor();
    await eventually(() => builtIn.getByRole('button').count()).toBe(0);
    const form = page.getByRole('form', { name: 'New role' });
    await form.getByLabel('Role name').fill('Barista');
    await form.getByLabel('Sell at the till').check();
    await form.getByLabel('Customers and loyalty points').check();
    await form.getByRole('button', { name: 'Create role' }).click();
    await page
      .getByRole('table', { name: 'Your roles' })
      .getByRole('row', { name: /Barista/ })
      .waitFor();
    expect(await axeAtEverySize(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete Barista' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete role' }).click();
    await eventually(() => page.getByRole('table', { name: 'Your roles' }).count()).toBe(0);
    await tab.context.close();
  });
});
