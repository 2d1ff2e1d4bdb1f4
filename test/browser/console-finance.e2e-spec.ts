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

/** The accessible name of the element that has the focus. */
function focusedName(page: Page): Promise<string | null> {
  return page.evaluate('document.activeElement && (document.activeElement.getAttribute("aria-label") || document.activeElement.textContent)');
}

/** docs/api.md 16's Finance: the summary of a period, the transactions filtered in the URL, New expense, New payroll run typed by keyboard. */
describeInBrowser('the console finance in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Bakery', { currency: 'USD', timezone: 'America/New_York' });
    api = apiAs(app.t, biz);
    const product = (await api.post('/products', { name: 'Sourdough', price: 0.1 }).expect(201)).body.data.id as string;
    await api.post('/stock/adjustments', { product_id: product, quantity: 100, reason: 'restock' }).expect(201);
    await api.post('/orders', { items: [{ product_id: product, quantity: 3 }], payment_method: 'cash' }).expect(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('shows the summary with its categories and filters the transactions in the URL', async () => {
    await api.post('/expenses', { amount: 0.2, category: 'flour', description: 'Rye flour' }).expect(201);
    const tab = await openConsole(browser, app, '/console/finance');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Finance' }).waitFor();
    await figure(page, 'Income').getByText('$0.30').waitFor();
    await eventually(() => figure(page, 'Expenses').textContent()).toBe('$0.20');
    await eventually(() => figure(page, 'Net').textContent()).toBe('$0.10');
    const categories = page.getByRole('table', { name: 'By category' });
    await eventually(() => categories.getByRole('row', { name: /sales/ }).locator('td').allTextContents()).toEqual(['income', 'sales', '1', '$0.30']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('radio', { name: '7 days' }).check();
    await page.waitForURL(/days=7/);

    const transactions = page.getByRole('table', { name: 'Transactions' });
    const rows = transactions.locator('tbody tr');
    const filters = page.getByRole('search', { name: 'Filter transactions' });
    await rows.nth(1).waitFor();
    await filters.getByLabel('Type').selectOption('expense');
    await page.waitForURL(/type=expense/);
    await transactions.getByRole('cell', { name: 'sales' }).waitFor({ state: 'detached' });
    await transactions.getByRole('cell', { name: 'flour', exact: true }).waitFor();
    await eventually(() => rows.count()).toBe(1);
    await eventually(() => rows.first().locator('td').allTextContents()).toEqual([expect.any(String), 'expense', 'flour', 'Rye flour', '—', '$0.20']);

    await filters.getByLabel('Category').fill('nothing-here');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL(/category=nothing-here/);
    await page.getByText('No transaction matches these filters.').waitFor();

    await page.reload();
    await page.getByText('No transaction matches these filters.').waitFor();
    await eventually(() => filters.getByLabel('Type').inputValue()).toBe('expense');
    await eventually(() => filters.getByLabel('Category').inputValue()).toBe('nothing-here');
    await page.goBack();
    await rows.first().waitFor();
    await eventually(() => filters.getByLabel('Category').inputValue()).toBe('');
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('creates an expense, which the transactions and the API then hold', async () => {
    const tab = await openConsole(browser, app, '/console/finance');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const form = page.getByRole('form', { name: 'New expense' });
    await form.getByLabel('Amount').fill('1234.56');
    await form.getByLabel('Category').fill('rent');
    await form.getByLabel('Description (optional)').fill('November rent');
    await form.getByLabel('Date').fill('2026-11-02');
    await form.getByRole('button', { name: 'Create expense' }).click();
    await form.getByRole('status').getByText('Expense of $1,234.56 (rent) recorded on Nov 2, 2026.').waitFor();
    await page.getByRole('table', { name: 'Transactions' }).getByRole('cell', { name: 'November rent' }).waitFor();

    const expenses = (await api.get('/expenses?category=rent').expect(200)).body.data;
    expect(expenses).toEqual([expect.objectContaining({ amount: 1234.56, category: 'rent', description: 'November rent', date: '2026-11-02' })]);
    const finance = (await api.get('/finance/transactions?type=expense&category=rent').expect(200)).body.data;
    expect(finance).toHaveLength(1);
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('creates a payroll run whose lines are added by keyboard (Enter in the last line, Add line by Tab)', async () => {
    const tab = await openConsole(browser, app, '/console/finance');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const form = page.getByRole('form', { name: 'New payroll run' });
    await form.getByLabel('Period start').fill('2026-11-01');
    await form.getByLabel('Period end').fill('2026-11-15');
    await form.getByLabel('Employee name, line 1').focus();
    await page.keyboard.type('Grace Hopper');
    await page.keyboard.press('Tab');
    await page.keyboard.type('2500.10');
    await page.keyboard.press('Enter');
    await form.getByLabel('Employee name, line 2').waitFor();
    await eventually(() => focusedName(page)).toBe('Employee name, line 2');
    await page.keyboard.type('Alan Turing');
    await page.keyboard.press('Tab');
    await page.keyboard.type('0.20');
    // Tab past the line's Remove button reaches Add line
    await page.keyboard.press('Tab');
    await eventually(() => focusedName(page)).toBe('Remove line 2');
    await page.keyboard.press('Tab');
    await eventually(() => focusedName(page)).toBe('Add line');
    await page.keyboard.press('Enter');
    await form.getByLabel('Employee name, line 3').waitFor();
    await eventually(() => focusedName(page)).toBe('Employee name, line 3');
    expect(await seriousAxeViolations(page)).toEqual([]);
    // the third line stays blank and is left out
    await form.getByRole('button', { name: 'Create payroll run' }).click();
    await form.getByRole('status').getByText('Payroll run of $2,500.30 for 2 employees (Nov 1, 2026 to Nov 15, 2026) recorded.').waitFor();
    await eventually(() => form.getByLabel('Employee name, line 2').count()).toBe(0);

    const runs = (await api.get('/payroll/runs').expect(200)).body.data;
    expect(runs).toEqual([
      expect.objectContaining({
        period_start: '2026-11-01',
        period_end: '2026-11-15',
        total: 2500.3,
        employee_count: 2,
        items: [
          { employee_name: 'Grace Hopper', amount: 2500.1 },
          { employee_name: 'Alan Turing', amount: 0.2 },
        ],
      }),
    ]);
    const payroll = (await api.get('/finance/transactions?category=payroll').expect(200)).body.data;
    expect(payroll).toEqual([expect.objectContaining({ type: 'expense', amount: 2500.3 })]);
    await page.getByRole('table', { name: 'Transactions' }).getByRole('cell', { name: 'payroll', exact: true }).waitFor();
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('shows the API refusal of a payroll line without an amount, keeping the lines', async () => {
    const tab = await openConsole(browser, app, '/console/finance');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const form = page.getByRole('form', { name: 'New payroll run' });
    await form.getByLabel('Period start').fill('2026-11-01');
    await form.getByLabel('Period end').fill('2026-11-15');
    await form.getByLabel('Employee name, line 1').fill('Edsger Dijkstra');
    await form.getByRole('button', { name: 'Create payroll run' }).click();
    await form
      .getByRole('alert')
      .getByText(/VALIDATION_FAILED/)
      .waitFor();
    await eventually(() => form.getByRole('alert').textContent()).toMatch(/items\[0\]\.amount/);
    await eventually(() => form.getByLabel('Employee name, line 1').inputValue()).toBe('Edsger Dijkstra');
    expect((await api.get('/payroll/runs').expect(200)).body.meta.total).toBe(1);
    await context.close();
  });
});
