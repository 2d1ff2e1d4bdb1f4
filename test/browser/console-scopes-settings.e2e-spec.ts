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

const ALL_PAGES = [
  'Dashboard',
  'New sale',
  'Orders',
  'Products',
  'Inventory',
  'Purchasing',
  'Invoices',
  'Customers',
  'Finance',
  'Reports',
  'Webhooks',
  'Settings',
];

async function navLinks(page: Page): Promise<string[]> {
  return (await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).map((t) => t.trim());
}

/** docs/api.md 16/18: the navigation and actions follow the key's scopes; Settings creates and revokes keys. */
describeInBrowser('the console scopes and Settings in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let orderId: string;
  let beans: string;

  const newKey = async (name: string, scopes: string[]) => (await api.post('/api-keys', { name, scopes }).expect(201)).body.data.api_key as string;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Scoped Shop');
    api = apiAs(app.t, biz);
    beans = (await api.post('/products', { name: 'Beans', price: 10 }).expect(201)).body.data.id;
    await api.post('/stock/adjustments', { product_id: beans, quantity: 10, reason: 'restock' }).expect(201);
    orderId = (await api.post('/orders', { payment_method: 'cash', items: [{ product_id: beans, quantity: 1 }] }).expect(201)).body.data.order_id;
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it("a clerk's sales key lands on New sale and sees no page or action it may not use", async () => {
    const clerk = await newKey('Counter 1', ['sales']);
    const tab = await openConsole(browser, app, '/console');
    const { page, context } = tab;
    await signIn(page, clerk);
    await page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
    await eventually(() => navLinks(page)).toEqual(['New sale']);
    expect(await seriousAxeViolations(page)).toEqual([]);

    for (const path of ['/console/finance', '/console/settings', `/console/orders/${orderId}`, '/console/webhooks']) {
      await page.goto(`${app.origin}${path}`);
      await page.getByRole('heading', { level: 1, name: 'Not allowed with this key' }).waitFor();
      await eventually(() => page.getByRole('main').getByRole('link', { name: 'New sale' }).isVisible()).toBe(true);
      await eventually(() => page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('an orders:read key sees the order without Cancel order or Return; admin sees every page', async () => {
    const reader = await newKey('Books', ['orders:read', 'products:read']);
    const tab = await openConsole(browser, app, `/console/orders/${orderId}`);
    await signIn(tab.page, reader);
    await tab.page.getByRole('heading', { level: 1, name: /^Order / }).waitFor();
    await tab.page.getByRole('table').first().waitFor();
    await eventually(() => navLinks(tab.page)).toEqual(['Orders', 'Products']);
    await eventually(() => tab.page.getByRole('button', { name: 'Cancel order' }).count()).toBe(0);
    await eventually(() => tab.page.getByRole('button', { name: 'Return' }).count()).toBe(0);
    await tab.page.goto(`${app.origin}/console/products`);
    await tab.page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
    await tab.page
      .getByRole('cell', { name: 'Beans' })
      .or(tab.page.getByRole('link', { name: 'Beans' }))
      .first()
      .waitFor();
    await eventually(() => tab.page.getByRole('link', { name: 'New product' }).count()).toBe(0);
    // a product's page: no Edit or Deactivate, no stock movements (inventory's)
    await tab.page.goto(`${app.origin}/console/products/${beans}`);
    await tab.page.getByRole('heading', { level: 2, name: 'Stock by warehouse' }).waitFor();
    await eventually(() => tab.page.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await eventually(() => tab.page.getByRole('button', { name: 'Deactivate' }).count()).toBe(0);
    await eventually(() => tab.page.getByRole('heading', { name: 'Stock movements' }).count()).toBe(0);
    await eventually(() => tab.page.getByRole('alert').count()).toBe(0);
    expect(await seriousAxeViolations(tab.page)).toEqual([]);
    await tab.context.close();

    const admin = await openConsole(browser, app, `/console/orders/${orderId}`);
    await signIn(admin.page, biz.api_key);
    await admin.page.getByRole('button', { name: 'Cancel order' }).waitFor();
    await eventually(() => navLinks(admin.page)).toEqual(ALL_PAGES);
    await admin.context.close();
  });

  it('Settings creates a key (shown once, with Copy) and revokes it after a confirmation; the API then refuses it', async () => {
    const tab = await openConsole(browser, app, '/console/settings');
    const { page, context } = tab;
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: app.origin });
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await page.getByRole('row', { name: /Owner key \(this key\)/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    const form = page.getByRole('form', { name: 'New key' });
    await form.getByLabel('Key name').fill('Till 2');
    await form.getByRole('group', { name: 'Scopes' }).getByLabel('sales', { exact: true }).check();
    await form.getByRole('group', { name: 'Scopes' }).getByLabel('customers', { exact: true }).check();
    await form.getByRole('button', { name: 'Create key' }).click();
    await form.getByRole('status').getByText('Key “Till 2” created.', { exact: false }).waitFor();
    const key = (await form.getByTestId('new-api-key').textContent())!;
    expect(key).toMatch(/^bo_/);
    await form.getByRole('button', { name: 'Copy' }).click();
    await form.getByText('Copied.').waitFor();
    await eventually(() => page.evaluate('navigator.clipboard.readText()')).toBe(key);
    const row = page.getByRole('row', { name: /Till 2/ });
    await row.waitFor();
    await eventually(() => row.textContent()).toContain('sales, customers');
    await eventually(() => row.textContent()).toContain('Never');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await app.t
      .http()
      .get('/api/v1/customers')
      .set({ Authorization: `Bearer ${key}` })
      .expect(200);

    // shown once: leaving the page and coming back shows it no more
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await row.waitFor();
    await eventually(() => page.getByText(key).count()).toBe(0);

    // the last admin key cannot go: 409 LAST_ADMIN_KEY in the dialog
    await page.getByRole('button', { name: 'Revoke Owner key' }).click();
    const last = page.getByRole('alertdialog', { name: 'Revoke the key “Owner key”?' }).or(page.getByRole('dialog', { name: 'Revoke the key “Owner key”?' }));
    await last.getByRole('button', { name: 'Revoke key' }).click();
    await last.getByText(/last active admin key/i).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await last.getByRole('button', { name: 'Keep key' }).click();
    await last.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Revoke Till 2' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Revoke the key “Till 2”?' }).or(page.getByRole('dialog', { name: 'Revoke the key “Till 2”?' }));
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByText(/^Revoked /).waitFor();
    await app.t
      .http()
      .get('/api/v1/customers')
      .set({ Authorization: `Bearer ${key}` })
      .expect(401);
    const listed = (await api.get('/api-keys').expect(200)).body.data as { name: string; revoked_at: string | null }[];
    expect(listed.find((k) => k.name === 'Till 2')?.revoked_at).toEqual(expect.any(String));
    expect(listed.find((k) => k.name === 'Owner key')?.revoked_at).toBeNull();
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
