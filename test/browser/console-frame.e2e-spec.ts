import { Browser } from 'playwright-core';
import request from 'supertest';
import * as fs from 'fs';
import * as path from 'path';
import { CONSOLE_DIST, consoleJavaScript } from '../../src/console/console-build';
import { TestBusiness } from '../helpers/test-app';
import {
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  everyReadAnswered,
  launchChromium,
  openConsole,
  seriousAxeViolations,
  signIn,
  startConsoleApp,
  storageOf,
} from './browser-harness';

/** docs/api.md 16, the frame: served at /console under a strict CSP, sign-in, Sign out, a 401 at any time. */
describeInBrowser('the console frame in a browser', () => {
  let app: ConsoleApp;
  let browser: Browser;
  let biz: TestBusiness;

  beforeAll(async () => {
    [app, browser] = await Promise.all([startConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('serves index.html without a key at /console and every path below it, with a CSP of script-src self only', async () => {
    const server = app.t.app.getHttpServer();
    for (const path of ['/console', '/console/', '/console/dashboard', '/console/orders/123?page=2']) {
      const res = await request(server).get(path).expect(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.text).toContain('<div id="root"></div>');
      expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("default-src 'self'");
      expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|https:|http:/);
    }
    const html = (await request(server).get('/console/').expect(200)).text;
    const script = /<script type="module" crossorigin src="([^"]+)"/.exec(html)![1];
    const asset = await request(server).get(script).expect(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['content-security-policy']).toContain("script-src 'self'");
    expect(asset.headers['cache-control']).toContain('immutable');
    await request(server).get('/console/assets/missing.js').expect(404);
    // the API keeps helmet's own policy
    const apiCsp = String((await request(server).get('/api/v1/business').set(biz.auth).expect(200)).headers['content-security-policy']);
    expect(apiCsp).toContain('upgrade-insecure-requests');
  });

  it("is React's production build, its initial JavaScript at most 150 KiB gzip, uPlot in a chunk of its own", () => {
    const { initial, lazy } = consoleJavaScript();
    expect(initial.reduce((sum, f) => sum + f.gzip, 0)).toBeLessThanOrEqual(150 * 1024);
    const read = (f: { file: string }) => fs.readFileSync(path.join(CONSOLE_DIST, f.file), 'utf8');
    expect(initial.map(read).join('')).not.toMatch(/u-over/);
    expect(lazy.filter((f) => read(f).includes('u-over'))).toHaveLength(1);
  });

  it('refuses a wrong key with an alert and stays on the form', async () => {
    const { page, context } = await openConsole(browser, app);
    await signIn(page, 'bo_live_not-a-key');
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/UNAUTHORIZED/);
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/Request id: [0-9a-f-]{36}/i);
    await eventually(() => page.getByLabel('API key').isVisible()).toBe(true);
    expect((await storageOf(page)).session).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await context.close();
  });

  it('signs in with a key kept in sessionStorage only, shows the business, and Sign out forgets the key', async () => {
    const tab = await openConsole(browser, app, '/console');
    const { page, context } = tab;
    expect(await seriousAxeViolations(page)).toEqual([]);
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(page.url()).toBe(`${app.origin}/console/dashboard`);
    await eventually(() => page.getByText('Corner Coffee').first().isVisible()).toBe(true);
    const nav = page.getByRole('navigation');
    await eventually(() => nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');

    await eventually(() => storageOf(page)).toEqual({ session: [biz.api_key], local: 0, cookie: '' });
    await eventually(() => context.cookies()).toEqual([]);
    expect(page.url()).not.toContain(biz.api_key);
    await eventually(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('API key').waitFor();
    expect((await storageOf(page)).session).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it("moves focus to the new page's h1 after a navigation by keyboard, not on the first page nor on a filter change", async () => {
    const tab = await openConsole(browser, app, '/console/dashboard');
    const { page, context } = tab;
    // the element that has focus: its tag, id and text
    const focused = () => page.evaluate('({ tag: document.activeElement.tagName, id: document.activeElement.id, text: document.activeElement.textContent })');
    /** presses `key` until the main navigation's link `name` has focus (at most 40 times) */
    const tabToNavLink = async (name: string, key: 'Tab' | 'Shift+Tab') => {
      for (
        let i = 0;
        i < 40 &&
        !(await page.evaluate(
          `document.activeElement.closest('nav[aria-label="Main"]') !== null && document.activeElement.textContent === ${JSON.stringify(name)}`,
        ));
        i++
      ) {
        await page.keyboard.press(key);
      }
      expect(await focused()).toMatchObject({ tag: 'A', text: name });
    };
    await signIn(page, biz.api_key);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await eventually(() => page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Orders' }).isVisible()).toBe(true);
    expect(await focused()).toMatchObject({ tag: 'BODY' }); // the first page shown keeps focus where it was

    await tabToNavLink('Orders', 'Tab');
    await page.keyboard.press('Enter');
    await eventually(() => focused()).toEqual({ tag: 'H1', id: 'page-title', text: 'Orders' });
    expect(page.url()).toBe(`${app.origin}/console/orders`);

    // the next Tab starts from the top of the page: its order finder, then its first filter, changed from the keyboard
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'INPUT' });
    expect(await page.evaluate('document.activeElement.labels[0].textContent')).toBe('Order number or receipt scan');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).toMatchObject({ tag: 'SELECT', id: 'status' });
    await page.keyboard.press('ArrowDown');
    await eventually(() => page.url()).toMatch(/\/console\/orders\?.*status=/);
    await eventually(() => page.getByText('No orders match these filters.').isVisible()).toBe(true);
    expect(await focused()).toMatchObject({ tag: 'SELECT', id: 'status' });

    await tabToNavLink('Products', 'Shift+Tab');
    await page.keyboard.press('Enter');
    await eventually(() => focused()).toEqual({ tag: 'H1', id: 'page-title', text: 'Products' });
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });

  it('keeps the tab signed in on reload, and a 401 mid-session returns to the sign-in form', async () => {
    const other = await consoleBusiness(app, 'Revoked Shop');
    const tab = await openConsole(browser, app, '/console/dashboard?days=7');
    const { page, context } = tab;
    await signIn(page, other.api_key);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    expect(page.url()).toBe(`${app.origin}/console/dashboard?days=7`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await everyReadAnswered(page); // so that the 401 is the click's read, not a late one of the reload

    await app.t.db.query(`UPDATE api_keys SET revoked_at = now() WHERE business_id = $1`, [other.business_id]);
    await page.getByRole('radio', { name: '30 days' }).click(); // reads the new period with the revoked key
    await page.getByLabel('API key').waitFor();
    await eventually(() => page.getByRole('status').first().textContent()).toMatch(/session has ended/);
    expect((await storageOf(page)).session).not.toContain(other.api_key);
    expect(cspViolations(tab)).toEqual([]);
    await context.close();
  });
});
