import { queryClient } from './query-client';

/**
 * After a change: every cached read of these API paths is stale (openapi-react-query's keys are
 * `[method, path, init]`; a path given covers its sub-paths, `/api/v1/invoices` covers
 * `/api/v1/invoices/{id}`). Plain useQuery keys given as `[name, ...]` match on their first element.
 */
export function invalidatePaths(...paths: string[]): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey }) => {
      const path = typeof queryKey[1] === 'string' ? queryKey[1] : typeof queryKey[0] === 'string' ? queryKey[0] : '';
      return paths.some((p) => path === p || path.startsWith(`${p}/`));
    },
  });
}
