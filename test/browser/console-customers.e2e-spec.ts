import { Browser } from 'playwright-core';
import { apiAs, TestBusiness } from '../helpers/test-app';
import {
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  launchChromium,
  openConsole,
  seriousAxeViolations,
  signIn,
  startConsoleApp,
} from './browser-harness';

/** docs/api.md 16's Customers: search in the URL, a customer's totals, orders and loyalty, Redeem points refused then accepted. */
describeInBrowser('the console customers in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let ada: string;
  let orderId: string;
  let orderNumber: string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Tea Rooms', { currency: 'GBP', timezone: 'Europe/London' });
    api = apiAs(app.t, biz);
    const product = (await api.post('/products', { name: 'Darjeeling tin', price: 25.5 }).expect(201)).body.data.id as string;
    await api.post('/stock/adjustments', { product_id: product, quantity: 10, reason: 'restock' }).expect(201);
    const order = (
      await api
        .post('/orders', {
          items: [{ product_id: product, quantity: 2 }],
          payment_method: 'card',
          customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
        })
        .expect(201)
    ).body.data;
    orderId = order.order_id;
    orderNumber = order.order_number;
    ada = order.customer_id;
    await api.post('/customers', { name: 'Bob Babbage', email: 'bob@example.com' }).expect(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('searches customers by the API with the search in the URL', async () => {
    const tab = await openConsole(browser, app, '/console/customers');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Customers' }).waitFor();
    await page.getByRole('link', { name: 'Bob Babbage' }).waitFor();
    await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Search customers').fill('ADA@');
    await page.getByLabel('Search customers').press('Enter');
    await page.waitForURL(/\/console\/customers\?q=ADA%40$/);
    await page.getByRole('link', { name: 'Bob Babbage' }).waitFor({ state: 'detached' });
    const row = page.getByRole('row', { name: /Ada Lovelace/ });
    await eventually(() => row.locator('td').allTextContents()).toEqual(['Ada Lovelace', 'ada@example.com', '—', '1', '£51.00', '51']);

    await page.reload();
    await page.getByRole('link', { name: 'Ada Lovelace' }).waitFor();
    await eventually(() => page.getByLabel('Search customers').inputValue()).toBe('ADA@');
    await eventually(() => page.getByRole('link', { name: 'Bob Babbage' }).count()).toBe(0);

    await page.getByLabel('Search customers').fill('nobody');
    // the form's own Search (the header's opens the search of every kind)
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No customer matches “nobody”.').waitFor();
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it("shows a customer's totals, orders and loyalty; a redemption above the balance is refused on the form, then one within it accepted", async () => {
    const tab = await openConsole(browser, app, '/console/customers?q=ada');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('link', { name: 'Ada Lovelace' }).click();
    await page.waitForURL(`${app.origin}/console/customers/${ada}`);
    await page.getByRole('heading', { level: 2, name: 'Ada Lovelace' }).waitFor();
    const orderLink = page.getByRole('region', { name: 'Orders' }).getByRole('link', { name: orderNumber });
    await eventually(() => orderLink.getAttribute('href')).toBe(`/console/orders/${orderId}`);
    await eventually(() => page.getByTestId('loyalty-balance').textContent()).toBe('51 points');
    await page.getByRole('table', { name: 'History' }).getByText(`Points earned on order ${orderNumber}`).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const form = page.getByRole('form', { name: 'Redeem points' });
    await form.getByLabel('Points to redeem').fill('60');
    await form.getByLabel('Reason (optional)').fill('Birthday gift');
    await form.getByRole('button', { name: 'Redeem points' }).click();
    const alert = form.getByRole('alert');
    await alert.getByText(/INSUFFICIENT_POINTS/).waitFor();
    await eventually(() => alert.textContent()).toMatch(/balance: 51, requested: 60/);
    await eventually(() => alert.textContent()).toMatch(/Request id/);
    // nothing lost from the form, nothing redeemed
    await eventually(() => form.getByLabel('Points to redeem').inputValue()).toBe('60');
    await eventually(() => form.getByLabel('Reason (optional)').inputValue()).toBe('Birthday gift');
    expect((await api.get(`/loyalty/${ada}`).expect(200)).body.balance).toBe(51);

    await form.getByLabel('Points to redeem').fill('50');
    await form.getByRole('button', { name: 'Redeem points' }).click();
    await form.getByRole('status').getByText('Redeemed 50 points; the balance is now 1 points.').waitFor();
    await page.getByTestId('loyalty-balance').getByText('1 points').waitFor();
    await page.getByRole('table', { name: 'History' }).getByText('Birthday gift').waitFor();
    await eventually(() => form.getByRole('alert').count()).toBe(0);
    expect((await api.get(`/loyalty/${ada}`).expect(200)).body).toMatchObject({ balance: 1, lifetime_redeemed: 50 });
    const history = (await api.get(`/loyalty/${ada}/history`).expect(200)).body as { type: string; points: number }[];
    expect(history.filter((t) => t.type === 'redeem')).toHaveLength(1);
    expect(tab.errors.filter((e) => !/status of 422/.test(e))).toEqual([]);
    await context.close();
  });
});
