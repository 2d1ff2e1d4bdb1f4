import { $api } from './client';

/**
 * GET /tax-rates (docs/api.md 22), by name: the active rates, every rate with `includeArchived`.
 * Paged like every list; a select asks for the first 100 (a business has a handful of rates).
 */
export function useTaxRates({ includeArchived = false, page = 1, perPage = 100 }: { includeArchived?: boolean; page?: number; perPage?: number } = {}) {
  return $api.useQuery('get', '/api/v1/tax-rates', {
    params: { query: { page, per_page: perPage, ...(includeArchived ? { include_archived: true } : {}) } },
  });
}
