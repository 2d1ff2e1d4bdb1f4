import { Browser, Page } from 'playwright-core';
import * as fs from 'fs';
import * as path from 'path';
import { apiAs, TestBusiness } from '../helpers/test-app';
import {
  axeAtEverySize,
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  everyReadAnswered,
  launchChromium,
  openConsole,
  signIn,
  startConsoleApp,
} from './browser-harness';

/** The routes of console/src/frame/pages.ts (read as text: the console's TypeScript is not the API's). */
const PAGES = [...fs.readFileSync(path.join(__dirname, '../../console/src/frame/pages.ts'), 'utf8').matchAll(/\{ path: '([^']+)'/g)].map((m) => ({
  path: m[1],
}));

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };

/** The top edge of each main navigation link (one value: they all sit on one row). */
function navLinkTops(page: Page): Promise<number[]> {
  return page.evaluate(`[...document.querySelectorAll('nav[aria-label="Main"] a')].map((a) => Math.round(a.getBoundingClientRect().top))`);
}

/** The header's height inside its padding and its tallest item's (the nav with its scroll bar among them), and the middles of its controls: one row when they match. */
function headerRow(page: Page): Promise<{ header: number; tallest: number; tops: number[] }> {
  return page.evaluate(`(() => {
    const header = document.querySelector('header.top');
    const items = [...header.querySelectorAll('p.business, button, nav a, nav')].filter((el) => el.getClientRects().length > 0);
    const style = getComputedStyle(header);
    const inner = header.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
    return {
      header: Math.round(inner),
      tallest: Math.round(Math.max(...items.map((el) => el.getBoundingClientRect().height))),
      tops: [...new Set(items.filter((el) => el.tagName !== 'NAV').map((el) => { const r = el.getBoundingClientRect(); return Math.round(r.top + r.height / 2); }))],
    };
  })()`);
}

/** docs/api.md 21's layout: the header one row on a counter tablet, Menu on a phone, no page wider than a phone. */
describeInBrowser('the console frame at the counter and on a phone', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;
  /** a browser URL below /console for every route of frame/pages.ts (a route with ids: one of this business's) */
  const urls: Record<string, string[]> = {};

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp({ webhookAllowInsecure: true }), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee Roasters of the Old Harbour Street');
    const api = apiAs(app.t, biz);
    // two rates: the tax lines of the order, its invoice and the tax report shown on a phone too
    await api.post('/tax-rates', { name: 'Value added tax, standard rate', rate: 19, is_default: true }).expect(201);
    await api.post('/tax-rates', { name: 'Value added tax, reduced rate', rate: 7.25 }).expect(201);
    const product = (await api.post('/products', { name: 'Single-origin Ethiopian Yirgacheffe beans, washed, 1 kg bag', price: 24.5 }).expect(201)).body.data;
    await api.post('/stock/adjustments', { product_id: product.id, quantity: 50, reason: 'restock' }).expect(201);
    const order = (
      await api
        .post('/orders', {
          payment_method: 'cash',
          items: [{ product_id: product.id, quantity: 2 }],
          customer: { email: 'ana.silva.long.address@example.com', name: 'Ana Silva' },
          send_invoice: true,
        })
        .expect(201)
    ).body.data;
    await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201);
    const supplier = (await api.post('/suppliers', { name: 'Harbour Paper Mill' }).expect(201)).body.data;
    await api.post('/purchase-orders', { supplier_id: supplier.id, items: [{ product_id: product.id, quantity: 2, unit_cost: 11 }] }).expect(201);
    const webhook = (await api.post('/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['sale.completed'] }).expect(201)).body.data;
    // an import with an error row, so its page shows the preview's figures, errors and actions
    const csv = 'sku,name,price\nLAY-1,Long oat milk name for a narrow phone screen,2.40\nLAY-2,Soy milk,two euros\n';
    const imported = (
      await app.t
        .http()
        .post('/api/v1/imports')
        .set(biz.auth)
        .field('kind', 'products')
        .attach('file', Buffer.from(csv), 'a-products-file-with-a-rather-long-name-2026-11-28.csv')
        .expect(202)
    ).body.data as { id: string };
    await eventually(async () => (await api.get(`/imports/${imported.id}`).expect(200)).body.data.status, false, 30_000).toBe('ready');
    const ids: Record<string, string> = {
      orderId: order.order_id,
      productId: product.id,
      invoiceId: order.invoice_id,
      customerId: order.customer_id,
      webhookId: webhook.id,
      importId: imported.id,
    };
    const splats: Record<string, string[]> = {
      '/inventory/$': ['/inventory/adjustments', '/inventory/transfers', '/inventory/counts', '/inventory/reorder'],
      '/purchasing/$': ['/purchasing/orders', '/purchasing/suppliers', '/purchasing/orders/new'],
      '/reports/$': ['/reports/margin', '/reports/valuation', '/reports/customers'],
      '/settings/$': ['/settings/staff', '/settings/roles', '/settings/taxes', '/settings/activity'],
      '/finance/$': ['/finance/tax'],
    };
    for (const { path: route } of PAGES) urls[route] = splats[route] ?? [route.replace(/\$(\w+)/g, (_m, name: string) => ids[name])];
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('keeps the header to one row at 1024x768, every link of the navigation on it', async () => {
    const tab = await openConsole(browser, app, '/console/orders', TABLET);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await eventually(() => nav.getByRole('link').count()).toBe(12);
    expect(await page.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);
    expect(new Set(await navLinkTops(page)).size).toBe(1);
    const row = await headerRow(page);
    // every item's middle on one line (a pixel of rounding aside), the header as tall as its tallest item
    expect(Math.max(...row.tops) - Math.min(...row.tops)).toBeLessThanOrEqual(2);
    expect(row.header).toBeLessThanOrEqual(row.tallest + 1);
    expect(await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth')).toBe(true);
    expect(await page.getByRole('button', { name: 'Search' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('folds the navigation behind Menu at 390x844: a disclosure opened, walked and closed by keyboard', async () => {
    const tab = await openConsole(browser, app, '/console/dashboard', PHONE);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await menu.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(false);

    await menu.focus();
    await page.keyboard.press('Enter');
    await eventually(() => menu.getAttribute('aria-expanded')).toBe('true');
    await eventually(() => nav.isVisible()).toBe(true);
    expect(await axeAtEverySize(page)).toEqual([]);
    // every link is reached by Tab from the button, in the order shown
    const names = await nav.getByRole('link').allTextContents();
    expect(names).toHaveLength(12);
    for (const name of names) {
      await page.keyboard.press('Tab');
      await eventually(() => page.evaluate('document.activeElement.textContent')).toBe(name);
    }
    await page.keyboard.press('Tab');
    await eventually(() => page.evaluate('document.activeElement.textContent')).toBe('Sign out');
    // Escape closes it and focus goes back to the button
    await page.keyboard.press('Escape');
    await eventually(() => menu.getAttribute('aria-expanded')).toBe('false');
    await eventually(() => nav.isVisible()).toBe(false);
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Menu');

    // opening a page closes it; focus goes to the new page's h1
    await page.keyboard.press('Enter');
    // Dashboard, New sale, Orders
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Orders');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await eventually(() => menu.getAttribute('aria-expanded')).toBe('false');
    await eventually(() => page.evaluate('document.activeElement.id')).toBe('page-title');
    // the button toggles it too
    await menu.click();
    await eventually(() => nav.isVisible()).toBe(true);
    await menu.click();
    await eventually(() => nav.isVisible()).toBe(false);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('names a browser URL for every page of frame/pages.ts', () => {
    expect(Object.keys(urls).sort()).toEqual(PAGES.map((p) => p.path).sort());
  });

  // one test per page, so a failure names the page
  it.each(PAGES.map((p) => p.path))('shows %s without sideways scroll at 390x844 and with no axe violation at any size', async (path) => {
    const tab = await openConsole(browser, app, `/console${urls[path][0]}`, PHONE);
    const { page, context } = tab;
    await signIn(page, biz.api_key);
    for (const url of urls[path]) {
      if (page.url() !== `${app.origin}/console${url}`) await page.goto(`${app.origin}/console${url}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await everyReadAnswered(page);
      // what sticks out past the window's right edge (the innermost elements not clipped by a scroll box), for the failure's message; a chart sizes itself after its data, so asked until settled
      const wide = () =>
        page.evaluate<string[]>(`document.documentElement.scrollWidth <= window.innerWidth ? [] : [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth && ![...el.children].some((c) => c.getBoundingClientRect().right > window.innerWidth))
        .filter((el) => { for (let a = el.parentElement; a; a = a.parentElement) if (getComputedStyle(a).overflowX !== 'visible') return false; return true; })
        .slice(0, 5).map((el) => el.tagName + '.' + el.className + ' ' + (el.textContent ?? '').slice(0, 30))`);
      await eventually(async () => [url, await page.evaluate('document.documentElement.scrollWidth <= window.innerWidth'), await wide()]).toEqual([
        url,
        true,
        [],
      ]);
      expect((await axeAtEverySize(page)).map((v) => `${url}: ${v}`)).toEqual([]);
    }
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
