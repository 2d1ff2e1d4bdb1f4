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

interface FontkitFont extends ParsedFont {
  getGlyph(id: number, codePoints?: number[]): { codePoints: number[] };
}

// fontkit is pdfkit's own font parser (its dependency, not ours): parsed once per process, since a
// document given the file parses it again and lays text out with cold caches (measured: 50-80 ms a
// one-page document with the file, 15 ms with the parsed font; a fresh parse's first layout alone
// took 120-215 ms).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const fontkit = require('fontkit') as { create(data: Buffer): FontkitFont };
let parsed: { regular: ParsedFont; bold: ParsedFont } | undefined;

/** The two faces, parsed on first use and shared by every document of the process. */
export function documentFonts(): { regular: ParsedFont; bold: ParsedFont } {
  return (parsed ??= { regular: parse(REGULAR_FONT), bold: parse(BOLD_FONT) });
}

/**
 * fontkit keeps one glyph object per glyph, with the characters it was first met with, and pdfkit
 * writes those characters into the document's text layer (what search, copy and pdftotext read). A
 * subset adds the parts of composite glyphs (Ĺ is L and an accent) without characters, so once one
 * document had drawn Ĺ before any L, every later document's L had no text: `L001` read `001`. A glyph
 * met without characters takes them from the first text that draws it, so what one document drew
 * never changes another's text.
 */
function parse(file: string): FontkitFont {
  const font = fontkit.create(readFileSync(file));
  const getGlyph = font.getGlyph.bind(font);
  font.getGlyph = (id, codePoints = []) => {
    const glyph = getGlyph(id, codePoints);
    if (glyph.codePoints.length === 0 && codePoints.length > 0) glyph.codePoints = codePoints;
    return glyph;
  };
  return font;
}
