/** A selected reorder suggestion as far as grouping needs it. */
export interface SuggestionLike {
  product_id: string;
  name: string;
  last_supplier_id: string | null;
}

/**
 * The selected suggestions grouped by supplier, one draft purchase order each: a line goes to its
 * last supplier, else to the one chosen for lines without (`fallbackSupplier`); `missing` are the
 * lines with neither. Groups and lines keep the order they were selected in.
 */
export function groupBySupplier<T extends SuggestionLike>(selected: T[], fallbackSupplier: string): { groups: Map<string, T[]>; missing: T[] } {
  const groups = new Map<string, T[]>();
  const missing: T[] = [];
  for (const s of selected) {
    const supplier = s.last_supplier_id ?? fallbackSupplier;
    if (!supplier) {
      missing.push(s);
      continue;
    }
    groups.set(supplier, [...(groups.get(supplier) ?? []), s]);
  }
  return { groups, missing };
}
