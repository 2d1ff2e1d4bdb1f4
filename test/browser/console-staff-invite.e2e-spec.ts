import { Browser } from 'playwright-core';
import { SmtpSink } from '../helpers/smtp-sink';
import { apiAs, TestBusiness } from '../helpers/test-app';
import {
  axeAtEverySize,
  ConsoleApp,
  consoleBusiness,
  cspViolations,
  describeInBrowser,
  eventually,
  launchChromium,
  openConsole,
  storageOf,
} from './browser-harness';
import { mailedToken, makeMember, signInAs, startMailingConsoleApp } from './staff-flows';

const OWNER = { email: 'olga@corner.test', name: 'Olga Owner', role: 'owner', password: 'a long owner passphrase 1' };
const CASHIER = { email: 'cass@corner.test', name: 'Cass Cashier', password: 'cash drawer passphrase 7' };

/**
 * docs/api.md 19 in a browser: the owner signs in with email and password and invites a cashier
 * (Settings -> Staff); the cashier opens the mailed link in another browser, accepts with a name and a
 * password (a weak one refused first), lands on New sale without Settings, sells, and the sale says
 * "Sold by" the cashier; the session cookie is the only credential (nothing in web storage).
 */
describeInBrowser('inviting a cashier in the console', () => {
  let app: ConsoleApp;
  let sink: SmtpSink;
  let browser: Browser;
  let biz: TestBusiness;

  beforeAll(async () => {
    [{ app, sink }, browser] = await Promise.all([startMailingConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    const api = apiAs(app.t, biz);
    const beans = (await api.post('/products', { name: 'Beans', price: 10, sku: 'BEANS-1' }).expect(201)).body.data.id;
    await api.post('/stock/adjustments', { product_id: beans, quantity: 10, reason: 'restock' }).expect(201);
    await makeMember(app, sink, biz.api_key, OWNER);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.stop();
  });

  it('the owner invites a cashier, who accepts, sells and is named on the sale', async () => {
    const owner = await openConsole(browser, app, '/console/settings/staff');
    await signInAs(owner.page, OWNER.email, OWNER.password);
    await owner.page.getByRole('heading', { level: 2, name: 'Staff' }).waitFor();
    await owner.page.getByRole('row', { name: /Olga Owner/ }).waitFor();
    // the cookie (HttpOnly) is the only credential: web storage holds only the hint that a person signed in here
    expect(await storageOf(owner.page)).toEqual({ session: [], local: 1, cookie: '' });
    expect(await owner.page.evaluate('Object.entries(localStorage)')).toEqual([['console.person-signed-in', '1']]);
    expect((await owner.context.cookies()).map((c) => [c.name, c.httpOnly, c.sameSite])).toEqual([['bo_session', true, 'Strict']]);

    const form = owner.page.getByRole('form', { name: 'Invite a member' });
    await form.getByLabel('Email').fill(CASHIER.email);
    await form.getByLabel('Name').fill(CASHIER.name);
    await form.getByLabel('Role').selectOption({ label: 'cashier' });
    await form.getByRole('button', { name: 'Invite' }).click();
    await form.getByRole('status').getByText(`Invitation sent to ${CASHIER.email}.`).waitFor();
    await owner.page.getByRole('row', { name: /Cass Cashier.*Invited/ }).waitFor();
    expect(await axeAtEverySize(owner.page)).toEqual([]);

    // the same email again: 409 ALREADY_MEMBER, said plainly
    await form.getByLabel('Email').fill(CASHIER.email);
    await form.getByLabel('Name').fill(CASHIER.name);
    await form.getByRole('button', { name: 'Invite' }).click();
    await form.getByRole('alert').getByText('already a member').waitFor();

    // the last owner cannot disable themselves: 409 LAST_OWNER, said plainly
    await owner.page.getByRole('button', { name: 'Disable Olga Owner' }).click();
    await owner.page.getByRole('alert').getByText('at least one active owner').waitFor();

    // Send again: a new mail whose link replaces the first
    const before = sink.mails.length;
    await owner.page.getByRole('button', { name: 'Send the invitation to Cass Cashier again' }).click();
    const token = await mailedToken(sink, CASHIER.email, 'accept-invite', before);
    const cashier = await openConsole(browser, app, `/console/accept-invite?token=${encodeURIComponent(token)}`);
    const accept = cashier.page.getByRole('form', { name: 'Accept invitation' });
    await accept.waitFor();
    expect(await axeAtEverySize(cashier.page)).toEqual([]);
    await accept.getByLabel('Password').fill(CASHIER.email); // equal to the email: WEAK_PASSWORD
    await accept.getByRole('button', { name: 'Accept invitation' }).click();
    await accept.getByText('too common, or it is your email').waitFor();
    await accept.getByLabel('Password').fill(CASHIER.password);
    await accept.getByRole('button', { name: 'Accept invitation' }).click();

    // signed in: a cashier (sales, orders:read, customers) lands on New sale, and sees no Settings
    await cashier.page.getByRole('heading', { level: 1, name: 'New sale' }).waitFor();
    const nav = cashier.page.getByRole('navigation', { name: 'Main' });
    await eventually(() => nav.getByRole('link').allTextContents()).toEqual(['New sale', 'Orders', 'Customers']);
    await cashier.page.goto(`${app.origin}/console/settings/staff`);
    await cashier.page.getByRole('heading', { level: 1, name: 'Not allowed with your role' }).waitFor();

    await cashier.page.goto(`${app.origin}/console/new-sale`);
    const scan = cashier.page.getByRole('combobox', { name: 'Scan or search' });
    await scan.pressSequentially('BEANS-1');
    await scan.press('Enter');
    await cashier.page.getByRole('textbox', { name: 'Quantity of Beans', exact: true }).waitFor();
    await cashier.page.getByRole('button', { name: 'Place order' }).click();
    const result = cashier.page.getByRole('region', { name: /Order S-\d+ placed/ });
    await result.waitFor();
    await eventually(() => result.locator('dl.figures div', { hasText: 'Sold by' }).locator('dd').textContent()).toBe(CASHIER.name);
    await result.getByRole('link', { name: /Open order/ }).click();
    await cashier.page.getByRole('heading', { level: 1, name: /^Order S-/ }).waitFor();
    await eventually(() => cashier.page.locator('dl.figures div', { hasText: 'Sold by' }).locator('dd').textContent()).toBe(CASHIER.name);
    expect(await storageOf(cashier.page)).toEqual({ session: [], local: 1, cookie: '' });

    // the owner changes the cashier's role, disables and enables them, then removes them after a confirmation
    const row = owner.page.getByRole('row', { name: /Cass Cashier/ });
    await owner.page.reload();
    await row.getByLabel('Role of Cass Cashier').selectOption({ label: 'clerk' });
    await row.getByRole('button', { name: 'Change role' }).click();
    await eventually(() => row.getByRole('button', { name: 'Change role' }).count()).toBe(0);
    await eventually(() => row.getByLabel('Role of Cass Cashier').inputValue()).toBe('clerk');
    await row.getByRole('button', { name: 'Disable Cass Cashier' }).click();
    await row.getByRole('button', { name: 'Enable Cass Cashier' }).click();
    await row.getByRole('button', { name: 'Disable Cass Cashier' }).waitFor();
    await row.getByRole('button', { name: 'Remove Cass Cashier' }).click();
    await owner.page.getByRole('alertdialog').getByRole('button', { name: 'Remove member' }).click();
    await eventually(() => owner.page.getByRole('row', { name: /Cass Cashier/ }).count()).toBe(0);

    // the token was used once: opening the link again says so
    const again = await openConsole(browser, app, `/console/accept-invite?token=${encodeURIComponent(token)}`);
    await again.page.getByLabel('Password').fill('another passphrase 123');
    await again.page.getByRole('button', { name: 'Accept invitation' }).click();
    await again.page.getByRole('alert').getByText('no longer valid').waitFor();

    for (const tab of [owner, cashier, again]) expect(cspViolations(tab)).toEqual([]);
    await Promise.all([owner.context.close(), cashier.context.close(), again.context.close()]);
  });
});
