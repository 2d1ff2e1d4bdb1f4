import { AxeBuilder } from '@axe-core/playwright';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { AddressInfo } from 'net';
import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import type { AppConfig } from '../../src/config/app-config';
import { createBusiness, startTestApp, TestApp, TestBusiness } from '../helpers/test-app';

/**
 * The console's browser tests (docs/api.md 16): the real app on a free port against this run's test
 * database (the console built once per run by test/global-setup.js), Debian's Chromium driven by
 * playwright-core (which never downloads a browser), and axe-core on every page. One app and one
 * browser per spec file. Without a Chromium the specs are skipped with one message, and fail in CI.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export const HAS_CHROMIUM = fs.existsSync(CHROMIUM);
const BROWSER_TEST_TIMEOUT_MS = 240_000;
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** Once per run, whichever browser spec file comes first (jest loads each file's modules afresh). */
function warnOnce(message: string): void {
  try {
    fs.writeFileSync(path.join(os.tmpdir(), `${process.env.TEST_RUN_ID ?? 'bo_test'}-no-chromium`), message, { flag: 'wx' });
  } catch {
    return;
  }
  process.stderr.write(`\n*** ${message} ***\n\n`);
}

/** `describe` when a Chromium is there; otherwise a failure in CI (env CI) and a skip with one clear message elsewhere. */
export function describeInBrowser(name: string, body: () => void): void {
  if (HAS_CHROMIUM)
    return describe(name, () => {
      // A browser test is a user's whole flow, each step bounded by Playwright's own waits; on a loaded
      // machine (two suites at once) a flow of three axe runs took over jest's 60 s while every step
      // still came. The bound is for a hung test, not a measure of speed.
      jest.setTimeout(BROWSER_TEST_TIMEOUT_MS);
      body();
    });
  const message = `the browser tests did not run: no Chromium at ${CHROMIUM} (install it with \`apt-get install -y chromium\`, or set CHROMIUM_PATH)`;
  if (process.env.CI) {
    describe(name, () =>
      it('needs Chromium in CI', () => {
        throw new Error(message);
      }),
    );
    return;
  }
  warnOnce(message);
  describe.skip(name, body);
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
}

export interface ConsoleApp {
  t: TestApp;
  /** http://127.0.0.1:<port> */
  origin: string;
  close(): Promise<void>;
}

/** The real app listening on a free port, as a browser reaches it (`overrides`: its configuration, e.g. an SMTP sink). */
export async function startConsoleApp(overrides: Partial<AppConfig> = {}): Promise<ConsoleApp> {
  const t = await startTestApp(overrides);
  const server = t.app.getHttpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { t, origin, close: () => t.close() };
}

export interface ConsoleTab {
  context: BrowserContext;
  page: Page;
  /** Console messages of level error (CSP violations among them), as they came. */
  errors: string[];
}

/** A fresh browser context (its own sessionStorage, cookies) with one tab on the given console path. */
export async function openConsole(browser: Browser, app: ConsoleApp, at = '/console', viewport = { width: 1280, height: 900 }): Promise<ConsoleTab> {
  const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  page.on('pageerror', (err) => errors.push(`page error: ${err.message}`));
  await page.goto(`${app.origin}${at}`);
  return { context, page, errors };
}

/** Types the key into "API key" (after "Use an API key" when the email form is shown) and presses "Sign in", as a user does. */
export async function signIn(page: Page, key: string): Promise<void> {
  const field = page.getByLabel('API key');
  const useKey = page.getByRole('button', { name: 'Use an API key' });
  await field.or(useKey).first().waitFor();
  if (!(await field.isVisible())) await useKey.click();
  await field.fill(key);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** What the tab keeps: sessionStorage's values, how many localStorage items, document.cookie (run in the page). */
export function storageOf(page: Page): Promise<{ session: string[]; local: number; cookie: string }> {
  return page.evaluate('({ session: Object.values(sessionStorage), local: localStorage.length, cookie: document.cookie })');
}

/** The sizes the console is judged at: a desk, a counter tablet, a phone. */
export const SIZES = [
  { name: 'desk', width: 1280, height: 900 },
  { name: 'counter tablet', width: 1024, height: 768 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/** axe's serious and critical violations of the page as it is now, and any sideways scroll, at each of SIZES, by size (empty when clean). */
export async function axeAtEverySize(page: Page): Promise<string[]> {
  const found: string[] = [];
  const before = page.viewportSize();
  for (const size of SIZES) {
    await page.setViewportSize({ width: size.width, height: size.height });
    for (const violation of await seriousAxeViolations(page)) found.push(`${size.name}: ${violation}`);
    const overflow = await sidewaysOverflow(page);
    if (overflow > 0) found.push(`${size.name}: the page scrolls sideways by ${overflow} px`);
  }
  if (before) await page.setViewportSize(before);
  return found;
}

/** How far the page is wider than its window (0: no sideways scroll; a wide table scrolls in its own box). */
export function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
}

/** CSP violations among the console errors of a tab. */
export function cspViolations(tab: ConsoleTab): string[] {
  return tab.errors.filter((e) => /Content Security Policy/i.test(e));
}

/** axe-core's WCAG 2.1 A/AA rules on the page as it is now: the serious and critical violations, readable. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/**
 * Until the page shows no "Loading …" status (ui/States.tsx): every read it started has answered. A
 * heading is shown before its page's reads answer, so a change made on the server after the heading
 * alone may still be seen by them (a key revoked then makes one of them the 401).
 */
export function everyReadAnswered(page: Page): Promise<void> {
  return eventually(
    () =>
      page
        .getByRole('status')
        .filter({ hasText: /^Loading\b/ })
        .count(),
    false,
    30_000,
  ).toBe(0);
}

/** The text of the figure a `dt` names in a `dl.figures` (the console's summary figures): its first `dd` (a second one says its change). */
export function figure(page: Page, name: string) {
  return page
    .locator('dl.figures div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
    .locator('dd')
    .first();
}

/** A business of its own for a test, with a known currency and zone. */
export function consoleBusiness(app: ConsoleApp, name = 'Corner Coffee', options: { currency?: string; timezone?: string } = {}): Promise<TestBusiness> {
  return createBusiness(app.t, name, options);
}

type Matchers<T> = jest.JestMatchers<T>;
type Eventually<T> = {
  [K in Exclude<keyof Matchers<T>, 'not'>]: Matchers<T>[K] extends (...args: infer A) => unknown ? (...args: A) => Promise<void> : never;
} & {
  not: Eventually<T>;
};

/**
 * `expect`, retried: reads the value again (every 50 ms, up to 10 s) until the matcher passes, then
 * throws the matcher's own last failure. What the page shows arrives after its own requests, so a
 * single read right after a heading appears races them; this is Playwright's web-first assertion
 * for jest's matchers.
 */
export function eventually<T>(read: () => Promise<T> | T, negate = false, timeoutMs = 10_000): Eventually<T> {
  return new Proxy({} as Eventually<T>, {
    get: (_target, matcher: string) => {
      if (matcher === 'not') return eventually(read, !negate, timeoutMs);
      return async (...args: unknown[]) => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const value = await read();
          try {
            const subject = negate ? expect(value).not : expect(value);
            (subject as unknown as Record<string, (...a: unknown[]) => void>)[matcher](...args);
            return;
          } catch (failure) {
            if (Date.now() > deadline) throw failure;
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }
      };
    },
  });
}
