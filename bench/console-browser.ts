/*
 * What the console benchmark's measurements share: Debian's Chromium through playwright-core (the
 * flags of the browser tests), a tab signed in as a user does, the built console's initial
 * JavaScript, and timing a step until a condition holds in the page.
 */
import * as fs from 'fs';
import { performance } from 'perf_hooks';
import { Browser, chromium, Locator, Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function launchChromium(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`no Chromium at ${CHROMIUM}: apt-get install -y chromium (or set CHROMIUM_PATH)`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/** What a measurement gets: the browser, the console's origin, the business's key. */
export interface ConsoleBenchContext {
  browser: Browser;
  origin: string;
  apiKey: string;
  businessId: string;
  /** A fresh context (empty cache and sessionStorage) with a tab on `path`, not signed in. */
  openTab(path?: string): Promise<Page>;
  /** A fresh tab signed in, on the dashboard with its chart drawn (or on `path` after that). */
  signedInTab(path?: string): Promise<Page>;
}

export function benchContext(browser: Browser, origin: string, apiKey: string, businessId: string): ConsoleBenchContext {
  const openTab = async (to = '/console') => {
    const context = await browser.newContext({ locale: 'en-US', timezoneId: 'UTC', viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${origin}${to}`);
    return page;
  };
  return {
    browser,
    origin,
    apiKey,
    businessId,
    openTab,
    signedInTab: async (to?: string) => {
      const page = await openTab('/console/dashboard');
      await (await keyForm(page)).fill(apiKey);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await chartDrawn(page);
      if (to) {
        await page.goto(`${origin}${to}`);
      }
      return page;
    },
  };
}

/** The dashboard's revenue chart drawn by uPlot (RevenueChart sets data-drawn in its draw hook). */
export function chartDrawn(page: Page, timeout = 60_000): Promise<unknown> {
  return page
    .getByRole('figure', { name: /Revenue per day/ })
    .locator('.chart[data-drawn="true"]')
    .waitFor({ timeout });
}

/** Milliseconds from `act` to `done` resolving (the condition awaited in the page). */
export async function timed(act: () => Promise<unknown>, done: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await act();
  await done();
  return performance.now() - started;
}

/**
 * Milliseconds, by the page's own clock, from the click `act` makes to the revenue chart drawn and the
 * next frame begun: the driver's own overhead (actionability checks, round trips to the browser) is
 * not counted.
 */
export async function timedInPageToChart(page: Page, act: () => Promise<unknown>): Promise<number> {
  await page.evaluate(`(() => {
    window.__benchClickAt = undefined;
    window.__benchDrawnAt = undefined;
    document.addEventListener('click', () => { window.__benchClickAt = performance.now(); }, { capture: true, once: true });
    const observer = new MutationObserver(() => {
      if (!document.querySelector('figure .chart[data-drawn="true"]')) return;
      observer.disconnect();
      requestAnimationFrame(() => { window.__benchDrawnAt = performance.now(); });
    });
    observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-drawn'] });
  })()`);
  await act();
  await chartDrawn(page);
  await page.waitForFunction(() => (globalThis as any).__benchDrawnAt !== undefined);
  return page.evaluate<number>('window.__benchDrawnAt - window.__benchClickAt');
}

/** The sign-in's "API key" field: the email form comes first (docs/api.md 19), so "Use an API key" is pressed when it shows. */
export async function keyForm(page: Page): Promise<Locator> {
  const field = page.getByLabel('API key');
  const useKey = page.getByRole('button', { name: 'Use an API key' });
  await field.or(useKey).first().waitFor();
  if (!(await field.isVisible())) await useKey.click();
  return field;
}
