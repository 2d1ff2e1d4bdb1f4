/*
 * The console benchmark's timed steps, each a user's action until its result is on screen in headless
 * Chromium. Adding one (a scan to its line, an orders page change, a list's first page) is one object
 * here: a name, the target, and `samples(ctx, log)` returning its times in ms (`timed(act, done)` by the driver's clock, or by
 * the page's own as timedInPageToChart does; a fresh tab per
 * sample unless the step is meant warm). bench/console.bench.ts runs them in this order and prints
 * p50 / p90 / max against the target.
 */
import { Log } from './bench-support';
import { ConsoleBenchContext, keyForm, timedInPageToChart } from './console-browser';
import { LIST_PAGES, listPageSamples } from './console-list-measures';
import { ordersPageSamples, scanToLineSamples, scanToTotalSamples } from './console-sale-measures';

export interface ConsoleMeasure {
  name: string;
  /** ms, compared with the p50 */
  targetMs: number;
  /** `log` for what the step reports besides its times */
  samples(ctx: ConsoleBenchContext, log: Log): Promise<number[]>;
}

const RUNS = Number(process.env.BENCH_CONSOLE_RUNS || 10);
/** each list's samples: a reload of the tab each, so fewer than the other steps */
const LIST_RUNS = Number(process.env.BENCH_CONSOLE_LIST_RUNS || 8);

/**
 * Click on Sign in (key typed on the loaded sign-in page of a fresh context, empty cache) to the
 * dashboard's revenue chart drawn: GET /business, then the dashboard's reads and uPlot's chunk.
 */
export const signInToChart: ConsoleMeasure = {
  name: 'Sign in to the dashboard chart drawn (30 days)',
  targetMs: 1000,
  async samples(ctx) {
    const out: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const page = await ctx.openTab('/console');
      await (await keyForm(page)).fill(ctx.apiKey);
      out.push(await timedInPageToChart(page, () => page.getByRole('button', { name: 'Sign in' }).click()));
      await page.context().close();
    }
    return out;
  },
};

/** New sale: Enter after a scanned SKU to its line shown (bench/console-sale-measures.ts). */
export const scanToLine: ConsoleMeasure = { name: 'New sale: a scan (Enter) to its line shown', targetMs: 100, samples: (ctx) => scanToLineSamples(ctx, RUNS) };

/** New sale: Enter after a scanned SKU to the till's Total of every line shown, current (issue 42's 150 ms). */
export const scanToTotal: ConsoleMeasure = {
  name: 'New sale: a scan (Enter) to its total shown',
  targetMs: 150,
  samples: (ctx) => scanToTotalSamples(ctx, RUNS),
};

/** Orders: Next page to the next page of orders shown. */
export const ordersPageChange: ConsoleMeasure = {
  name: 'Orders: a page change to the page shown',
  targetMs: 300,
  samples: (ctx) => ordersPageSamples(ctx, RUNS),
};

/** Each list's link clicked to its first row shown (bench/console-list-measures.ts): issue 36's 500 ms. */
export const listFirstPages: ConsoleMeasure[] = LIST_PAGES.map((list) => ({
  name: `${list.name}: its link to the first row shown`,
  targetMs: 500,
  samples: (ctx, log) => listPageSamples(ctx, list, LIST_RUNS, log),
}));

export const CONSOLE_MEASURES: ConsoleMeasure[] = [signInToChart, scanToLine, scanToTotal, ordersPageChange, ...listFirstPages];
