import { Browser, Page } from 'playwright-core';
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

/** The cells of the row of a table that names `name`. */
function cells(page: Page, table: ReturnType<Page['getByRole']>, name: string) {
  return table
    .getByRole('row', { name: new RegExp(name) })
    .locator('td')
    .allTextContents();
}

/** The accessible name of the focused element, roughly: aria-label, its label's text, or its own text (run in the page). */
const FOCUSED_NAME = `(() => {
  const el = document.activeElement;
  if (!el) return '';
  const labelled = el.getAttribute('aria-label');
  if (labelled) return labelled;
  const label = el.id ? document.querySelector('label[for="' + CSS.escape(el.id) + '"]') : null;
  return ((label && label.textContent) || el.textContent || '').trim();
})()`;

/** Presses Tab until the focused element has this accessible name (label or text), at most 60 times: keyboard only. */
async function tabTo(page: Page, name: RegExp): Promise<void> {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>(FOCUSED_NAME);
    if (name.test(focused)) return;
  }
  throw new Error(`Tab never reached ${String(name)}`);
}

/** docs/api.md 16's Inventory, against the real server: adjustments, transfers received in part and cancelled, counts refused with STOCK_CHANGED and redone, by keyboard too. */
/** Long flows with several axe runs: room for a loaded machine (two specs side by side on 2 cores). */
const LONG = 150_000;

describeInBrowser('the console inventory in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let backStore: string;

  const product = async (name: string, stock: number, extra: object = {}) => {
    const id = (await api.post('/products', { name, price: 3.5, ...extra }).expect(201)).body.data.id as string;
    if (stock) await api.post('/stock/adjustments', { product_id: id, quantity: stock, reason: 'restock' }).expect(201);
    return id;
  };
  const stockIn = async (productId: string, warehouseId: string): Promise<number> => {
    const p = (await api.get(`/products/${productId}`).expect(200)).body.data as { stock_by_warehouse: { warehouse_id: string; quantity: number }[] };
    return p.stock_by_warehouse.find((w) => w.warehouse_id === warehouseId)?.quantity ?? 0;
  };

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee', { currency: 'EUR', timezone: 'Europe/Berlin' });
    api = apiAs(app.t, biz);
    backStore = (await api.post('/warehouses', { name: 'Back store' }).expect(201)).body.data.id as string;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it(
    'adjusts stock: product, warehouse, quantity below zero, reason; the list shows it',
    async () => {
      const mugs = await product('Enamel mug', 10);
      const tab = await openConsole(browser, app, '/console/inventory/adjustments');
      const { page, context } = tab;
      await signIn(page, biz.api_key);
      await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
      await eventually(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Inventory' }).getAttribute('href')).toBe(
        '/console/inventory',
      );
      await page.getByLabel('Product to adjust').fill('Enamel');
      await page.getByRole('button', { name: 'Choose Enamel mug' }).click();
      await page.getByLabel('Warehouse', { exact: true }).selectOption({ label: 'Main (default)' });
      await page.getByLabel('Quantity (negative takes stock out)').fill('-2.5');
      await page.getByLabel('Reason').selectOption('damage');
      await page.getByLabel('Note', { exact: true }).fill('dropped');
      await page.getByRole('button', { name: 'Adjust stock' }).click();
      await page.getByRole('status').filter({ hasText: 'Adjusted Enamel mug by -2.5' }).waitFor();
      await eventually(() => page.getByRole('status').filter({ hasText: 'Adjusted' }).textContent()).toContain('now 7.5');
      await eventually(() => stockIn(mugs, biz.warehouse_id)).toBe(7.5);
      const list = page.getByRole('region', { name: 'Latest adjustments' }).getByRole('table');
      await list.getByRole('row', { name: /dropped/ }).waitFor();
      expect((await cells(page, list, 'dropped')).slice(1)).toEqual(['Enamel mug', 'Main', '-2.5', '7.5', 'damage', 'dropped']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(cspViolations(tab)).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    'creates a transfer, receives it in part and shows the lost quantities; another is cancelled after a confirmation',
    async () => {
      const oat = await product('Oat milk', 10);
      const sugar = await product('Cane sugar', 5);
      const tab = await openConsole(browser, app, '/console/inventory/transfers');
      const { page, context } = tab;
      await signIn(page, biz.api_key);
      await page.getByRole('heading', { name: 'New transfer' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel('From warehouse').selectOption({ label: 'Main (default)' });
      await page.getByLabel('To warehouse').selectOption({ label: 'Back store' });
      await page.getByLabel('Add a product to the transfer').fill('Oat');
      await page.getByRole('button', { name: 'Add Oat milk' }).click();
      await page.getByLabel('Add a product to the transfer').fill('Cane');
      await page.getByRole('button', { name: 'Add Cane sugar' }).click();
      await page.getByLabel('Quantity of Oat milk').fill('4');
      await page.getByLabel('Quantity of Cane sugar').fill('2');
      await page.getByRole('button', { name: 'Create transfer' }).click();
      await page.getByRole('heading', { name: 'Transfer TR-0001' }).waitFor();
      expect(page.url()).toMatch(/\/console\/inventory\/transfers\/[0-9a-f-]{36}$/);
      await eventually(() => stockIn(oat, biz.warehouse_id)).toBe(6);

      await page.getByLabel('Arrived of Oat milk').fill('3');
      await page.getByRole('button', { name: 'Receive', exact: true }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Receive part of the transfer?' });
      await dialog.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Receive and record the rest as lost' }).click();
      await page.getByRole('status').filter({ hasText: 'Transfer TR-0001 received.' }).waitFor();
      const lines = page.getByRole('table', { name: 'Lines of transfer TR-0001' });
      await lines.getByRole('row', { name: /Oat milk/ }).waitFor();
      await eventually(() => cells(page, lines, 'Oat milk')).toEqual(['Oat milk', '4', '3', '1']);
      await eventually(() => cells(page, lines, 'Cane sugar')).toEqual(['Cane sugar', '2', '2', '0']);
      const transferId = page.url().split('/').pop()!;
      const transfer = (await api.get(`/stock/transfers/${transferId}`).expect(200)).body.data;
      expect(transfer.status).toBe('received');
      expect(transfer.items.find((i: { product_id: string }) => i.product_id === oat)).toMatchObject({ quantity: 4, received_quantity: 3, lost_quantity: 1 });
      await eventually(() => stockIn(oat, backStore)).toBe(3);
      await eventually(() => stockIn(sugar, backStore)).toBe(2);

      // the list, then a second transfer cancelled: Escape first keeps it
      const second = (
        await api
          .post('/stock/transfers', { from_warehouse_id: biz.warehouse_id, to_warehouse_id: backStore, items: [{ product_id: sugar, quantity: 1 }] })
          .expect(201)
      ).body.data;
      await page.getByRole('link', { name: 'All transfers' }).click();
      await page.getByLabel('Status').selectOption('in_transit');
      await page.waitForURL(/status=in_transit/);
      await page.getByRole('link', { name: 'TR-0002' }).click();
      await page.getByRole('heading', { name: 'Transfer TR-0002' }).waitFor();
      await page.getByRole('button', { name: 'Cancel transfer' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Cancel transfer TR-0002?' });
      await confirm.waitFor();
      await eventually(() => page.evaluate<boolean>(`!!document.activeElement && !!document.activeElement.closest('dialog[open]')`)).toBe(true);
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      expect((await api.get(`/stock/transfers/${second.id}`).expect(200)).body.data.status).toBe('in_transit');
      await page.getByRole('button', { name: 'Cancel transfer' }).click();
      await confirm.getByRole('button', { name: 'Cancel transfer' }).click();
      await page.getByRole('status').filter({ hasText: 'TR-0002 cancelled' }).waitFor();
      expect((await api.get(`/stock/transfers/${second.id}`).expect(200)).body.data.status).toBe('cancelled');
      await eventually(() => stockIn(sugar, biz.warehouse_id)).toBe(3);
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(cspViolations(tab)).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    'refuses a count with STOCK_CHANGED when the stock moved meanwhile, shows what changed, and accepts the recount',
    async () => {
      const beans = await product('House beans', 7);
      const tab = await openConsole(browser, app, '/console/inventory/counts');
      const { page, context } = tab;
      await signIn(page, biz.api_key);
      await page.getByLabel(/Products to count/).fill('House beans');
      await page.getByRole('button', { name: 'Start count' }).click();
      const counting = page.getByRole('table', { name: /Products being counted/ });
      await counting.getByRole('row', { name: /House beans/ }).waitFor();
      expect((await cells(page, counting, 'House beans')).slice(0, 3)).toEqual(['House beans', expect.stringMatching(/^SKU-/), '7']);
      await page.getByLabel('Counted House beans').fill('6');
      expect(await seriousAxeViolations(page)).toEqual([]);

      // someone sells or restocks between the start and the submit
      await api.post('/stock/adjustments', { product_id: beans, quantity: 2, reason: 'restock' }).expect(201);
      await page.getByRole('button', { name: 'Submit count' }).click();
      const changed = page.getByRole('region', { name: 'The stock changed while you counted' });
      await changed.waitFor();
      await eventually(() => cells(page, changed.getByRole('table'), 'House beans')).toEqual(['House beans', '7', '9']);
      await eventually(() => stockIn(beans, biz.warehouse_id)).toBe(9);
      expect((await api.get('/stock/counts').expect(200)).body.meta.total).toBe(0);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Count again' }).click();
      await counting
        .getByRole('row', { name: /House beans/ })
        .locator('td')
        .nth(2)
        .filter({ hasText: /^9$/ })
        .waitFor();
      await eventually(() => page.getByLabel('Counted House beans').inputValue()).toBe('');
      await page.getByLabel('Counted House beans').fill('8');
      await page.getByRole('button', { name: 'Submit count' }).click();
      const done = page.getByRole('region', { name: 'Count CNT-0001 recorded' });
      await done.waitFor();
      await done.getByRole('row', { name: /House beans/ }).waitFor();
      await eventually(() => cells(page, done.getByRole('table'), 'House beans')).toEqual(['House beans', '9', '8', '-1']);
      await eventually(() => stockIn(beans, biz.warehouse_id)).toBe(8);
      const counts = (await api.get('/stock/counts').expect(200)).body;
      expect(counts.meta.total).toBe(1);
      expect(counts.data[0].items).toEqual([{ product_id: beans, expected_quantity: 9, counted_quantity: 8, difference: -1 }]);
      expect(cspViolations(tab)).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    'does a whole count by keyboard only: sign in, search, start, type the counted quantity, submit',
    async () => {
      const cups = await product('Paper cups', 40);
      const tab = await openConsole(browser, app, '/console/inventory/counts');
      const { page, context } = tab;
      // the email form comes first (docs/api.md 19): "Use an API key" by keyboard, then the key
      await tabTo(page, /^Use an API key$/);
      await page.keyboard.press('Enter');
      await tabTo(page, /^API key$/);
      await page.keyboard.type(biz.api_key);
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
      await tabTo(page, /^Products to count/);
      await page.keyboard.type('Paper cups');
      await page.keyboard.press('Enter');
      await page.getByLabel('Counted Paper cups').waitFor();
      // Start count puts the focus on the scanner's field; the counted quantities come after it
      await page.waitForFunction(`document.activeElement && document.activeElement.id === 'scan'`);
      await tabTo(page, /^Counted Paper cups$/);
      await page.keyboard.type('38');
      await tabTo(page, /^Submit count$/);
      await page.keyboard.press('Enter');
      await page.getByRole('region', { name: /Count CNT-\d{4} recorded/ }).waitFor();
      await eventually(() => stockIn(cups, biz.warehouse_id)).toBe(38);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    'shows an API error with its message and request id, and keeps list filters in the URL through Back and reload',
    async () => {
      const tab = await openConsole(browser, app, '/console/inventory/transfers/0b9f3c4e-2f7a-4c1e-9d3b-5a6e7f8a9b0c');
      const { page, context } = tab;
      const refused = page.waitForResponse((r) => r.url().includes('/api/v1/stock/transfers/0b9f3c4e'));
      await signIn(page, biz.api_key);
      const requestId = (await refused).headers()['x-request-id'];
      const alert = page.getByRole('alert').filter({ hasText: 'NOT_FOUND' });
      await alert.waitFor();
      await eventually(() => alert.textContent()).toContain(`Request id: ${requestId}`);
      await eventually(() => page.getByRole('heading', { level: 1, name: 'Inventory' }).isVisible()).toBe(true);
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'All transfers' }).click();
      await page.waitForURL(`${app.origin}/console/inventory/transfers`);
      await page.getByLabel('Status').selectOption('cancelled');
      await page.waitForURL(`${app.origin}/console/inventory/transfers?status=cancelled`);
      await page.reload();
      await page.getByRole('heading', { name: 'Transfers', exact: true }).waitFor();
      await eventually(() => page.getByLabel('Status').inputValue()).toBe('cancelled');
      await page.goBack();
      await page.waitForURL(`${app.origin}/console/inventory/transfers`);
      await page.getByRole('heading', { name: 'Transfers', exact: true }).waitFor();
      await eventually(() => page.getByLabel('Status').inputValue()).toBe('');
      await context.close();
    },
    LONG,
  );
});
