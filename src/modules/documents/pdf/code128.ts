import bwipjs from 'bwip-js';

/** A bar of a linear barcode: its left edge and width, in modules (the narrowest bar's width). */
export interface Bar {
  x: number;
  width: number;
}

/**
 * The bars of `text` in Code 128, from bwip-js (its start, code set switches, check symbol and stop
 * are its own): a barcode as vectors, each bar a rectangle the page draws, never an image.
 * `modules` is the symbol's width without its quiet zones (10 modules each side are left to the page).
 */
export function code128Bars(text: string): { bars: Bar[]; modules: number } {
  const [symbol] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
  const bars: Bar[] = [];
  let x = 0;
  symbol.sbs.forEach((width, i) => {
    if (i % 2 === 0) bars.push({ x, width }); // bar, space, bar, ...
    x += width;
  });
  return { bars, modules: x };
}
