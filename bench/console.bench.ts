/*
 * Console benchmark (`npm run bench -- console`): a fresh database seeded through SQL with 100,000
 * products and 1,000,000 orders (bench/console-seed.ts), the analytics rollups filled by the app's own
 * background pass, a few orders placed through the API (the latest events), the real app on a free
 * port, then headless Chromium (bench/console-browser.ts): the initial JavaScript of the built console
 * (gzip), each step of bench/console-measures.ts (each list's first page among them), the dashboard at
 * that scale (docs/images/console-dashboard-scale.png) and the README's screenshots of the inventory and
 * the invoices (docs/images/console-*.png); the README's dashboard is test/browser/console-reports.e2e-spec.ts's
 * (CONSOLE_SCREENSHOTS). Figures: BENCHMARKS.md (Console).
 */
import * as path from 'path';
import { AddressInfo } from 'net';
import { performance } from 'perf_hooks';
import { createApplication } from '../src/bootstrap';
import { JsonLogger } from '../src/common/logging/json-logger';
import { loadConfig } from '../src/config/app-config';
import { consoleJavaScript, ensureConsoleBuilt } from '../src/console/console-build';
import { AnalyticsWarmer } from '../src/modules/analytics/analytics-warmer';
import { Log, percentile } from './bench-support';
import { benchContext, chartDrawn, ConsoleBenchContext, keyForm, launchChromium } from './console-browser';
import { CONSOLE_MEASURES } from './console-measures';
import { withConsoleBusiness } from './console-kept-seed';

const IMAGES = path.resolve(__dirname, '..', 'docs', 'images');
const SCREENSHOT = path.join(IMAGES, 'console-dashboard-scale.png');
/** README's screenshots of lists at scale: the page, the rows waited for, the file */
const LIST_SCREENSHOTS = [
  { path: '/console/inventory/adjustments', rows: 'section[aria-labelledby="adjustments-title"] tbody tr', file: 'console-inventory.png' },
  { path: '/console/invoices', rows: 'main table tbody tr', file: 'console-invoices.png' },
];
const INITIAL_JS_TARGET_KIB = 150;
/** BENCH_CONSOLE_ONLY='New sale': only the steps whose name matches (a change's own figures), and no README screenshots */
const ONLY = process.env.BENCH_CONSOLE_ONLY ? new RegExp(process.env.BENCH_CONSOLE_ONLY) : null;

export async function run(log: Log): Promise<void> {
  await ensureConsoleBuilt(undefined, log);
  reportJavaScript(log);
  await withConsoleBusiness(log, async (url, business) => {
    const config = { ...loadConfig(), databaseUrl: url, logLevel: 'warn' as const, rateLimitPerMinute: 0, analyticsWarmIntervalMs: 0 };
    const { app } = await createApplication(config, new JsonLogger('warn'));
    await app.listen(0, '127.0.0.1');
    const origin = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
    const browser = await launchChromium();
    try {
      const warmStarted = Date.now();
      await app.get(AnalyticsWarmer).warmAll();
      log(`analytics rollups filled by the background pass in ${((Date.now() - warmStarted) / 1000).toFixed(1)} s`);
      await placeOrders(origin, business.api_key, business.productIds.slice(0, 5));
      await timeDashboardReads(origin, business.api_key, log);
      const ctx = benchContext(browser, origin, business.api_key, business.business_id);
      for (const measure of CONSOLE_MEASURES.filter((m) => !ONLY || ONLY.test(m.name))) {
        const samples = (await measure.samples(ctx, log)).sort((a, b) => a - b);
        const p50 = percentile(samples, 50);
        log(
          `${measure.name}: p50 ${p50.toFixed(0)} ms, p90 ${percentile(samples, 90).toFixed(0)} ms, max ${samples[samples.length - 1].toFixed(0)} ms ` +
            `over ${samples.length} runs (${samples.map((s) => s.toFixed(0)).join(', ')} ms); target < ${measure.targetMs} ms: ${p50 < measure.targetMs ? 'met' : 'NOT met'}`,
        );
      }
      if (ONLY) return log(`only the steps matching ${ONLY} (BENCH_CONSOLE_ONLY): no screenshots taken`);
      await screenshot(ctx, log);
      for (const shot of LIST_SCREENSHOTS) await listScreenshot(ctx, shot, log);
    } finally {
      await browser.close();
      await app.close();
    }
  });
}

function reportJavaScript(log: Log): void {
  const { initial, lazy } = consoleJavaScript();
  const kib = (n: number) => (n / 1024).toFixed(1);
  const total = initial.reduce((s, f) => s + f.gzip, 0);
  log(`initial JavaScript: ${kib(total)} KiB gzip (${initial.map((f) => `${f.file} ${kib(f.bytes)} KiB, ${kib(f.gzip)} gzip`).join('; ')})`);
  log(`  target <= ${INITIAL_JS_TARGET_KIB} KiB gzip: ${total / 1024 <= INITIAL_JS_TARGET_KIB ? 'met' : 'NOT met'}`);
  log(`lazy chunks: ${lazy.map((f) => `${f.file} ${kib(f.gzip)} KiB gzip`).join('; ')}`);
}

/** The dashboard's reads one by one (each twice: the second is what a returning user waits for), status and ms. */
async function timeDashboardReads(origin: string, apiKey: string, log: Log): Promise<void> {
  const reads = [
    '/business',
    '/analytics/dashboard?days=30&compare=previous',
    '/analytics/revenue?days=30',
    '/analytics/top-products?days=30&limit=5&sort=revenue',
    '/products?stock_status=low&per_page=10',
    '/events?order=desc&limit=11',
  ];
  const out: string[] = [];
  for (const read of reads) {
    const times: string[] = [];
    for (let i = 0; i < 2; i++) {
      const started = performance.now();
      const res = await fetch(`${origin}/api/v1${read}`, { headers: { Authorization: `Bearer ${apiKey}` } });
      await res.arrayBuffer();
      times.push(`${res.status} in ${(performance.now() - started).toFixed(0)} ms`);
    }
    out.push(`  GET ${read}: ${times.join(', then ')}`);
  }
  log(`the dashboard's reads, one at a time:\n${out.join('\n')}`);
}

/** A few sales through the API, so the latest events show real ones. */
async function placeOrders(origin: string, apiKey: string, productIds: string[]): Promise<void> {
  for (const [i, id] of productIds.entries()) {
    const res = await fetch(`${origin}/api/v1/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ items: [{ product_id: id, quantity: 1 + i }], payment_method: i % 2 ? 'cash' : 'card' }),
    });
    if (res.status !== 201) throw new Error(`POST /orders: ${res.status} ${await res.text()}`);
  }
}

async function screenshot(ctx: ConsoleBenchContext, log: Log): Promise<void> {
  const page = await ctx.openTab('/console/dashboard');
  await (await keyForm(page)).fill(ctx.apiKey);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await chartDrawn(page);
  await page.getByRole('region', { name: 'Latest events' }).getByRole('listitem').first().waitFor();
  // every section settled: its content or its error, no "Loading ..." left
  // a function, not a string: the console's CSP forbids the eval a polled string predicate needs
  await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('main .loading').length === 0, undefined, { timeout: 60_000 });
  await page.screenshot({ path: SCREENSHOT, fullPage: true });
  await page.context().close();
  log(`screenshot: ${path.relative(process.cwd(), SCREENSHOT)}`);
}

/** A list's page at scale, signed in, once its rows and their lookups (names by id) have arrived. */
async function listScreenshot(ctx: ConsoleBenchContext, shot: { path: string; rows: string; file: string }, log: Log): Promise<void> {
  const page = await ctx.signedInTab(shot.path);
  await page.locator(shot.rows).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle', { timeout: 60_000 });
  await page.waitForFunction(() => (globalThis as any).document.querySelectorAll('main .loading').length === 0, undefined, { timeout: 60_000 });
  const file = path.join(IMAGES, shot.file);
  await page.screenshot({ path: file, fullPage: true });
  await page.context().close();
  log(`screenshot: ${path.relative(process.cwd(), file)}`);
}
