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

/** docs/api.md 16's Invoices: the list by status and dates in the URL, an invoice marked paid, overdue, cancelled after a confirmation. */
describeInBrowser('the console invoices in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  const invoices: { id: string; number: string }[] = [];

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Ledger & Co', { currency: 'EUR', timezone: 'Europe/Berlin' });
    api = apiAs(app.t, biz);
    const product = (await api.post('/products', { name: 'Consulting hour', price: 95.5 }).expect(201)).body.data.id as string;
    const customer = (await api.post('/customers', { name: 'Ada Lovelace', email: 'ada@example.com' }).expect(201)).body.data.id as string;
    for (const price of [0.1, 0.2, 1234567.89]) {
      const body = (await api.post('/invoices', { customer_id: customer, items: [{ product_id: product, quantity: 1, price }] }).expect(201)).body.data;
      invoices.push({ id: body.id, number: body.invoice_number });
    }
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('filters the list by status and dates in the URL (reload and Back keep it)', async () => {
    await api.put(`/invoices/${invoices[0].id}`, { status: 'overdue' }).expect(200);
    const tab = await openConsole(browser, app, '/console/invoices');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();
    const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
    await rows.nth(2).waitFor();
    await eventually(() => rows.count()).toBe(3);
    expect(
      await page
        .getByRole('row', { name: new RegExp(invoices[2].number) })
        .locator('td')
        .last()
        .textContent(),
    ).toBe('€1,234,567.89');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Status').selectOption('overdue');
    await page.waitForURL(/\/console\/invoices\?status=overdue$/);
    await page.getByRole('link', { name: invoices[0].number }).waitFor();
    await page.getByRole('link', { name: invoices[1].number }).waitFor({ state: 'detached' });
    await eventually(() => rows.count()).toBe(1);

    await page.reload();
    await page.getByRole('link', { name: invoices[0].number }).waitFor();
    await eventually(() => page.getByLabel('Status').inputValue()).toBe('overdue');
    await eventually(() => rows.count()).toBe(1);

    await page.goBack();
    await page.waitForURL(/\/console\/invoices$/);
    await rows.nth(2).waitFor();
    await eventually(() => page.getByLabel('Status').inputValue()).toBe('');

    // a date range the invoices are not in
    await page.getByLabel('To').fill('2020-01-01');
    await page.waitForURL(/to=2020-01-01/);
    await page.getByText('No invoice matches these filters.').waitFor();
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('marks an invoice paid with a date, and the API has it paid on that date', async () => {
    const target = invoices[1];
    const tab = await openConsole(browser, app, '/console/invoices');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('link', { name: target.number }).click();
    await page.waitForURL(`${app.origin}/console/invoices/${target.id}`);
    await page.getByRole('heading', { name: `Invoice ${target.number}` }).waitFor();
    await eventually(() => page.getByTestId('invoice-status').textContent()).toBe('Unpaid');
    await eventually(() => page.getByTestId('invoice-total').textContent()).toBe('€0.20');
    await page.getByRole('region', { name: 'Credit notes' }).getByText('No credit note for this invoice.').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByLabel('Paid date').fill('2026-11-20');
    await page.getByRole('button', { name: 'Mark paid' }).click();
    await page.getByTestId('invoice-status').getByText('Paid', { exact: true }).waitFor();
    await eventually(() => page.getByRole('button', { name: 'Mark paid' }).count()).toBe(0);

    const stored = (await api.get(`/invoices/${target.id}`).expect(200)).body.data;
    expect(stored).toMatchObject({ status: 'paid', paid_date: '2026-11-20' });
    const income = (await api.get('/finance/transactions?type=income').expect(200)).body.data;
    expect(income).toEqual([expect.objectContaining({ category: 'invoices', amount: 0.2, invoice_id: target.id })]);
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('marks an invoice overdue, then cancels it after a confirmation that Escape closes', async () => {
    const target = invoices[2];
    const tab = await openConsole(browser, app, `/console/invoices/${target.id}`);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('button', { name: 'Mark overdue' }).click();
    await page.getByTestId('invoice-status').getByText('Overdue').waitFor();
    expect((await api.get(`/invoices/${target.id}`).expect(200)).body.data.status).toBe('overdue');
    await eventually(() => page.getByRole('button', { name: 'Mark overdue' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    const dialog = page.getByRole('alertdialog', { name: `Cancel invoice ${target.number}?` });
    await dialog.waitFor();
    await eventually(() => dialog.getByRole('button', { name: 'Keep invoice' }).evaluate((el) => el.matches(':focus'))).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await api.get(`/invoices/${target.id}`).expect(200)).body.data.status).toBe('overdue');

    await page.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.getByRole('button', { name: 'Cancel invoice' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByTestId('invoice-status').getByText('Cancelled').waitFor();
    expect((await api.get(`/invoices/${target.id}`).expect(200)).body.data.status).toBe('cancelled');
    await eventually(() => page.getByRole('region', { name: 'Status' }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('pages the list by the API, the page in the URL (Next, reload, Back)', async () => {
    const big = await consoleBusiness(app, 'Many Invoices', { currency: 'EUR' });
    const bigApi = apiAs(app.t, big);
    const product = (await bigApi.post('/products', { name: 'Item', price: 1 }).expect(201)).body.data.id as string;
    const customer = (await bigApi.post('/customers', { email: 'many@example.com' }).expect(201)).body.data.id as string;
    for (let i = 0; i < 21; i++) await bigApi.post('/invoices', { customer_id: customer, items: [{ product_id: product, quantity: 1, price: 1 }] }).expect(201);
    const tab = await openConsole(browser, app, '/console/invoices');
    const { page, context } = tab;
    await signIn(page, big.api_key);
    const rows = page.getByRole('table', { name: 'Invoices' }).locator('tbody tr');
    const pages = page.getByRole('navigation', { name: 'Pages of invoices' });
    await pages.getByText('Page 1 of 2 (21 invoices)').waitFor();
    await eventually(() => rows.count()).toBe(20);
    await eventually(() => pages.getByRole('button', { name: 'Previous page' }).isDisabled()).toBe(true);
    await pages.getByRole('button', { name: 'Next page' }).click();
    await page.waitForURL(/\/console\/invoices\?page=2$/);
    await pages.getByText('Page 2 of 2 (21 invoices)').waitFor();
    await eventually(() => rows.count()).toBe(1);
    // the oldest invoice is the one left for page 2 (newest first)
    await page.getByRole('link', { name: 'INV-0001' }).waitFor();
    await page.reload();
    await pages.getByText('Page 2 of 2 (21 invoices)').waitFor();
    await page.goBack();
    await pages.getByText('Page 1 of 2 (21 invoices)').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('shows an unknown invoice as the API error with its request id', async () => {
    const tab = await openConsole(browser, app, '/console/invoices/00000000-0000-4000-8000-000000000000');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const alert = page.getByRole('alert');
    await alert.getByText(/NOT_FOUND/).waitFor();
    await alert.getByText(/Request id/).waitFor();
    await context.close();
  });
});
