/*
 * The console benchmark's New sale and Orders steps (registered in bench/console-measures.ts), timed by
 * the page's own clock like the chart: from the user's event (Enter, a click) to the result in the
 * DOM and the next frame begun, in a tab signed in once (warm, as a clerk's is).
 */
import { Page } from 'playwright-core';
import type { ConsoleBenchContext } from './console-browser';

/**
 * Milliseconds from the next `event` (`key` for a keydown) to the JavaScript condition `done` holding
 * in the page and a frame begun after it.
 */
export async function timedInPage(page: Page, event: 'click' | 'keydown', done: string, act: () => Promise<unknown>, key?: string): Promise<number> {
  await page.evaluate(`(() => {
    window.__benchStartAt = undefined;
    window.__benchDoneAt = undefined;
    const start = (e) => {
      if (${JSON.stringify(key ?? null)} !== null && e.key !== ${JSON.stringify(key ?? null)}) return;
      document.removeEventListener(${JSON.stringify(event)}, start, { capture: true });
      window.__benchStartAt = performance.now();
      const check = () => {
        if (!(${done})) return false;
        observer.disconnect();
        requestAnimationFrame(() => { window.__benchDoneAt = performance.now(); });
        return true;
      };
      const observer = new MutationObserver(check);
      observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
      check();
    };
    document.addEventListener(${JSON.stringify(event)}, start, { capture: true });
  })()`);
  await act();
  // polled by the page's frames (waitForFunction's string predicate would be an eval, refused by the CSP)
  return page.evaluate<number>(`new Promise((resolve, reject) => {
    const until = performance.now() + 60000;
    const tick = () => {
      if (window.__benchDoneAt !== undefined) resolve(window.__benchDoneAt - window.__benchStartAt);
      else if (performance.now() > until) reject(new Error('not done within 60 s: ' + ${JSON.stringify(done)}));
      else requestAnimationFrame(tick);
    };
    tick();
  })`);
}

/** SKUs of `n` active products of the business (the first page by name), read through the API. */
async function someSkus(ctx: ConsoleBenchContext, n: number): Promise<string[]> {
  const res = await fetch(`${ctx.origin}/api/v1/products?per_page=${Math.min(100, n)}`, { headers: { Authorization: `Bearer ${ctx.apiKey}` } });
  const body = (await res.json()) as { data: { sku: string }[] };
  return body.data.map((p) => p.sku);
}

/**
 * New sale: an SKU typed into "Scan or search" (not timed), then Enter to `done(rows)` holding with
 * `rows` lines in the sale. Each sample a code not scanned before, so the sale grows by a line each.
 */
async function scanSamples(ctx: ConsoleBenchContext, runs: number, done: (rows: number) => string): Promise<number[]> {
  const skus = await someSkus(ctx, runs);
  const page = await ctx.signedInTab('/console/new-sale');
  const field = page.getByRole('combobox', { name: 'Scan or search' });
  await field.waitFor();
  const out: number[] = [];
  for (const [i, sku] of skus.entries()) {
    await field.pressSequentially(sku);
    out.push(await timedInPage(page, 'keydown', done(i + 1), () => field.press('Enter'), 'Enter'));
  }
  await page.context().close();
  return out;
}

const linesShown = (rows: number) => `document.querySelectorAll('table.lines tbody tr').length === ${rows}`;

/** Enter to its line shown: the lookup (GET /products?sku=, an SKU being asked first) and the render. */
export function scanToLineSamples(ctx: ConsoleBenchContext, runs: number): Promise<number[]> {
  return scanSamples(ctx, runs, linesShown);
}

/**
 * New sale as a till: Enter to the till's Total shown as current (not marked as updating) with every
 * line's total: the lookup, POST /orders/quote of all the lines so far, the render.
 */
export function scanToTotalSamples(ctx: ConsoleBenchContext, runs: number): Promise<number[]> {
  return scanSamples(
    ctx,
    runs,
    (rows) =>
      `${linesShown(rows)} && document.querySelector('.sale-summary .totals')?.getAttribute('aria-busy') === 'false' && document.querySelectorAll('table.lines td.line-total:not(.updating)').length === ${rows}`,
  );
}

/** Orders: "Next page" clicked to the next page of the list (1,000,000 orders) shown, page after page. */
export async function ordersPageSamples(ctx: ConsoleBenchContext, runs: number): Promise<number[]> {
  const page = await ctx.signedInTab('/console/orders');
  await page.getByText(/^Page 1 of/).waitFor({ timeout: 60_000 });
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const next = i + 2;
    const done = `(document.querySelector('.pager [role=status]')?.textContent ?? '').startsWith('Page ${next} of') && document.querySelectorAll('table tbody tr').length > 0`;
    out.push(await timedInPage(page, 'click', done, () => page.getByRole('button', { name: 'Next page' }).click()));
  }
  await page.context().close();
  return out;
}
