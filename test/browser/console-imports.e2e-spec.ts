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

/** A products file whose second data row has a price that is not money. */
const PRODUCTS_CSV = ['sku,name,price,category.name', 'IMP-1,Oat milk,2.40,Milk', 'IMP-2,Soy milk,two euros,Milk', 'IMP-3,Rice milk,2.10,Milk', ''].join('\n');

/** docs/api.md 16's console: a products file imported from the Products page, its bad row seen by row and column, its errors downloaded, applied. */
describeInBrowser('the console imports in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee', { currency: 'EUR', timezone: 'Europe/Berlin' });
    api = apiAs(app.t, biz);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('uploads a products file, shows the bad row with its row and column, downloads the errors, applies, shows the products', async () => {
    const tab = await openConsole(browser, app, '/console/products');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Imports' }).waitFor();
    expect(await page.getByLabel('What to import').inputValue()).toBe('products');
    await page.getByText('No imports yet.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('CSV file').setInputFiles({ name: 'milks.csv', mimeType: 'text/csv', buffer: Buffer.from(PRODUCTS_CSV) });
    await page.getByRole('button', { name: 'Upload and check' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Checked: see the preview, then Apply.' }).waitFor();
    await eventually(() => figure(page, 'To create').textContent()).toBe('2');
    expect(await figure(page, 'With errors').textContent()).toBe('1');
    expect(await figure(page, 'To update').textContent()).toBe('0');
    const errors = page.getByRole('table', { name: 'Errors by row and column' });
    const row = errors.getByRole('row').nth(1);
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect(cells.slice(0, 3)).toEqual(['2', 'IMP-2', 'price']);
    // nothing changed before Apply
    expect((await api.get('/products').expect(200)).body.meta.total).toBe(0);
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download errors' }).click()]);
    const text = fs.readFileSync(await download.path(), 'utf8');
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/\berror$/);
    expect(lines[1]).toContain('IMP-2');
    expect(lines[1]).toContain('two euros');

    await page.getByRole('button', { name: 'Apply' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Applied: 3 of 3 rows \(100%\)\.$/ })
      .waitFor({ timeout: 30_000 });
    expect(await page.getByRole('progressbar', { name: 'Rows applied' }).getAttribute('aria-valuetext')).toBe('3 of 3 rows (100%)');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'See the products' }).click();
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    const products = page.getByRole('table', { name: 'Products' });
    await products.getByRole('rowheader', { name: 'Oat milk' }).waitFor();
    await products.getByRole('rowheader', { name: 'Rice milk' }).waitFor();
    expect(await products.getByRole('rowheader', { name: 'Soy milk' }).count()).toBe(0);

    // the import's page stays reachable from the list
    await page.getByRole('link', { name: 'Import', exact: true }).click();
    const list = page.getByRole('table', { name: 'Imports' });
    await list.getByRole('link', { name: 'milks.csv' }).click();
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor();
    await page
      .getByRole('status')
      .filter({ hasText: /^Applied:/ })
      .waitFor();

    // Customers and Inventory have Import too, each choosing its kind
    for (const [name, kind] of [
      ['Customers', 'customers'],
      ['Inventory', 'stock'],
    ]) {
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name }).click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      await page.getByRole('link', { name: 'Import', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Imports' }).waitFor();
      expect(await page.getByLabel('What to import').inputValue()).toBe(kind);
    }
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
