/**
 * docs/api.md 21's `GET /search`: what the Search dialog (Ctrl+K) does with its answer, kept free of
 * React so it is tested on its own: the results grouped by kind in a fixed order, the option the
 * arrows move to, and the console page each result opens.
 */
export type SearchKind = 'order' | 'product' | 'customer' | 'invoice' | 'supplier';

export interface SearchResult {
  kind: SearchKind;
  id: string;
  label: string;
  detail?: string | null;
}

/** The kinds in the order the dialog shows them, with their group heading. */
export const KINDS: readonly { kind: SearchKind; heading: string }[] = [
  { kind: 'order', heading: 'Orders' },
  { kind: 'product', heading: 'Products' },
  { kind: 'customer', heading: 'Customers' },
  { kind: 'invoice', heading: 'Invoices' },
  { kind: 'supplier', heading: 'Suppliers' },
];

export interface SearchGroup {
  kind: SearchKind;
  heading: string;
  /** the results of this kind, each with its index in the flat list the arrows walk */
  results: { result: SearchResult; index: number }[];
}

/** The shortest query the API accepts (shorter is 400). */
export const MIN_QUERY = 2;

/** Whether `typed` is long enough to be asked (trimmed). */
export function searchable(typed: string): boolean {
  return typed.trim().length >= MIN_QUERY;
}

/** The results in the dialog's order (by kind, then as the API ranked them), grouped; an unknown kind is left out. */
export function groupResults(results: readonly SearchResult[]): { groups: SearchGroup[]; flat: SearchResult[] } {
  const groups: SearchGroup[] = [];
  const flat: SearchResult[] = [];
  for (const { kind, heading } of KINDS) {
    const ofKind = results.filter((r) => r.kind === kind);
    if (ofKind.length === 0) continue;
    groups.push({ kind, heading, results: ofKind.map((result) => ({ result, index: flat.push(result) - 1 })) });
  }
  return { groups, flat };
}

/** The option a key moves to among `count` (-1: none active): the arrows wrap around, Home and End go to the ends. */
export function moveActive(active: number, count: number, key: string): number {
  if (count === 0) return -1;
  switch (key) {
    case 'ArrowDown':
      return active < 0 || active >= count - 1 ? 0 : active + 1;
    case 'ArrowUp':
      return active <= 0 ? count - 1 : active - 1;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return active;
  }
}

/** The console page (a TanStack Router path and its params) a result opens. */
export function pageOf(result: SearchResult): { to: string; params?: Record<string, string> } {
  switch (result.kind) {
    case 'order':
      return { to: '/orders/$orderId', params: { orderId: result.id } };
    case 'product':
      return { to: '/products/$productId', params: { productId: result.id } };
    case 'customer':
      return { to: '/customers/$customerId', params: { customerId: result.id } };
    case 'invoice':
      return { to: '/invoices/$invoiceId', params: { invoiceId: result.id } };
    case 'supplier':
      return { to: '/purchasing/$', params: { _splat: `suppliers/${result.id}` } };
  }
}

/** Whether a keydown is the Search shortcut: Ctrl+K, or Cmd+K on a Mac (never with Alt or Shift, which other tools take). */
export function isSearchShortcut(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean; shiftKey: boolean }): boolean {
  return event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey;
}
