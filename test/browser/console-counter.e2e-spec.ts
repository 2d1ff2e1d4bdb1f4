import { Browser, Locator } from 'playwright-core';
import { apiAs, TestBusiness } from '../helpers/test-app';
import {
  axeAtEverySize,
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  figure,
  launchChromium,
  openConsole,
  signIn,
  startConsoleApp,
} from './browser-harness';

const TABLET = { width: 1024, height: 768 };

/** The text of the `dd` a `dt` names in a dialog's `dl.facts`. */
function fact(scope: Locator, name: string) {
  return scope.locator('dl.facts dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** docs/api.md 21 at the counter: Search (Ctrl+K) to an order, and a return found by scanning the receipt, quoted, confirmed and printed. */
describeInBrowser('the console at the counter: search and returns by receipt', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let beans: string;

  const sale = async (body: object) => (await api.post('/orders', { payment_method: 'card', ...body }).expect(201)).body.data;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    api = apiAs(app.t, biz);
    beans = (await api.post('/products', { name: 'Beans', price: 10 }).expect(201)).body.data.id;
    await api.post('/stock/adjustments', { product_id: beans, quantity: 100, reason: 'restock' }).expect(201);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens an order from any page by Ctrl+K, its number typed and Enter, by keyboard alone; Escape closes and gives focus back', async () => {
    const first = await sale({ items: [{ product_id: beans, quantity: 1 }], customer: { email: 'sam@example.com', name: 'Sam Order' } });
    const wanted = await sale({ items: [{ product_id: beans, quantity: 2 }] });
    const tab = await openConsole(browser, app, '/console/products', TABLET);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();

    // Escape closes and focus goes back where it was
    await page.getByRole('heading', { level: 1 }).focus();
    await page.keyboard.press('Control+K');
    const dialog = page.getByRole('dialog', { name: 'Search' });
    await dialog.waitFor();
    const box = dialog.getByRole('combobox', { name: 'Search the business' });
    await eventually(() => box.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    await page.keyboard.type('S-0');
    await dialog.getByRole('group', { name: 'Orders' }).getByRole('option').first().waitFor();
    expect(await dialog.getByRole('group', { name: 'Orders' }).getByRole('option').count()).toBe(2);
    expect(await box.getAttribute('aria-expanded')).toBe('true');
    expect(await axeAtEverySize(page)).toEqual([]);
    // the arrows move the active option
    const activeText = () => page.evaluate(`document.getElementById(document.activeElement.getAttribute('aria-activedescendant'))?.textContent ?? null`);
    await eventually(activeText).toMatch(/^S-000[12]/);
    const before = await activeText();
    await page.keyboard.press('ArrowDown');
    await eventually(activeText).not.toBe(before);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate('document.activeElement.id')).toBe('page-title');

    // the number typed fast and Enter at once (as a scanner does): the order's page opens
    await page.keyboard.press('Control+K');
    await dialog.waitFor();
    await page.keyboard.type(wanted.order_number.toLowerCase());
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Order ${wanted.order_number}` }).waitFor();
    expect(page.url()).toBe(`${app.origin}/console/orders/${wanted.order_id}`);
    await dialog.waitFor({ state: 'detached' });

    // the header's Search button, other kinds under their own heading
    await page.getByRole('button', { name: 'Search' }).click();
    await page.keyboard.type('Sam Order');
    const customers = dialog.getByRole('group', { name: 'Customers' });
    await customers.getByRole('option', { name: /Sam Order/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(`${app.origin}/console/customers/${first.customer_id}`);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('finds a sale by its scanned receipt number, quotes the refund, its tax and method before the confirmation, then prints the credit note', async () => {
    const order = await sale({ items: [{ product_id: beans, quantity: 3 }], tax_amount: 3, send_invoice: true, customer: { email: 'ana@example.com' } });
    const tab = await openConsole(browser, app, '/console/orders', TABLET);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();

    // a number no order has: said so, nothing opened
    const scan = page.getByLabel('Order number or receipt scan');
    await scan.fill('S-9999');
    await scan.press('Enter');
    await page.getByText('No order S-9999.').waitFor();
    expect(page.url()).toBe(`${app.origin}/console/orders`);

    // the scanner types the number and Enter
    await scan.fill('');
    await scan.pressSequentially(order.order_number);
    await scan.press('Enter');
    await page.getByRole('heading', { level: 1, name: `Order ${order.order_number}` }).waitFor();
    expect(page.url()).toBe(`${app.origin}/console/orders/${order.order_id}`);

    await page.getByRole('button', { name: 'Return' }).click();
    const dialog = page.getByRole('dialog', { name: `Return goods of order ${order.order_number}` });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Return and refund' });
    expect(await confirm.isDisabled()).toBe(true); // nothing quoted yet
    await dialog.getByLabel('Quantity of Beans to return').fill('1');
    const refund = dialog.getByRole('region', { name: 'Refund' });
    await eventually(() => fact(refund, 'Refund').textContent()).toBe('$11.00');
    expect(await fact(refund, 'Goods').textContent()).toBe('$10.00');
    expect(await fact(refund, 'Tax').textContent()).toBe('$1.00');
    expect(await fact(refund, 'Refunded by').textContent()).toBe('card');
    await eventually(() => confirm.isEnabled()).toBe(true);
    // a change is quoted again: the old figure is never shown as current meanwhile
    await dialog.getByLabel('Quantity of Beans to return').fill('2');
    expect(await refund.textContent()).not.toContain('$11.00');
    await eventually(() => fact(refund, 'Refund').textContent()).toBe('$22.00');
    expect(await fact(refund, 'Tax').textContent()).toBe('$2.00');
    expect((await api.get(`/orders/${order.order_id}/returns`).expect(200)).body.meta.total).toBe(0); // a quote writes nothing
    // too many: the API's refusal, from the quote, before any confirmation
    await dialog.getByLabel('Quantity of Beans to return').fill('5');
    await dialog
      .getByRole('alert')
      .getByText(/RETURN_EXCEEDS_SOLD/)
      .waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Quantity of Beans to return').fill('2');
    await eventually(() => fact(refund, 'Refund').textContent()).toBe('$22.00');
    expect(await axeAtEverySize(page)).toEqual([]);

    await confirm.click();
    await dialog.waitFor({ state: 'detached' });
    const made = (await api.get(`/orders/${order.order_id}/returns`).expect(200)).body.data[0];
    const done = page.getByRole('dialog', { name: `Return ${made.return_number} made` });
    await done.waitFor();
    expect(await fact(done, 'Refund').textContent()).toBe('$22.00');
    expect(await fact(done, 'Refunded by').textContent()).toBe('card');
    expect(await fact(done, 'Credit note').textContent()).toBe(made.credit_note_number);
    expect(made.credit_note_number).toMatch(/^CN-\d{4}$/);
    expect(await axeAtEverySize(page)).toEqual([]);

    // Print: the PDF fetched with the key and opened for the print dialog
    const print = done.getByRole('button', { name: 'Print credit note' });
    await eventually(() => print.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    const pdf = page.waitForResponse((res) => res.url().endsWith(`/api/v1/credit-notes/${made.credit_note_id}/pdf`));
    const popup = context.waitForEvent('page');
    await page.keyboard.press('Enter');
    const answer = await pdf;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^application\/pdf/);
    expect((await popup).url()).toMatch(/^blob:/);

    await done.getByRole('button', { name: 'Done' }).click();
    await done.waitFor({ state: 'detached' });
    await figure(page, 'Status').getByText('Partially returned').waitFor();
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
