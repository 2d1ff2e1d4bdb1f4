/*
 * The console benchmark's list steps (registered in bench/console-measures.ts): for each list of the
 * console, a click on its link (the main navigation's, or the page's own sub-navigation for a
 * sub-view) in a signed-in tab to the first row of its table shown, timed by the page's own clock
 * (timedInPage). Client-side navigation, as a user moves through the console: each sample reloads
 * the tab on a page that reads nothing large first (New sale, or a sibling sub-view) and waits for
 * its network to settle, so the list's reads are never answered from the tab's query cache, while
 * the console's JavaScript comes from the browser cache as it does for a returning user. The API
 * reads the click caused (first sample) are then timed one at a time with fetch, status and ms: the
 * answer to "which request is slow" when a list misses its target.
 */
import { performance } from 'perf_hooks';
import type { Page } from 'playwright-core';
import type { Log } from './bench-support';
import type { ConsoleBenchContext } from './console-browser';
import { timedInPage } from './console-sale-measures';

export interface ListPage {
  /** what the log calls it */
  name: string;
  /** where each sample starts (below /console), a page whose own reads are small */
  from: string;
  /** the navigation landmark holding the link, and the link's name */
  nav: string;
  link: string;
  /** CSS of the list's rows */
  rows: string;
}

const NEW_SALE = '/new-sale';
/** reads timed again after a list's samples (the rest are its rows' lookups, a product or supplier by id each) */
const MAX_READS = 6;

export const LIST_PAGES: ListPage[] = [
  { name: 'Orders', from: NEW_SALE, nav: 'Main', link: 'Orders', rows: 'main table[aria-label="Orders"] tbody tr' },
  { name: 'Products', from: NEW_SALE, nav: 'Main', link: 'Products', rows: 'main table[aria-label="Products"] tbody tr' },
  { name: 'Inventory: adjustments', from: NEW_SALE, nav: 'Main', link: 'Inventory', rows: 'section[aria-labelledby="adjustments-title"] tbody tr' },
  { name: 'Inventory: transfers', from: '/inventory/counts', nav: 'Inventory', link: 'Transfers', rows: 'section[aria-labelledby="transfers-title"] tbody tr' },
  { name: 'Inventory: counts', from: '/inventory/transfers', nav: 'Inventory', link: 'Counts', rows: 'section[aria-labelledby="counts-title"] tbody tr' },
  { name: 'Inventory: reorder', from: '/inventory/counts', nav: 'Inventory', link: 'Reorder', rows: 'section[aria-labelledby="reorder-title"] tbody tr' },
  { name: 'Purchasing: purchase orders', from: NEW_SALE, nav: 'Main', link: 'Purchasing', rows: 'section[aria-labelledby="orders-title"] tbody tr' },
  {
    name: 'Purchasing: suppliers',
    from: '/purchasing/orders',
    nav: 'Purchasing',
    link: 'Suppliers',
    rows: 'section[aria-labelledby="suppliers-title"] tbody tr',
  },
  { name: 'Invoices', from: NEW_SALE, nav: 'Main', link: 'Invoices', rows: 'main table tbody tr' },
  { name: 'Customers', from: NEW_SALE, nav: 'Main', link: 'Customers', rows: 'main table tbody tr' },
  { name: 'Finance: transactions', from: NEW_SALE, nav: 'Main', link: 'Finance', rows: 'section[aria-labelledby="transactions-title"] tbody tr' },
  { name: 'Webhooks', from: NEW_SALE, nav: 'Main', link: 'Webhooks', rows: 'section[aria-labelledby="webhooks-title"] tbody tr' },
  { name: 'Settings: API keys', from: NEW_SALE, nav: 'Main', link: 'Settings', rows: 'section[aria-labelledby="keys-title"] tbody tr' },
];

/** Milliseconds from the click on the list's link to its first row shown, `runs` times; the API reads of the first, each timed again by fetch, to `log`. */
export async function listPageSamples(ctx: ConsoleBenchContext, list: ListPage, runs: number, log: Log): Promise<number[]> {
  const page = await ctx.signedInTab();
  const out: number[] = [];
  let reads: string[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      await settleOn(page, `${ctx.origin}/console${list.from}`);
      const seen: string[] = [];
      const onRequest = (req: { url(): string }) => {
        if (req.url().includes('/api/v1/')) seen.push(req.url().slice(ctx.origin.length));
      };
      page.on('request', onRequest);
      const done = `document.querySelector(${JSON.stringify(list.rows)}) !== null`;
      const link = page.getByRole('navigation', { name: list.nav, exact: true }).getByRole('link', { name: list.link, exact: true });
      out.push(await timedInPage(page, 'click', done, () => link.click()));
      page.off('request', onRequest);
      if (i === 0) reads = seen;
    }
  } finally {
    await page.context().close();
  }
  const distinct = [...new Set(reads)];
  const more = distinct.length > MAX_READS ? `\n    and ${distinct.length - MAX_READS} more reads of the rows' names` : '';
  log(`  ${list.name}: the reads of its first sample, one at a time:\n${await timeReads(ctx, distinct.slice(0, MAX_READS))}${more}`);
  return out;
}

/** The tab reloaded on `url` and its reads finished. */
async function settleOn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('h1').waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
}

/** Each read (a path below the origin) twice with the business's key: status and ms of each. */
async function timeReads(ctx: ConsoleBenchContext, reads: string[]): Promise<string> {
  const lines: string[] = [];
  for (const read of reads) {
    const times: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const res = await fetch(`${ctx.origin}${read}`, { headers: { Authorization: `Bearer ${ctx.apiKey}` } });
      await res.arrayBuffer();
      times.push(`${res.status} in ${(performance.now() - started).toFixed(0)} ms`);
    }
    lines.push(`    GET ${read}: ${times.join(', then ')}`);
  }
  return lines.join('\n') || '    (none)';
}
