import { Browser, Page, Request } from 'playwright-core';
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
import { hold, isLookupOf, lineShows, scan, slowDown } from './sale-flows';

const isOrderPost = (r: Request) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/v1/orders';

/** docs/api.md 16's New sale: scanner input, one order per attempt, an error beside its line, the result. */
describeInBrowser('the console New sale in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    const api = apiAs(app.t, biz);
    const product = async (name: string, body: object, stock: number) => {
      const id = (await api.post('/products', { name, ...body }).expect(201)).body.data.id as string;
      if (stock > 0) await api.post('/stock/adjustments', { product_id: id, quantity: stock, reason: 'restock' }).expect(201);
      ids[name] = id;
    };
    await product('Espresso beans 1kg', { price: 12.5, sku: 'ESP-1KG', barcode: '4006381333931' }, 10);
    await product('Paper cups', { price: 0.1, sku: 'CUP-S' }, 50);
    await product('Grinder', { price: 89.9, sku: 'GRD-1' }, 1);
    await product('Milk 1L', { price: 1.2, sku: 'MLK-1L', barcode: '5000112637922' }, 20);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const orders = async () => (await apiAs(app.t, biz).get('/orders').expect(200)).body;
  type OrderRead = { order_number: string; payment_method: string; items: { sku: string; quantity: number }[] };
  const order = async (number: string): Promise<OrderRead> => {
    const found = (await apiAs(app.t, biz).get('/orders?per_page=100').expect(200)).body.data.find((o: OrderRead) => o.order_number === number);
    expect(found).toBeDefined();
    return found;
  };
  const skusOf = (o: OrderRead) => o.items.map((i) => [i.sku, i.quantity]);
  /** The number of the order the page says it placed, once it is not `before`'s. */
  const placedNumber = async (page: Page, before = ''): Promise<string> => {
    const title = page.locator('#result-title');
    const shown = async () => ((await title.count()) ? (/^Order (S-\d+) placed$/.exec((await title.textContent()) ?? '')?.[1] ?? '') : '');
    await eventually(async () => ((await shown()) === before ? '' : shown())).toMatch(/^S-\d+$/);
    return shown();
  };

  it('takes a sale typed as a scanner types, and Ctrl+Enter twice places one order', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
    await eventually(() => page.getByRole('link', { name: 'New sale' }).getAttribute('aria-current')).toBe('page');
    const field = page.getByRole('combobox', { name: 'Scan or search' });
    await eventually(() => page.evaluate('document.activeElement.id')).toBe('scan'); // ready for the first scan

    await scan(page, '4006381333931');
    await lineShows(page, 'Espresso beans 1kg', '1');
    await scan(page, '4006381333931'); // the same code again: one more
    await scan(page, 'CUP-S');
    await lineShows(page, 'Espresso beans 1kg', '2');
    await lineShows(page, 'Paper cups', '1');
    await eventually(() => page.getByRole('row').count()).toBe(3); // the header and two lines
    await eventually(() => field.inputValue()).toBe('');

    // a name typed and chosen from the suggestions with the keyboard
    await field.pressSequentially('grind');
    await page.getByRole('option', { name: /Grinder/ }).waitFor();
    await field.press('ArrowDown');
    await eventually(() => page.getByRole('option', { name: /Grinder/ }).getAttribute('aria-selected')).toBe('true');
    await field.press('Enter');
    await lineShows(page, 'Grinder', '1');
    await page.getByRole('button', { name: 'Remove Grinder' }).click();
    await page.getByRole('textbox', { name: 'Quantity of Grinder' }).waitFor({ state: 'detached' });

    await page.getByRole('textbox', { name: 'Price of Paper cups' }).fill('0.2');
    await page.getByLabel('Customer email or phone').fill('ana@example.com');
    await page.getByLabel('Payment method').selectOption({ label: 'Card' });
    await page.getByLabel('Send invoice').check();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const posts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/v1/orders')) posts.push(r.headers()['idempotency-key']);
    });
    await page.getByLabel('Send invoice').focus();
    await page.keyboard.press('Control+Enter');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: 'Order S-0001 placed' }).waitFor();
    await eventually(() => figure(page, 'Order number').textContent()).toBe('S-0001');
    await eventually(() => figure(page, 'Total').textContent()).toBe('$25.20');
    await eventually(() => figure(page, 'Points earned').textContent()).toBe('25');
    await eventually(() => figure(page, 'Invoice').textContent()).toBe('INV-0001');
    expect(new Set(posts).size).toBe(1); // every request of the attempt carried its one key

    const body = await orders();
    expect(body.meta.total).toBe(1);
    expect(body.data[0]).toMatchObject({ order_number: 'S-0001', total: 25.2, payment_method: 'card', invoice_number: 'INV-0001' });
    expect(body.data[0].items.map((i: { sku: string; quantity: number; unit_price: number }) => [i.sku, i.quantity, i.unit_price])).toEqual([
      ['ESP-1KG', 2, 12.5],
      ['CUP-S', 1, 0.2],
    ]);
    // the form starts a new sale: Ctrl+Enter now places nothing
    await eventually(() => page.getByRole('row').count()).toBe(0);
    await page.keyboard.press('Control+Enter');
    await page.getByText('Add a product before placing the order.').waitFor();
    expect((await orders()).meta.total).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('shows INSUFFICIENT_STOCK beside its line with the request id, keeps the form, and places the corrected sale', async () => {
    const before = (await orders()).meta.total;
    const tab = await openConsole(browser, app, '/console/new-sale');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await scan(page, 'GRD-1');
    await scan(page, 'GRD-1');
    await scan(page, 'CUP-S');
    await lineShows(page, 'Grinder', '2');
    await lineShows(page, 'Paper cups', '1');
    await page.getByLabel('Customer email or phone').fill('+1 555 010 0200');
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/v1/orders') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Place order' }).click();
    const requestId = (await refused).headers()['x-request-id'];

    const grinderRow = page.getByRole('row', { name: /Grinder/ });
    await grinderRow.getByText('Not enough stock: 2 asked, 1 available.').waitFor();
    const alert = page.getByRole('alert');
    await eventually(() => alert.textContent()).toMatch(/INSUFFICIENT_STOCK/);
    await eventually(() => alert.textContent()).toContain(`Request id: ${requestId}`);
    await eventually(() => page.getByRole('textbox', { name: 'Quantity of Grinder' }).getAttribute('aria-invalid')).toBe('true');
    expect(
      await page
        .getByRole('row', { name: /Paper cups/ })
        .locator('.line-error')
        .textContent(),
    ).toBe('');
    // nothing lost
    await eventually(() => page.getByRole('textbox', { name: 'Quantity of Grinder' }).inputValue()).toBe('2');
    await eventually(() => page.getByRole('textbox', { name: 'Quantity of Paper cups' }).inputValue()).toBe('1');
    await eventually(() => page.getByLabel('Customer email or phone').inputValue()).toBe('+1 555 010 0200');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect((await orders()).meta.total).toBe(before);

    await page.getByRole('textbox', { name: 'Quantity of Grinder' }).fill('1');
    await eventually(() => grinderRow.locator('.line-error').textContent()).toBe('');
    await page.keyboard.press('Control+Enter');
    await page.getByRole('heading', { name: /Order S-\d+ placed/ }).waitFor();
    await eventually(() => figure(page, 'Total').textContent()).toBe('$90.00');
    await eventually(() => figure(page, 'Invoice').textContent()).toBe('None');
    expect((await orders()).meta.total).toBe(before + 1);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('says mail is not set up beside Send invoice and instead of Email receipt, when the API cannot mail', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByText('Mail is not set up: the order gets its invoice, but nothing is mailed.').waitFor();
    expect(await page.getByLabel('Send invoice').getAttribute('aria-describedby')).toBe('send-invoice-hint');
    await scan(page, 'CUP-S');
    await lineShows(page, 'Paper cups', '1');
    await page.keyboard.press('Control+Enter');
    await placedNumber(page);
    await page.getByText('Email receipt: mail is not set up, so receipts cannot be mailed.').waitFor();
    expect(await page.getByRole('button', { name: 'Email receipt' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Print receipt' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('says when a code names no product, and adds nothing', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await scan(page, '0000000000000');
    await page.getByText('No active product has the code or name "0000000000000".').waitFor();
    await eventually(() => page.getByText('No lines yet').isVisible()).toBe(true);
    await context.close();
  });

  it('starts each new sale from cash, the default method, whatever the last sale was paid with', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    const method = page.getByLabel('Payment method');
    await eventually(() => method.inputValue()).toBe('cash'); // a fresh page
    await scan(page, 'CUP-S');
    await lineShows(page, 'Paper cups', '1');
    await method.selectOption({ label: 'Card' });
    await page.getByRole('combobox', { name: 'Scan or search' }).focus();
    await page.keyboard.press('Control+Enter');
    const first = await placedNumber(page);

    // the next customer pays as the till's default says: nobody touches the method
    await eventually(() => method.inputValue()).toBe('cash');
    await scan(page, 'CUP-S');
    await lineShows(page, 'Paper cups', '1');
    await page.keyboard.press('Control+Enter');
    const second = await placedNumber(page, first);
    expect((await order(first)).payment_method).toBe('card');
    expect((await order(second)).payment_method).toBe('cash');
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('places every scanned line when Ctrl+Enter comes while the lookups are still running, and the next sale starts empty', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await eventually(() => page.evaluate('document.activeElement.id')).toBe('scan');
    await slowDown(page, '4006381333931', 300);
    await slowDown(page, '5000112637922', 300);
    const sku = await hold(page, 'GET', (url) => isLookupOf(url, 'CUP-S'));
    let released = false;
    const posted: boolean[] = []; // for each POST /orders: whether the SKU's lookup had been let through
    page.on('request', (r) => {
      if (isOrderPost(r)) posted.push(released);
    });
    const orderSent = page.waitForRequest(isOrderPost);
    const orderAnswered = page.waitForResponse((r) => isOrderPost(r.request()));

    // as a scanner types: two barcodes and a SKU, each with Enter, then Ctrl+Enter at once
    await scan(page, '4006381333931');
    await scan(page, '5000112637922');
    await scan(page, 'CUP-S');
    await page.keyboard.press('Control+Enter');
    await sku.first;
    const status = page.locator('#scan-status');
    // the page either sends the order now (the defect) or says it is waiting for the SKU
    await Promise.race([orderSent, status.filter({ hasText: 'CUP-S' }).waitFor(), status.filter({ hasText: 'Add a product' }).waitFor()]);
    expect(await page.getByRole('heading', { name: /Order S-\d+ placed/ }).count()).toBe(0);
    released = true;
    sku.release();

    const number = (await (await orderAnswered).json()).data.order_number as string;
    expect(skusOf(await order(number))).toEqual([
      ['ESP-1KG', 1],
      ['MLK-1L', 1],
      ['CUP-S', 1],
    ]);
    expect(posted).toEqual([true]); // one order, sent after the SKU's lookup was let through
    expect(await placedNumber(page)).toBe(number);
    // the next sale is empty: a scan now is its only line (the scanner applies codes in the order entered,
    // so any earlier code's result has been applied, or dropped, once this one shows)
    await scan(page, 'GRD-1');
    await lineShows(page, 'Grinder', '1');
    await eventually(() => page.getByRole('row').count()).toBe(2); // the header and one line
    expect(await page.getByRole('textbox', { name: 'Quantity of Paper cups' }).count()).toBe(0);
    expect(tab.errors).toEqual([]);
    await context.close();
  });

  it('refuses the order, naming the scan, when a lookup it waited for fails; nothing is lost', async () => {
    const before = (await orders()).meta.total;
    const tab = await openConsole(browser, app, '/console/new-sale');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await scan(page, '4006381333931');
    await lineShows(page, 'Espresso beans 1kg', '1');
    const sku = await hold(page, 'GET', (url) => isLookupOf(url, 'CUP-S'));
    const orderSent = page.waitForRequest(isOrderPost);
    await scan(page, 'CUP-S');
    await page.keyboard.press('Control+Enter');
    await sku.first;
    const status = page.locator('#scan-status');
    await Promise.race([orderSent, status.filter({ hasText: 'CUP-S' }).waitFor()]);
    sku.release('abort');
    await status.filter({ hasText: /Not placed.*CUP-S/ }).waitFor();
    await eventually(() => page.getByRole('textbox', { name: 'Quantity of Espresso beans 1kg' }).inputValue()).toBe('1');
    expect(await page.getByRole('heading', { name: /Order S-\d+ placed/ }).count()).toBe(0);
    expect((await orders()).meta.total).toBe(before);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('adds nothing to the next sale from a scan made while the order was being placed, and says so', async () => {
    const tab = await openConsole(browser, app, '/console/new-sale');
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await scan(page, '4006381333931');
    await lineShows(page, 'Espresso beans 1kg', '1');
    const post = await hold(page, 'POST', (url) => url.pathname === '/api/v1/orders');
    const sku = await hold(page, 'GET', (url) => isLookupOf(url, 'CUP-S'));
    await page.keyboard.press('Control+Enter');
    await post.first;
    await scan(page, 'CUP-S'); // the next customer's first item, while the order is on its way
    await sku.first;
    post.release();
    const number = await placedNumber(page);
    const lookedUp = page.waitForEvent('requestfinished', (r) => isLookupOf(new URL(r.url()), 'CUP-S'));
    sku.release();
    await lookedUp;
    await eventually(() => page.locator('#scan-status').textContent()).toContain('Not added: CUP-S');
    await scan(page, 'GRD-1');
    await lineShows(page, 'Grinder', '1');
    await eventually(() => page.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('textbox', { name: 'Quantity of Paper cups' }).count()).toBe(0);
    expect(skusOf(await order(number))).toEqual([['ESP-1KG', 1]]);
    await context.close();
  });
});
