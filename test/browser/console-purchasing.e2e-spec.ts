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

type Api = ReturnType<typeof apiAs>;

/** The text of the `dd` a `dt` names on a page (a purchase order's facts). */
function fact(page: Page, name: string) {
  return page.locator('dl.facts dt', { hasText: new RegExp(`^${name}$`) }).locator('xpath=following-sibling::dd[1]');
}

/** docs/api.md 16's Purchasing, against the real server: suppliers, purchase orders end to end, reorder suggestions turned into drafts (the reports: console-reports.e2e-spec.ts). */
/** Long flows with several axe runs: room for a loaded machine (two specs side by side on 2 cores). */
const LONG = 150_000;

describeInBrowser('the console purchasing in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;

  /** A business of its own per test (purchase order numbers start at PO-0001). */
  async function business(name: string): Promise<{ biz: TestBusiness; api: Api }> {
    const biz = await consoleBusiness(app, name, { currency: 'EUR', timezone: 'Europe/Berlin' });
    return { biz, api: apiAs(app.t, biz) };
  }
  const productOf = async (api: Api, name: string, extra: object = {}) =>
    (await api.post('/products', { name, price: 9.5, ...extra }).expect(201)).body.data.id as string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it(
    'creates a supplier and edits it',
    async () => {
      const { biz, api } = await business('Supplier Shop');
      const tab = await openConsole(browser, app, '/console/purchasing/suppliers');
      const { page, context } = tab;
      await signIn(page, biz.api_key);
      await page.getByRole('heading', { level: 1, name: 'Purchasing' }).waitFor();
      await page.getByText('No suppliers yet.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByLabel('Supplier name').fill('Roastery Ltd');
      await page.getByLabel('Email').fill('ada@roastery.example');
      await page.getByRole('button', { name: 'Create supplier' }).click();
      await page.getByRole('status').filter({ hasText: 'Supplier Roastery Ltd created.' }).waitFor();
      await page.getByRole('button', { name: 'Edit Roastery Ltd' }).click();
      await page.getByRole('heading', { name: 'Edit supplier Roastery Ltd' }).waitFor();
      await eventually(() => page.getByLabel('Email').inputValue()).toBe('ada@roastery.example');
      await page.getByLabel('Phone').fill('+49 30 1234');
      await page.getByRole('button', { name: 'Save supplier' }).click();
      await page.getByRole('status').filter({ hasText: 'Supplier Roastery Ltd saved.' }).waitFor();
      await page.getByRole('cell', { name: '+49 30 1234' }).waitFor();
      const suppliers = (await api.get('/suppliers').expect(200)).body.data;
      expect(suppliers).toEqual([expect.objectContaining({ name: 'Roastery Ltd', email: 'ada@roastery.example', phone: '+49 30 1234' })]);
      // a second supplier of the same name: the API's 409 on the form
      await page.getByLabel('Supplier name').fill('Roastery Ltd');
      await page.getByRole('button', { name: 'Create supplier' }).click();
      await page.getByRole('alert').filter({ hasText: 'SUPPLIER_EXISTS' }).waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      expect(cspViolations(tab)).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    'creates a purchase order, orders it, receives it in two parts, records a payment; another is cancelled',
    async () => {
      const { biz, api } = await business('Order Shop');
      await api.post('/suppliers', { name: 'Paper Mill' }).expect(201);
      const paper = await productOf(api, 'Filter paper');
      const tab = await openConsole(browser, app, '/console/purchasing');
      const { page, context } = tab;
      await signIn(page, biz.api_key);
      await page.getByText('No purchase orders match.').waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('link', { name: 'New purchase order' }).click();
      await page.waitForURL(/\/console\/purchasing\/orders\/new$/);
      await page.getByLabel('Supplier', { exact: true }).fill('paper');
      await page.getByRole('button', { name: 'Choose Paper Mill' }).click();
      const chosen = (label: string) => page.locator('.picker', { has: page.getByLabel(label, { exact: true }) }).locator('p.hint');
      await eventually(() => chosen('Supplier').textContent()).toBe('Chosen: Paper Mill');
      await page.getByLabel('Add a product to the order').fill('Filter');
      await page.getByRole('button', { name: 'Add Filter paper' }).click();
      await page.getByLabel('Quantity of Filter paper').fill('10');
      await page.getByLabel('Unit cost of Filter paper').fill('0.4575');
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Create draft' }).click();
      await page.getByRole('heading', { name: 'Purchase order PO-0001' }).waitFor();
      // 10 x 0.4575 = 4.575, rounded half up by the API
      await eventually(() => fact(page, 'Total').textContent()).toBe('€4.58');
      await eventually(() => fact(page, 'Status').textContent()).toBe('draft');
      expect(await seriousAxeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Order from supplier' }).click();
      await page.getByRole('status').filter({ hasText: 'PO-0001 is ordered.' }).waitFor();
      await fact(page, 'Status')
        .filter({ hasText: /^ordered$/ })
        .waitFor();
      // the receive form starts empty: nothing is received until the clerk says so
      await eventually(() => page.getByLabel('Receive Filter paper').inputValue()).toBe('');
      await page.getByLabel('Receive Filter paper').fill('4');
      await page.getByRole('button', { name: 'Receive goods' }).click();
      await page.getByRole('status').filter({ hasText: 'Receipt GR-0001 recorded.' }).waitFor();
      await fact(page, 'Status')
        .filter({ hasText: /^partially received$/ })
        .waitFor();
      await page.getByLabel('Receive Filter paper').and(page.locator('[value=""]')).waitFor();
      await page.getByRole('button', { name: 'Fill in all still to come' }).click();
      await page.getByLabel('Receive Filter paper').and(page.locator('[value="6"]')).waitFor();
      await page.getByRole('button', { name: 'Receive goods' }).click();
      await page.getByRole('status').filter({ hasText: 'Receipt GR-0002 recorded.' }).waitFor();
      await fact(page, 'Status')
        .filter({ hasText: /^received$/ })
        .waitFor();
      const lines = page.getByRole('table', { name: 'Lines of PO-0001' });
      expect(
        await lines
          .getByRole('row', { name: /Filter paper/ })
          .locator('td')
          .allTextContents(),
      ).toEqual(['Filter paper', '10', '10', '€0.4575', '€4.58']);

      await page.getByLabel('Amount paid').fill('1.5');
      await page.getByLabel('Payment date').fill('2026-11-20');
      await page.getByRole('button', { name: 'Record payment' }).click();
      await page.getByRole('status').filter({ hasText: 'Payment of €1.50 recorded.' }).waitFor();
      await fact(page, 'Paid').filter({ hasText: '€1.50' }).waitFor();
      // more than the rest: the API's OVERPAYMENT on the form, nothing paid
      await page.getByLabel('Amount paid').fill('3.09');
      await page.getByRole('button', { name: 'Record payment' }).click();
      await page.getByRole('alert').filter({ hasText: 'OVERPAYMENT' }).waitFor();

      const po = (await api.get('/purchase-orders').expect(200)).body.data[0];
      expect(po).toMatchObject({ purchase_order_number: 'PO-0001', status: 'received', total: 4.58, paid_amount: 1.5 });
      expect((await api.get(`/products/${paper}`).expect(200)).body.data.stock).toBe(10);

      // the list by status, then a second order cancelled after its confirmation
      const supplierId = po.supplier_id as string;
      await api.post('/purchase-orders', { supplier_id: supplierId, items: [{ product_id: paper, quantity: 2, unit_cost: 1 }] }).expect(201);
      await page.getByRole('link', { name: 'All purchase orders' }).click();
      await page.getByLabel('Status').selectOption('draft');
      await page.waitForURL(/status=draft/);
      await page.getByRole('link', { name: 'PO-0002' }).click();
      await page.getByRole('button', { name: 'Cancel purchase order' }).click();
      const dialog = page.getByRole('alertdialog', { name: 'Cancel PO-0002?' });
      await dialog.waitFor();
      expect(await seriousAxeViolations(page)).toEqual([]);
      await dialog.getByRole('button', { name: 'Cancel purchase order' }).click();
      await page.getByRole('status').filter({ hasText: 'PO-0002 is cancelled.' }).waitFor();
      expect(
        (await api.get('/purchase-orders?status=cancelled').expect(200)).body.data.map((p: { purchase_order_number: string }) => p.purchase_order_number),
      ).toEqual(['PO-0002']);

      // the list by supplier, found by typing; kept in the URL and shown by name after a reload
      const other = (await api.post('/suppliers', { name: 'Other Mill' }).expect(201)).body.data.id as string;
      await api.post('/purchase-orders', { supplier_id: other, items: [{ product_id: paper, quantity: 1, unit_cost: 1 }] }).expect(201);
      await page.getByRole('link', { name: 'All purchase orders' }).click();
      await page.getByLabel('Status').selectOption('');
      const numbers = () => page.getByRole('table').locator('tbody tr td:first-child').allTextContents();
      await eventually(numbers).toEqual(['PO-0003', 'PO-0002', 'PO-0001']);
      const supplierFilter = page.locator('.picker', { has: page.getByLabel('Supplier', { exact: true }) }).locator('p.hint');
      await eventually(() => supplierFilter.textContent()).toBe('Any supplier.');
      await page.getByLabel('Supplier', { exact: true }).fill('paper m');
      await page.getByRole('button', { name: 'Choose Paper Mill' }).click();
      await page.waitForURL(new RegExp(`supplier=${supplierId}`));
      await eventually(numbers).toEqual(['PO-0002', 'PO-0001']);
      await page.reload();
      await eventually(() => supplierFilter.textContent()).toBe('Chosen: Paper Mill Clear');
      await eventually(numbers).toEqual(['PO-0002', 'PO-0001']);
      await page.getByRole('button', { name: 'Clear Supplier' }).click();
      await eventually(numbers).toEqual(['PO-0003', 'PO-0002', 'PO-0001']);
      expect(cspViolations(tab)).toEqual([]);
      await context.close();
    },
    LONG,
  );

  it(
    'turns selected reorder suggestions into one draft per supplier, and one of them is ordered and received',
    async () => {
      const { biz, api } = await business('Reorder Shop');
      const beanery = (await api.post('/suppliers', { name: 'Beanery' }).expect(201)).body.data.id as string;
      await api.post('/suppliers', { name: 'Mill & Co' }).expect(201);
      // 120 more between them by name: Mill & Co is beyond the first page of 100 the picker once loaded
      await app.t.db.query(`INSERT INTO suppliers (business_id, name) SELECT $1, 'Bulk supplier ' || lpad(i::text, 3, '0') FROM generate_series(1, 120) i`, [
        biz.business_id,
      ]);
      const firstPage = (await api.get('/suppliers?per_page=100').expect(200)).body.data as { name: string }[];
      expect(firstPage.map((s) => s.name)).not.toContain('Mill & Co');
      const espresso = await productOf(api, 'Espresso roast', { min_stock: 10, reorder_quantity: 20 });
      const decaf = await productOf(api, 'Decaf roast', { min_stock: 5 });
      await productOf(api, 'Tea', { min_stock: 3 });
      // one earlier purchase of the espresso from Beanery (its last supplier and unit cost)
      const earlier = (await api.post('/purchase-orders', { supplier_id: beanery, items: [{ product_id: espresso, quantity: 1, unit_cost: 5.5 }] }).expect(201))
        .body.data;
      await api.post(`/purchase-orders/${earlier.id}/submit`, {}).expect(200);
      await api.post(`/purchase-orders/${earlier.id}/receipts`, { items: [{ purchase_order_item_id: earlier.items[0].id, quantity: 1 }] }).expect(201);

      const tab = await openConsole(browser, app, '/console/inventory/reorder');
      const { page, context } = tab;
      await signIn(page, biz.api_key);
      const table = page.getByRole('region', { name: 'Reorder suggestions' }).getByRole('table');
      await table.getByRole('row', { name: /Espresso roast/ }).waitFor();
      expect(
        await table
          .getByRole('row', { name: /Espresso roast/ })
          .locator('td')
          .allTextContents(),
      ).toEqual(['', 'Espresso roast', expect.stringMatching(/^SKU-/), '1', '0', '10', '20', 'Beanery', '€5.50']);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await page.getByRole('checkbox', { name: 'Select Espresso roast' }).check();
      await page.getByRole('checkbox', { name: 'Select Decaf roast' }).check();
      await page.getByRole('button', { name: 'Create draft purchase orders' }).click();
      await page.getByRole('alert').filter({ hasText: 'Choose a supplier for the lines without a last supplier (Decaf roast)' }).waitFor();
      expect((await api.get('/purchase-orders').expect(200)).body.meta.total).toBe(1);
      const fallback = page.getByLabel('Supplier for lines without a last supplier', { exact: true });
      await eventually(() => page.locator('.picker', { has: fallback }).locator('p.hint').textContent()).toBe('None chosen.');
      await fallback.fill('MILL');
      await page.getByRole('button', { name: 'Choose Mill & Co' }).click();
      await eventually(() => fallback.inputValue()).toBe('');
      const chosen = page.locator('.picker', { has: fallback }).locator('p.hint');
      await eventually(() => chosen.textContent()).toBe('Chosen: Mill & Co Clear');
      await page.getByRole('button', { name: 'Create draft purchase orders' }).click();
      const created = page.getByRole('status').filter({ hasText: 'Draft purchase orders created' });
      await created.getByRole('link').nth(1).waitFor();
      await eventually(() => created.locator('li').allTextContents()).toEqual(['PO-0002 for Beanery', 'PO-0003 for Mill & Co']);
      const drafts = (await api.get('/purchase-orders?status=draft').expect(200)).body.data as {
        purchase_order_number: string;
        supplier_id: string;
        items: { product_id: string; quantity: number; unit_cost: number }[];
      }[];
      expect(drafts).toHaveLength(2);
      const forBeanery = drafts.find((d) => d.purchase_order_number === 'PO-0002')!;
      expect(forBeanery.supplier_id).toBe(beanery);
      expect(forBeanery.items).toEqual([expect.objectContaining({ product_id: espresso, quantity: 20, unit_cost: 5.5 })]);
      expect(drafts.find((d) => d.purchase_order_number === 'PO-0003')!.items).toEqual([
        expect.objectContaining({ product_id: decaf, quantity: 5, unit_cost: 0 }),
      ]);

      await created.getByRole('link', { name: 'PO-0002' }).click();
      await page.getByRole('heading', { level: 1, name: 'Purchasing' }).waitFor();
      await page.getByRole('heading', { name: 'Purchase order PO-0002' }).waitFor();
      await page.getByRole('button', { name: 'Order from supplier' }).click();
      await page.getByRole('button', { name: 'Fill in all still to come' }).click();
      await page.getByRole('button', { name: 'Receive goods' }).click();
      await page
        .getByRole('status')
        .filter({ hasText: /Receipt GR-\d{4} recorded\./ })
        .waitFor();
      await fact(page, 'Status')
        .filter({ hasText: /^received$/ })
        .waitFor();
      expect((await api.get(`/products/${espresso}`).expect(200)).body.data.stock).toBe(21);
      // the espresso left the suggestions; decaf stays (its draft is not ordered)
      await page.goto(`${app.origin}/console/inventory/reorder`);
      await table.getByRole('row', { name: /Decaf roast/ }).waitFor();
      await eventually(() => table.getByRole('row', { name: /Espresso roast/ }).count()).toBe(0);
      expect(cspViolations(tab)).toEqual([]);
      await context.close();
    },
    LONG,
  );
});
