import { execFile } from 'child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'fs';
import { tmpdir } from 'os';
import { join } from 'path';

/**
 * A Code 128 reader of our own, for tests: the symbol table of ISO/IEC 15417 written out here (bar,
 * space, ... widths in modules), so what the receipt prints is checked against the standard, not
 * against the library that drew it.
 */
const PATTERNS = (
  '212222 222122 222221 121223 121322 131222 122213 122312 132212 221213 221312 231212 112232 122132 122231 113222 ' +
  '123122 123221 223211 221132 221231 213212 223112 312131 311222 321122 321221 312212 322112 322211 212123 212321 ' +
  '232121 111323 131123 131321 112313 132113 132311 211313 231113 231311 112133 112331 132131 113123 113321 133121 ' +
  '313121 211331 231131 213113 213311 213131 311123 311321 331121 312113 312311 332111 314111 221411 431111 111224 ' +
  '111422 121124 121421 141122 141221 112214 112412 122114 122411 142112 142211 241211 221114 413111 241112 134111 ' +
  '111242 121142 121241 114212 124112 124211 411212 421112 421211 212141 214121 412121 111143 111341 131141 114113 ' +
  '114311 411113 411311 113141 114131 311141 411131 211412 211214 211232'
).split(' ');
const STOP = '2331112';
const [START_A, START_B, START_C] = [103, 104, 105];

/** The text of a Code 128 symbol given as run widths (bar first, in any unit), or null when they are not one (bad pattern or check symbol). */
export function decodeCode128Runs(runs: number[]): string | null {
  if (runs.length < 6 * 3 + 7 || (runs.length - 7) % 6 !== 0) return null;
  const values: number[] = [];
  for (let i = 0; i < runs.length - 7; i += 6) {
    const group = runs.slice(i, i + 6);
    const unit = group.reduce((a, b) => a + b, 0) / 11;
    const value = PATTERNS.indexOf(group.map((w) => Math.round(w / unit)).join(''));
    if (value < 0) return null;
    values.push(value);
  }
  const stop = runs.slice(-7);
  const stopUnit = stop.reduce((a, b) => a + b, 0) / 13;
  if (stop.map((w) => Math.round(w / stopUnit)).join('') !== STOP) return null;
  const [start, ...rest] = values;
  const check = rest.pop()!;
  if ((start + rest.reduce((sum, v, i) => sum + v * (i + 1), 0)) % 103 !== check) return null;
  let set = start === START_A ? 'A' : start === START_B ? 'B' : start === START_C ? 'C' : null;
  if (!set) return null;
  let text = '';
  for (const v of rest) {
    if (set === 'C' && v < 100) text += String(v).padStart(2, '0');
    else if (v === 99) set = 'C';
    else if (v === 100 && set !== 'B') set = 'B';
    else if (v === 101 && set !== 'A') set = 'A';
    else if (v > 95)
      return null; // FNCs and shifts: never in an order number
    else text += set === 'A' ? String.fromCharCode(v < 64 ? v + 32 : v - 64) : String.fromCharCode(v + 32);
  }
  return text;
}

/** Every text a scan line across the page finds: each row of the page rendered in grey at `dpi`, read from its first dark pixel to its last. */
export async function scanCode128(pdf: Buffer, dpi = 200): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'scan-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    await new Promise<void>((resolve, reject) =>
      execFile('/usr/bin/pdftoppm', ['-r', String(dpi), '-gray', join(dir, 'doc.pdf'), join(dir, 'page')], (err) =>
        err ? reject(new Error(err.message)) : resolve(),
      ),
    );
    const found = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.pgm'))) {
      const { width, height, pixels } = readPgm(readFileSync(join(dir, file)));
      for (let y = 0; y < height; y++) {
        const text = decodeCode128Runs(runsOf(pixels.subarray(y * width, (y + 1) * width)));
        if (text !== null) found.add(text);
      }
    }
    return [...found];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runsOf(row: Uint8Array): number[] {
  const dark = (x: number) => row[x] < 128;
  let first = 0;
  while (first < row.length && !dark(first)) first++;
  let last = row.length - 1;
  while (last >= first && !dark(last)) last--;
  const runs: number[] = [];
  for (let x = first; x <= last; x++) {
    if (runs.length === 0 || dark(x) !== dark(x - 1)) runs.push(0);
    runs[runs.length - 1]++;
  }
  return runs;
}

/** A binary PGM (P5, 8 bits), as pdftoppm -gray writes it. */
function readPgm(data: Buffer): { width: number; height: number; pixels: Uint8Array } {
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(data.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PGM');
  const [whole, width, height] = header;
  return { width: Number(width), height: Number(height), pixels: new Uint8Array(data.subarray(whole.length)) };
}
