import { readFileSync } from 'fs';
import { dirname, join } from 'path';

/**
 * DejaVu Sans, shipped by the dejavu-fonts-ttf package: Latin, Greek and Cyrillic (and more), so a
 * customer named Пётр or Αθηνά prints as written. Embedded (subset) in every document.
 */
const DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const REGULAR_FONT = join(DIR, 'DejaVuSans.ttf');
export const BOLD_FONT = join(DIR, 'DejaVuSans-Bold.ttf');

/** A font as fontkit parses it; pdfkit takes one in place of a file (anything with `layout`). */
export interface ParsedFont {
  layout(text: string): unknown;
}

// fontkit is pdfkit's own font parser (its dependency, not ours): parsed once per process, since a
// document given the file parses it again and lays text out with cold caches (measured: 50-80 ms a
// one-page document with the file, 15 ms with the parsed font).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require('fontkit') as { create(data: Buffer): ParsedFont };
let parsed: { regular: ParsedFont; bold: ParsedFont } | undefined;

/** The two faces, parsed on first use and shared by every document of the process. */
export function documentFonts(): { regular: ParsedFont; bold: ParsedFont } {
  return (parsed ??= { regular: fontkit.create(readFileSync(REGULAR_FONT)), bold: fontkit.create(readFileSync(BOLD_FONT)) });
}
