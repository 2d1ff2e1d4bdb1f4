import { Page } from 'playwright-core';

/** New sale's steps in a browser (console-new-sale and console-till specs). */

/** Types a code into "Scan or search" as a barcode scanner does: the characters, then Enter. */
export async function scan(page: Page, code: string): Promise<void> {
  const field = page.getByRole('combobox', { name: 'Scan or search' });
  await field.pressSequentially(code);
  await field.press('Enter');
}

/** Waits until the line of `name` shows `quantity`. */
export async function lineShows(page: Page, name: string, quantity: string): Promise<void> {
  await page
    .getByRole('textbox', { name: `Quantity of ${name}`, exact: true })
    .and(page.locator(`[value="${quantity}"]`))
    .waitFor();
}

/** Whether `url` is one of the exact lookups of a scanned code (GET /products?sku= or ?barcode=). */
export function isLookupOf(url: URL, code: string): boolean {
  return url.pathname === '/api/v1/products' && (url.searchParams.get('sku') === code || url.searchParams.get('barcode') === code);
}

export interface Held {
  /** Resolves when the first held request has come. */
  first: Promise<void>;
  /** Lets the held requests (and any later one) through, or fails them as a dropped connection does. */
  release(how?: 'continue' | 'abort'): void;
}

/** Holds the page's requests of `method` whose URL `match` picks until `release()`: a lookup or an order as slow as the test needs. */
export async function hold(page: Page, method: string, match: (url: URL) => boolean): Promise<Held> {
  let release!: (how: 'continue' | 'abort') => void;
  const released = new Promise<'continue' | 'abort'>((resolve) => (release = resolve));
  let seen!: () => void;
  const first = new Promise<void>((resolve) => (seen = resolve));
  await page.route(match, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    seen();
    if ((await released) === 'abort') await route.abort('failed');
    else await route.continue();
  });
  return { first, release: (how = 'continue') => release(how) };
}

/** Slows every lookup of `code` down by `ms`, as a loaded server answers. */
export async function slowDown(page: Page, code: string, ms: number): Promise<void> {
  await page.route(
    (url) => isLookupOf(url, code),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms));
      await route.continue();
    },
  );
}
