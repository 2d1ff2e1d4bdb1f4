import { Browser } from 'playwright-core';
import { SmtpSink } from '../helpers/smtp-sink';
import { TestBusiness } from '../helpers/test-app';
import { axeAtEverySize, ConsoleApp, consoleBusiness, describeInBrowser, eventually, launchChromium, openConsole } from './browser-harness';
import { makeMember, signInAs, startMailingConsoleApp } from './staff-flows';

const PAT = { email: 'pat@shops.test', name: 'Pat Both', password: 'two shops passphrase 5' };

/**
 * docs/api.md 19 in a browser: a person who is a member of two businesses (an owner of one, a cashier
 * of the other) switches from the header; the pages and the navigation follow the new role's scopes.
 */
describeInBrowser('switching business in the console', () => {
  let app: ConsoleApp;
  let sink: SmtpSink;
  let browser: Browser;
  let corner: TestBusiness;
  let harbour: TestBusiness;

  beforeAll(async () => {
    [{ app, sink }, browser] = await Promise.all([startMailingConsoleApp(), launchChromium()]);
    corner = await consoleBusiness(app, 'Corner Coffee');
    harbour = await consoleBusiness(app, 'Harbour Cafe');
    await makeMember(app, sink, corner.api_key, { ...PAT, role: 'owner' });
    await makeMember(app, sink, harbour.api_key, { ...PAT, role: 'cashier' }); // the same person: accepting signs in with the password
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.stop();
  });

  it('switches from the owner of one business to the cashier of another', async () => {
    const { page, context } = await openConsole(browser, app, '/console');
    await signInAs(page, PAT.email, PAT.password);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await eventually(() => page.locator('header .business').textContent()).toBe('Corner Coffee');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await eventually(() => nav.getByRole('link', { name: 'Settings' }).count()).toBe(1);
    const switcher = page.getByRole('form', { name: 'Switch business' });
    expect(await axeAtEverySize(page)).toEqual([]);
    await switcher.getByLabel('Business').selectOption({ label: 'Harbour Cafe (cashier)' });
    await switcher.getByRole('button', { name: 'Switch' }).click();
    await page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
    await eventually(() => page.locator('header .business').textContent()).toBe('Harbour Cafe');
    await eventually(() => nav.getByRole('link').allTextContents()).toEqual(['New sale', 'Orders', 'Customers']);
    await context.close();
  });
});
