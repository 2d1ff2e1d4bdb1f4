/**
 * An import's states and figures as the console shows them (docs/api.md 16): pure rules, no React.
 */
export type ImportKind = 'products' | 'customers' | 'stock';
export type ImportStatus = 'validating' | 'ready' | 'applying' | 'done' | 'failed' | 'cancelled';

export const KINDS: readonly { value: ImportKind; label: string }[] = [
  { value: 'products', label: 'Products' },
  { value: 'customers', label: 'Customers' },
  { value: 'stock', label: 'Stock' },
];

/** The kind a URL's `?kind=` names, or null. */
export function kindOf(text: string): ImportKind | null {
  return KINDS.find((k) => k.value === text)?.value ?? null;
}

const STATUS_TEXT: Record<ImportStatus, string> = {
  validating: 'Checking the file',
  ready: 'Ready to apply',
  applying: 'Applying',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function statusText(status: ImportStatus): string {
  return STATUS_TEXT[status];
}

/** The server is working on it: the console asks again until it is not. */
export function isWorking(status: ImportStatus): boolean {
  return status === 'validating' || status === 'applying';
}

/** It can still be cancelled (DELETE /imports/:id). */
export function isCancellable(status: ImportStatus): boolean {
  return status === 'validating' || status === 'ready' || status === 'applying';
}

/** Whole percent done, 0..100 (0 of 0 is 0; never 100 before the last row). */
export function percentDone(progress: { done: number; total: number }): number {
  if (progress.total <= 0) return 0;
  const percent = Math.floor((progress.done * 100) / progress.total);
  return Math.min(100, Math.max(0, percent));
}

/** The progress bar's words (read out by screen readers): "250 of 1,002 rows (24%)". */
export function progressText(progress: { done: number; total: number }, count: (n: number) => string = String): string {
  return `${count(progress.done)} of ${count(progress.total)} rows (${percentDone(progress)}%)`;
}

export interface RowWithErrors {
  row: number;
  key: string | null;
  errors: { column: string; code: string; message: string }[];
}

export interface ErrorLine {
  row: number;
  key: string | null;
  column: string;
  message: string;
}

/** One line per error of the rows given, in row order then column order as the API gives them, at most `limit`. */
export function errorLines(rows: readonly RowWithErrors[], limit: number): ErrorLine[] {
  const out: ErrorLine[] = [];
  for (const row of rows) {
    for (const error of row.errors) {
      if (out.length >= limit) return out;
      out.push({ row: row.row, key: row.key, column: error.column, message: error.message });
    }
  }
  return out;
}

/** Where the imported things are seen afterwards. */
export function pageOfKind(kind: ImportKind): { to: string; name: string } {
  if (kind === 'products') return { to: '/products', name: 'Products' };
  if (kind === 'customers') return { to: '/customers', name: 'Customers' };
  return { to: '/inventory', name: 'Inventory' };
}
