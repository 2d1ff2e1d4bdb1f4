import { dirname, join } from 'path';

/**
 * DejaVu Sans, shipped by the dejavu-fonts-ttf package: Latin, Greek and Cyrillic (and more), so a
 * customer named Пётр or Αθηνά prints as written. Embedded (subset) in every document.
 */
const DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
export const REGULAR_FONT = join(DIR, 'DejaVuSans.ttf');
export const BOLD_FONT = join(DIR, 'DejaVuSans-Bold.ttf');
