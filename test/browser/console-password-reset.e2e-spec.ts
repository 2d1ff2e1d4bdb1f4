import { Browser } from 'playwright-core';
import { SmtpSink } from '../helpers/smtp-sink';
import { TestBusiness } from '../helpers/test-app';
import { axeAtEverySize, ConsoleApp, consoleBusiness, cspViolations, describeInBrowser, eventually, launchChromium, openConsole } from './browser-harness';
import { mailedToken, makeMember, signInAs, startMailingConsoleApp } from './staff-flows';

const ANN = { email: 'ann@corner.test', name: 'Ann Accountant', role: 'accountant', password: 'first ledger passphrase' };
const NEW_PASSWORD = 'second ledger passphrase';

/**
 * docs/api.md 19 in a browser: Forgot password? always answers the same; the mailed link opens Reset
 * password (a weak password refused), and the new password signs in; the reset ended the session
 * that was open, so that tab's next request returns it to the sign-in form.
 */
describeInBrowser('resetting a password in the console', () => {
  let app: ConsoleApp;
  let sink: SmtpSink;
  let browser: Browser;
  let biz: TestBusiness;

  beforeAll(async () => {
    [{ app, sink }, browser] = await Promise.all([startMailingConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    await makeMember(app, sink, biz.api_key, ANN);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.stop();
  });

  it('resets the password from the mailed link and ends the open session', async () => {
    const open = await openConsole(browser, app, '/console/invoices');
    await signInAs(open.page, ANN.email, ANN.password);
    await open.page.getByRole('heading', { level: 1, name: 'Invoices' }).waitFor();

    const tab = await openConsole(browser, app, '/console');
    const { page } = tab;
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('form', { name: 'Forgot password' });
    expect(await axeAtEverySize(page)).toEqual([]);
    // an unknown email gets the same neutral answer
    await forgot.getByLabel('Email').fill('nobody@corner.test');
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByRole('status').getByText('If an account uses nobody@corner.test').waitFor();
    const before = sink.mails.length;
    await forgot.getByLabel('Email').fill(ANN.email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByRole('status').getByText(`If an account uses ${ANN.email}`).waitFor();
    const token = await mailedToken(sink, ANN.email, 'reset-password', before);

    await page.goto(`${app.origin}/console/reset-password?token=${encodeURIComponent(token)}`);
    const reset = page.getByRole('form', { name: 'Reset password' });
    await reset.waitFor();
    expect(await axeAtEverySize(page)).toEqual([]);
    await reset.getByLabel('New password').fill('password123'); // a common password: WEAK_PASSWORD
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await reset.getByText('too common').waitFor();
    await reset.getByLabel('New password').fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Reset password' }).click();
    await page.getByRole('status').getByText('Your password is changed').waitFor();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await signInAs(page, ANN.email, NEW_PASSWORD);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // the tab signed in before the reset: its next request is a 401, back to the sign-in form
    await open.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }).click();
    await open.page.getByRole('form', { name: 'Sign in' }).waitFor();
    await eventually(() => open.page.getByRole('status').first().textContent()).toMatch(/session has ended/);
    expect(cspViolations(tab)).toEqual([]);
    await Promise.all([open.context.close(), tab.context.close()]);
  });
});
