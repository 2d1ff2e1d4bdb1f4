import type { TaxRate } from '../lib/taxes';
import { useApiRead } from './staff';

/** GET /tax-rates: the active rates, or every rate with `includeArchived` (a list, not paged). */
export function useTaxRates(includeArchived = false) {
  return useApiRead<{ data: TaxRate[] }>('/tax-rates', includeArchived ? { include_archived: true } : undefined);
}
