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

/** The rows of the orders table (the header row left out). */
function orderRows(page: Page) {
  return page.getByRole('table', { name: 'Orders' }).locator('tbody tr');
}

/** docs/api.md 16's Orders: the list with its filters and page in the URL, an order's page, Cancel order and Return after a confirmation. */
describeInBrowser('the console Orders in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let beans: string;
  let cups: string;
  let api: ReturnType<typeof apiAs>;

  const order = async (body: object) => (await api.post('/orders', { payment_method: 'cash', ...body }).expect(201)).body.data;
  const stockOf = async (id: string) => (await api.get(`/products/${id}`).expect(200)).body.data.stock as number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    api = apiAs(app.t, biz);
    beans = (await api.post('/products', { name: 'Beans', price: 10 }).expect(201)).body.data.id;
    cups = (await api.post('/products', { name: 'Cups', price: 2 }).expect(201)).body.data.id;
    for (const id of [beans, cups]) await api.post('/stock/adjustments', { product_id: id, quantity: 100, reason: 'restock' }).expect(201);
    // 25 orders: 3 of Ana's, one of them cancelled
    for (let i = 0; i < 22; i++) await order({ items: [{ product_id: cups, quantity: 1 }] });
    for (let i = 0; i < 3; i++) await order({ items: [{ product_id: beans, quantity: 1 }], customer: { email: 'ana@example.com', name: 'Ana Silva' } });
    const last = (await api.get('/orders?per_page=1').expect(200)).body.data[0];
    await api.post(`/orders/${last.order_id}/cancel`, {}).expect(200);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('keeps the filters and the page in the URL: paging, status, customer, dates, reload and Back', async () => {
    const tab = await openConsole(browser, app, '/console/orders');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await orderRows(page).nth(19).waitFor();
    await eventually(() => orderRows(page).count()).toBe(20);
    await eventually(() => page.getByText('Page 1 of 2 (25 orders)').isVisible()).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(`${app.origin}/console/orders?page=2`);
    await page.getByText('Page 2 of 2 (25 orders)').waitFor();
    await eventually(() => orderRows(page).count()).toBe(5);
    await eventually(() => orderRows(page).first().locator('th').textContent()).toBe('S-0005');

    await page.getByLabel('Status').selectOption({ label: 'Cancelled' });
    await page.waitForURL(`${app.origin}/console/orders?status=cancelled`);
    await page.getByText('Page 1 of 1 (1 orders)').waitFor();
    await eventually(() => orderRows(page).locator('th').allTextContents()).toEqual(['S-0025']);
    await page.reload();
    await page.getByText('Page 1 of 1 (1 orders)').waitFor();
    await eventually(() => page.getByLabel('Status').inputValue()).toBe('cancelled');
    await page.goBack();
    await page.waitForURL(`${app.origin}/console/orders?page=2`);
    await page.getByText('Page 2 of 2 (25 orders)').waitFor();

    await page.getByRole('searchbox', { name: 'Customer' }).fill('ana@example.com');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/\/console\/orders\?customer=[0-9a-f-]{36}$/);
    await page.getByText('Page 1 of 1 (3 orders)').waitFor();
    await page.reload();
    await page.getByText('Page 1 of 1 (3 orders)').waitFor();
    await page.getByRole('searchbox', { name: 'Customer' }).and(page.locator('[value="ana@example.com"]')).waitFor();

    await page.getByLabel('From').fill('2099-01-01');
    await page.getByText('No orders match these filters.').waitFor();
    expect(page.url()).toMatch(/customer=[0-9a-f-]{36}&from=2099-01-01$/);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it("shows an order's page, and cancels it only after the confirmation (Escape backs out)", async () => {
    const sale = await order({
      items: [{ product_id: beans, quantity: 2 }],
      customer: { email: 'bo@example.com', name: 'Bo' },
      send_invoice: true,
      tax_amount: 1.5,
    });
    const stockBefore = await stockOf(beans);
    const tab = await openConsole(browser, app, '/console/orders');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('link', { name: sale.order_number }).click();
    await page.getByRole('heading', { level: 1, name: `Order ${sale.order_number}` }).waitFor();
    expect(page.url()).toBe(`${app.origin}/console/orders/${sale.order_id}`);
    await eventually(() => figure(page, 'Customer').textContent()).toBe('Bo, bo@example.com');
    await eventually(() => figure(page, 'Invoice').textContent()).toBe(sale.invoice_number);
    await eventually(() => figure(page, 'Total').textContent()).toBe('$21.50');
    await eventually(() => page.getByRole('row', { name: /Beans/ }).locator('td').allTextContents()).toEqual([
      expect.stringMatching(/^SKU-/),
      '2',
      '0',
      '$10.00',
      '$0.00',
      '$20.00',
    ]);
    await page.getByText('Nothing returned.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${sale.order_number}?` });
    await dialog.waitFor();
    await eventually(() => dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await api.get(`/orders/${sale.order_id}`).expect(200)).body.data.status).toBe('completed');

    await page.getByRole('button', { name: 'Cancel order' }).click();
    await dialog.getByLabel('Reason').fill('customer changed their mind');
    await dialog.getByRole('button', { name: 'Yes, cancel the order' }).click();
    await dialog.waitFor({ state: 'detached' });
    await figure(page, 'Status').getByText('Cancelled').waitFor();
    await eventually(() => page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    const after = (await api.get(`/orders/${sale.order_id}`).expect(200)).body.data;
    expect(after).toMatchObject({ status: 'cancelled', refunded_amount: 21.5 });
    await eventually(() => stockOf(beans)).toBe(stockBefore + 2);
    expect(cspViolations(tab)).toEqual([]);
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('returns part of an order after the confirmation: the return, its credit note and the refund on the page', async () => {
    const sale = await order({
      items: [
        { product_id: beans, quantity: 3 },
        { product_id: cups, quantity: 1 },
      ],
      send_invoice: true,
    });
    const [beansBefore, cupsBefore] = [await stockOf(beans), await stockOf(cups)];
    const tab = await openConsole(browser, app, `/console/orders/${sale.order_id}`);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: `Order ${sale.order_number}` }).waitFor();
    await page.getByRole('button', { name: 'Return' }).click();
    const dialog = page.getByRole('dialog', { name: `Return goods of order ${sale.order_number}` });
    await dialog.getByLabel('Quantity of Beans to return').fill('2');
    await dialog.getByLabel('Quantity of Cups to return').fill('1');
    await dialog.getByLabel('Put Cups back in stock').uncheck();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Return and refund' }).click();
    await dialog.waitFor({ state: 'detached' });
    const done = page.getByRole('dialog', { name: 'Return R-0001 made' });
    await done.getByRole('button', { name: 'Done' }).click();
    await done.waitFor({ state: 'detached' });
    await figure(page, 'Status').getByText('Partially returned').waitFor();
    const returns = page.getByRole('region', { name: 'Returns and credit notes' });
    await returns.getByRole('row', { name: /R-0001/ }).waitFor();
    expect(
      await returns
        .getByRole('row', { name: /R-0001/ })
        .locator('td')
        .allTextContents(),
    ).toEqual([expect.any(String), 'CN-0001', '2', '0', '$22.00']);
    await eventually(() => figure(page, 'Refunded').textContent()).toBe('$22.00');

    const after = (await api.get(`/orders/${sale.order_id}`).expect(200)).body.data;
    expect(after.status).toBe('partially_returned');
    expect(after.items.map((i: { returned_quantity: number }) => i.returned_quantity)).toEqual([2, 1]);
    expect([await stockOf(beans), await stockOf(cups)]).toEqual([beansBefore + 2, cupsBefore]);

    // too many: the API's refusal inside the dialog, nothing typed lost
    await page.getByRole('button', { name: 'Return' }).click();
    await dialog.getByLabel('Quantity of Beans to return').fill('5');
    // refused by the quote already, before any confirmation
    await dialog
      .getByRole('alert')
      .getByText(/RETURN_EXCEEDS_SOLD/)
      .waitFor();
    await eventually(() => dialog.getByLabel('Quantity of Beans to return').inputValue()).toBe('5');
    expect(await dialog.getByRole('button', { name: 'Return and refund' }).isDisabled()).toBe(true);
    expect((await api.get(`/orders/${sale.order_id}/returns`).expect(200)).body.meta.total).toBe(1);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
