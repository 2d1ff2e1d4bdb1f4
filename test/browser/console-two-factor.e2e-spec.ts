import { generateSync as totp } from '@otplib/totp';
import { createHmac, randomBytes, timingSafeEqual } from 'crypto';
import { Browser, Page } from 'playwright-core';
import { SmtpSink } from '../helpers/smtp-sink';
import { TestBusiness } from '../helpers/test-app';
import { axeAtEverySize, ConsoleApp, consoleBusiness, cspViolations, describeInBrowser, eventually, launchChromium, openConsole } from './browser-harness';
import { makeMember, signInAs, startMailingConsoleApp } from './staff-flows';

const MANAGER = { email: 'mia@corner.test', name: 'Mia Manager', role: 'manager', password: 'manager passphrase 42' };
const REX = { email: 'rex@corner.test', name: 'Rex Required', role: 'clerk', password: 'required factor passphrase' };
const CLERK = { email: 'cleo@corner.test', name: 'Cleo Clerk', role: 'clerk', password: 'stock room passphrase 9' };

/**
 * The authenticator's code, by otplib's TOTP (@otplib/totp with Node's crypto: otplib's entry point
 * loads an ES module jest cannot) from the base32 key the page shows.
 */
function code(secret: string, epoch = Math.floor(Date.now() / 1000)): string {
  return totp({
    secret: base32Bytes(secret),
    epoch,
    crypto: {
      name: 'node',
      hmac: (algorithm, key, data) => new Uint8Array(createHmac(algorithm, key).update(data).digest()),
      randomBytes: (n) => new Uint8Array(randomBytes(n)),
      constantTimeEqual: (a, b) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b)),
    },
  });
}

function base32Bytes(text: string): Uint8Array {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of text.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  return Uint8Array.from((bits.match(/.{8}/g) ?? []).map((byte) => parseInt(byte, 2)));
}

/** The code of the next 30 s step: never the one just used to turn two-factor on (no replay), and within one step of drift. */
const nextCode = (secret: string) => code(secret, Math.floor(Date.now() / 1000) + 30);

/** Presses Tab until the element named `name` (by its label or text) has focus, at most 30 times. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const here: string = await page.evaluate(
      "(() => { const e = document.activeElement; return (e.labels && e.labels[0] ? e.labels[0].textContent : e.textContent || '').trim(); })()",
    );
    if (here === name) return;
  }
  throw new Error(`Tab never reached ${name}`);
}

/**
 * docs/api.md 19 in a browser: a manager turns two-factor on from Security (the QR code drawn in the
 * page, a code from the authenticator, the 10 recovery codes shown once), signs out, and signs in
 * again by keyboard alone with Email, Password and the Authentication code the API then asks for; a
 * recovery code is accepted once in place of a code; Sign out on the session list ends a session.
 */
describeInBrowser('two-factor sign-in in the console', () => {
  let app: ConsoleApp;
  let sink: SmtpSink;
  let browser: Browser;
  let biz: TestBusiness;

  beforeAll(async () => {
    [{ app, sink }, browser] = await Promise.all([startMailingConsoleApp(), launchChromium()]);
    biz = await consoleBusiness(app, 'Corner Coffee');
    await makeMember(app, sink, biz.api_key, MANAGER);
    await makeMember(app, sink, biz.api_key, CLERK);
    await makeMember(app, sink, biz.api_key, REX);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await sink?.stop();
  });

  it('turns two-factor on, then signs in by keyboard with a code, and once with a recovery code', async () => {
    const tab = await openConsole(browser, app, '/console/security');
    const { page } = tab;

    // keyboard only: Tab to each field, type, Enter
    await page.getByRole('form', { name: 'Sign in' }).waitFor();
    await tabTo(page, 'Email');
    await page.keyboard.type(MANAGER.email);
    await tabTo(page, 'Password');
    await page.keyboard.type(MANAGER.password);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    await page.getByRole('row', { name: /this session/ }).waitFor();
    expect(await axeAtEverySize(page)).toEqual([]);

    await page.getByRole('button', { name: 'Set up two-factor' }).click();
    const enable = page.getByRole('form', { name: 'Turn on two-factor' });
    await enable.getByRole('img', { name: /QR code/ }).waitFor();
    expect(await axeAtEverySize(page)).toEqual([]);
    const secret = (await enable.getByTestId('two-factor-secret').textContent())!.trim();
    await enable.getByLabel('Authentication code').fill(code(secret));
    await enable.getByRole('button', { name: 'Turn on two-factor' }).click();
    const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await eventually(() => codes.count()).toBe(10);
    const recovery = (await codes.first().textContent())!.trim();
    expect(await axeAtEverySize(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('form', { name: 'Turn off two-factor' }).waitFor();

    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    await page.getByRole('form', { name: 'Sign in' }).waitFor();

    // Email, Password, Enter: the API asks for a code, the field appears with focus
    await tabTo(page, 'Email');
    await page.keyboard.type(MANAGER.email);
    await tabTo(page, 'Password');
    await page.keyboard.type(MANAGER.password);
    await page.keyboard.press('Enter');
    await page.getByLabel('Authentication code').waitFor();
    await eventually(() => page.evaluate('document.activeElement.labels[0].textContent')).toBe('Authentication code');
    expect(await axeAtEverySize(page)).toEqual([]);
    await page.keyboard.type(nextCode(secret));
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();

    // a recovery code in place of a code: accepted once
    await page.getByRole('button', { name: 'Sign out', exact: true }).first().click();
    await page.getByRole('textbox', { name: 'Email' }).fill(MANAGER.email);
    await page.getByLabel('Password', { exact: true }).fill(MANAGER.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByLabel('Authentication code').fill(recovery);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    expect(cspViolations(tab)).toEqual([]);
    await tab.context.close();
  });

  it('Sign out on the session list ends that session: the other browser returns to sign-in at its next request', async () => {
    const first = await openConsole(browser, app, '/console/security');
    const second = await openConsole(browser, app, '/console/security');
    for (const { page } of [first, second]) {
      await page.getByRole('textbox', { name: 'Email' }).fill(CLERK.email);
      await page.getByLabel('Password', { exact: true }).fill(CLERK.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Security' }).waitFor();
    }
    await first.page.reload();
    // the clerk's other sessions: the second browser's, and the one accepting the invitation started
    const others = first.page.getByRole('button', { name: /^Sign out the session from/ });
    await eventually(() => others.count()).toBe(2);
    await others.first().click();
    await eventually(() => others.count()).toBe(1);
    await others.first().click();
    await eventually(() => others.count()).toBe(0);
    await first.page.getByRole('row', { name: /this session/ }).waitFor();
    await second.page.reload();
    await second.page.getByRole('form', { name: 'Sign in' }).waitFor();
    await Promise.all([first.context.close(), second.context.close()]);
  });

  it('a business that requires two-factor leads a member without it to set it up, then to their pages', async () => {
    await app.t.http().put('/api/v1/business').set(biz.auth).send({ require_two_factor: true }).expect(200);
    try {
      const { page, context } = await openConsole(browser, app, '/console');
      await signInAs(page, REX.email, REX.password);
      await page.getByRole('heading', { level: 1, name: 'Set up two-factor' }).waitFor();
      expect(await axeAtEverySize(page)).toEqual([]);
      await page.getByRole('button', { name: 'Set up two-factor' }).click();
      const enable = page.getByRole('form', { name: 'Turn on two-factor' });
      const secret = (await enable.getByTestId('two-factor-secret').textContent())!.trim();
      await enable.getByLabel('Authentication code').fill(code(secret));
      await enable.getByRole('button', { name: 'Turn on two-factor' }).click();
      await page.getByRole('button', { name: 'Done' }).click();
      // a clerk (inventory, products:read, purchasing) lands on Products
      await page.getByRole('heading', { level: 1, name: 'Products' }).waitFor();
      await context.close();
    } finally {
      await app.t.http().put('/api/v1/business').set(biz.auth).send({ require_two_factor: false }).expect(200);
    }
  });
});
