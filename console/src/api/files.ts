/**
 * Files the API sends (invoice PDFs, CSV exports): fetched with the key through openapi-fetch
 * (`parseAs: 'blob'`, since a plain link cannot carry the Authorization header), then handed to the
 * browser through an object URL, let go once the browser has it.
 */

/** The file name of a `Content-Disposition: attachment; filename="orders-2026-11-27.csv"` header, or null. */
export function filenameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1].trim());
    } catch {
      // a malformed escape: fall back to the plain name
    }
  }
  const quoted = /filename\s*=\s*"((?:[^"\\]|\\.)*)"/i.exec(disposition);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const plain = /filename\s*=\s*([^;\s]+)/i.exec(disposition);
  return plain ? plain[1] : null;
}

/** How long an object URL stays alive after the browser was handed it. */
const KEEP_MS = 60_000;

/** Saves a blob as a download named `filename` (the browser's download, as a link with `download`). */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), KEEP_MS);
}

/** Opens a blob (a PDF) in a new tab. */
export function openBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  window.open(url, '_blank');
  setTimeout(() => URL.revokeObjectURL(url), KEEP_MS);
}

/**
 * Opens a PDF in a new tab for the browser's print dialog: the tab (this origin's object URL, so
 * this page may reach it) is asked to print once its document has loaded. A blocked pop-up or a
 * viewer that cannot be reached leaves the PDF to print from its tab (Ctrl+P).
 */
export function printBlob(blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const tab = window.open(url, '_blank');
  tab?.addEventListener('load', () => {
    try {
      tab.print();
    } catch {
      // the PDF is open; its own viewer prints it
    }
  });
  setTimeout(() => URL.revokeObjectURL(url), KEEP_MS);
}

/** A list's query without its paging: an export takes the list's filters, and `page`/`per_page` are 400 there. */
export function withoutPaging<T extends { page?: unknown; per_page?: unknown }>(query: T): Omit<T, 'page' | 'per_page'> {
  const filters: Partial<T> = { ...query };
  delete filters.page;
  delete filters.per_page;
  return filters as Omit<T, 'page' | 'per_page'>;
}
