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

function productRows(page: Page) {
  return page.getByRole('table', { name: 'Products' }).locator('tbody tr');
}

/** docs/api.md 16's Products: search and filters in the URL, stock per warehouse, create, edit, deactivate, movements. */
describeInBrowser('the console Products in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    api = apiAs(app.t, biz);
    const coffee = (await api.post('/categories', { name: 'Coffee' }).expect(201)).body.data.id;
    const back = (await api.post('/warehouses', { name: 'Back room' }).expect(201)).body.data.id;
    const product = async (name: string, body: object) => (ids[name] = (await api.post('/products', { name, price: 10, ...body }).expect(201)).body.data.id);
    const restock = (id: string, quantity: number, warehouse_id?: string) =>
      api.post('/stock/adjustments', { product_id: id, quantity, reason: 'restock', ...(warehouse_id ? { warehouse_id } : {}) }).expect(201);
    await product('Beans', { category_id: coffee, sku: 'BEANS' });
    await product('Cups', { price: 0.1 });
    await product('Tea', { category_id: coffee, price: 4.5 });
    await restock(ids.Beans, 5);
    await restock(ids.Beans, 2, back);
    await restock(ids.Tea, 3);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('searches and filters with the state in the URL, and shows the stock of each warehouse', async () => {
    const tab = await openConsole(browser, app, '/console/products');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await productRows(page).nth(2).waitFor();
    await eventually(() => productRows(page).locator('th').allTextContents()).toEqual(['Beans', 'Cups', 'Tea']);
    const headers = await page.getByRole('table', { name: 'Products' }).locator('thead th').allTextContents();
    expect(headers).toEqual(['Name', 'SKU', 'Category', 'Price', 'Main', 'Back room', 'Stock', 'On order']);
    await eventually(() => productRows(page).first().locator('td').allTextContents()).toEqual(['BEANS', 'Coffee', '$10.00', '5', '2', '7', '0']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('searchbox', { name: 'Search by name' }).fill('ea');
    await page.getByRole('searchbox', { name: 'Search by name' }).press('Enter');
    await page.waitForURL(`${app.origin}/console/products?search=ea`);
    await productRows(page).nth(1).waitFor();
    await eventually(() => productRows(page).locator('th').allTextContents()).toEqual(['Beans', 'Tea']);

    await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'Out of stock' });
    await page.getByText('No products match these filters.').waitFor();
    await page.getByLabel('Stock', { exact: true }).selectOption({ label: 'In stock' });
    await page.getByLabel('Category').selectOption({ label: 'Coffee' });
    await page.waitForURL(/\?search=ea&category=[0-9a-f-]{36}&stock=in$/);
    await page.reload();
    await productRows(page).nth(1).waitFor();
    await eventually(() => productRows(page).locator('th').allTextContents()).toEqual(['Beans', 'Tea']);
    await eventually(() => page.getByRole('searchbox', { name: 'Search by name' }).inputValue()).toBe('ea');
    await page.goBack();
    await page.waitForURL(`${app.origin}/console/products?search=ea&stock=in`);
    await eventually(() => page.getByLabel('Category').inputValue()).toBe('');
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('creates a product (a refused SKU keeps the form), edits it, deactivates it after a confirmation', async () => {
    const tab = await openConsole(browser, app, '/console/products');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await page.getByLabel('Name').fill('Grinder');
    await page.getByLabel('SKU').fill('BEANS');
    await page.getByLabel('Barcode').fill('4006381333931');
    await page.getByLabel('Price', { exact: true }).fill('89.90');
    await page.getByLabel('Category').selectOption({ label: 'Coffee' });
    await page.getByRole('button', { name: 'Create product' }).click();
    await page
      .getByRole('alert')
      .getByText(/SKU_TAKEN/)
      .waitFor();
    await eventually(() => page.getByRole('alert').textContent()).toMatch(/Request id: [0-9a-f-]{36}/);
    await eventually(() => page.getByLabel('Name').inputValue()).toBe('Grinder');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('SKU').fill('GRD-1');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.getByRole('heading', { level: 1, name: 'Grinder' }).waitFor();
    await eventually(() => figure(page, 'Price').textContent()).toBe('$89.90');
    await eventually(() => figure(page, 'Category').textContent()).toBe('Coffee');
    const created = (await api.get('/products?sku=GRD-1').expect(200)).body.data[0];
    expect(created).toMatchObject({ name: 'Grinder', price: 89.9, barcode: '4006381333931', category: { name: 'Coffee' } });
    expect(page.url()).toBe(`${app.origin}/console/products/${created.id}`);

    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByLabel('Price', { exact: true }).fill('95');
    await page.getByLabel('Minimum stock').fill('2');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await figure(page, 'Price').getByText('$95.00').waitFor();
    expect((await api.get(`/products/${created.id}`).expect(200)).body.data).toMatchObject({ price: 95, min_stock: 2, sku: 'GRD-1' });

    await page.getByRole('button', { name: 'Deactivate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Grinder?' });
    await dialog.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Keep it active' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await api.get(`/products/${created.id}`).expect(200)).body.data.is_active).toBe(true);
    await page.getByRole('button', { name: 'Deactivate' }).click();
    await dialog.getByRole('button', { name: 'Yes, deactivate' }).click();
    await figure(page, 'Status').getByText('Inactive').waitFor();
    expect((await api.get(`/products/${created.id}`).expect(200)).body.data.is_active).toBe(false);
    await page.getByRole('button', { name: 'Activate' }).waitFor();
    expect(cspViolations(tab)).toEqual([]);
    expect(tab.errors.filter((e) => !/409/.test(e))).toEqual([]);
    await context.close();
  });

  it("shows a product's stock by warehouse and its stock movements", async () => {
    await api.post('/orders', { items: [{ product_id: ids.Beans, quantity: 1 }], payment_method: 'cash' }).expect(201);
    const tab = await openConsole(browser, app, `/console/products/${ids.Beans}`);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Beans' }).waitFor();
    const stock = page.getByRole('region', { name: 'Stock by warehouse' });
    await eventually(() => stock.getByRole('row', { name: /Main/ }).locator('td').textContent()).toBe('4');
    expect(
      await stock
        .getByRole('row', { name: /Back room/ })
        .locator('td')
        .textContent(),
    ).toBe('2');
    const movements = page.getByRole('table', { name: 'Stock movements' }).locator('tbody tr');
    await movements.nth(2).waitFor();
    await eventually(() => movements.evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].slice(1, 4).map((td) => td.textContent)))).toEqual([
      ['sale', '-1', '4'],
      ['adjustment', '2', '2'],
      ['adjustment', '5', '5'],
    ]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
