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

/** As a barcode scanner does: the code's digits typed fast, then Enter, into the focused field. */
async function scan(page: Page, code: string): Promise<void> {
  await page.keyboard.type(code, { delay: 5 });
  await page.keyboard.press('Enter');
}

/** The clerk's scanner on the stock screens (docs/api.md 16): a count of one category by scanning, a purchase order received by scanning. */
const LONG = 150_000;

describeInBrowser('the console stock screens with a scanner', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;

  const product = async (name: string, barcode: string, stock: number, extra: object = {}) => {
    const id = (await api.post('/products', { name, price: 4, barcode, ...extra }).expect(201)).body.data.id as string;
    if (stock) await api.post('/stock/adjustments', { product_id: id, quantity: stock, reason: 'restock' }).expect(201);
    return id;
  };
  const stockOf = async (id: string) => (await api.get(`/products/${id}`).expect(200)).body.data.stock as number;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Shelf Shop', { currency: 'EUR', timezone: 'Europe/Berlin' });
    api = apiAs(app.t, biz);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it(
    'counts one category by scanning: each scan is one more, an unknown code says so, the count is posted',
    async () => {
      const tea = (await api.post('/categories', { name: 'Tea' }).expect(201)).body.data.id as string;
      const green = await product('Green tea', '4006381333931', 5, { category_id: tea });
      const black = await product('Black tea', '5000112637922', 2, { category_id: tea });
      await product('Coffee filter', '9780201379624', 9);
      const tab = await openConsole(browser, app, '/console/inventory/counts');
      const { page, context } = tab;
      await signIn(page, biz.api_key);
      await page.getByRole('heading', { level: 1, name: 'Inventory' }).waitFor();
      await page.getByLabel('Category to count').getByRole('option', { name: 'Tea' }).waitFor({ state: 'attached' });
      await page.getByLabel('Category to count').selectOption({ label: 'Tea' });
      await page.getByRole('button', { name: 'Start count' }).click();
      const counting = page.getByRole('table', { name: /Products being counted/ });
      await counting.getByRole('row', { name: /Black tea/ }).waitFor();
      // the category's products only
      expect(await counting.locator('tbody tr').count()).toBe(2);
      await page.waitForFunction(`document.activeElement && document.activeElement.id === 'scan'`);
      for (const code of ['4006381333931', '4006381333931', '5000112637922', '4006381333931']) await scan(page, code);
      const status = page.locator('#scan-status');
      await eventually(() => page.getByLabel('Counted Green tea').inputValue()).toBe('3');
      await eventually(() => page.getByLabel('Counted Black tea').inputValue()).toBe('1');
      await scan(page, '4006381333948');
      await eventually(() => status.textContent()).toBe('No active product has the barcode or SKU “4006381333948”.');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Submit count' }).click();
      await page.getByRole('region', { name: /Count CNT-\d{4} recorded/ }).waitFor();
      expect([await stockOf(green), await stockOf(black)]).toEqual([3, 1]);
      expect(cspViolations(tab)).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    'receives a purchase order by scanning: the form starts empty, a scan is one more, a product not on it says so',
    async () => {
      const cups = await product('Paper cups', '4006381333955', 0);
      const lids = await product('Cup lids', '4006381333962', 0);
      const supplier = (await api.post('/suppliers', { name: 'Pack & Co' }).expect(201)).body.data.id as string;
      const po = (
        await api
          .post('/purchase-orders', {
            supplier_id: supplier,
            items: [
              { product_id: cups, quantity: 5, unit_cost: 1 },
              { product_id: lids, quantity: 5, unit_cost: 0.5 },
            ],
          })
          .expect(201)
      ).body.data as { id: string; purchase_order_number: string };
      await api.post(`/purchase-orders/${po.id}/submit`, {}).expect(200);
      const tab = await openConsole(browser, app, `/console/purchasing/orders/${po.id}`);
      const { page, context } = tab;
      await signIn(page, biz.api_key);
      await page.getByRole('heading', { name: `Purchase order ${po.purchase_order_number}` }).waitFor();
      expect([await page.getByLabel('Receive Paper cups').inputValue(), await page.getByLabel('Receive Cup lids').inputValue()]).toEqual(['', '']);
      await page.getByLabel('Scan or search').focus();
      for (const code of ['4006381333955', '4006381333955', '4006381333962']) await scan(page, code);
      await eventually(() => page.getByLabel('Receive Paper cups').inputValue()).toBe('2');
      await eventually(() => page.getByLabel('Receive Cup lids').inputValue()).toBe('1');
      await scan(page, '9780201379624');
      await eventually(() => page.locator('#scan-status').textContent()).toBe(`Coffee filter is not on ${po.purchase_order_number}.`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Receive goods' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /Receipt GR-\d{4} recorded\./ })
        .waitFor();
      const after = (await api.get(`/purchase-orders/${po.id}`).expect(200)).body.data as { status: string; items: { received_quantity: number }[] };
      expect(after.status).toBe('partially_received');
      expect(after.items.map((i) => i.received_quantity)).toEqual([2, 1]);
      expect(cspViolations(tab)).toEqual([]);
      await context.close();
    },
    LONG,
  );
});
