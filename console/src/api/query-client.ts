import { QueryClient } from '@tanstack/react-query';

/**
 * One cache for the tab. No automatic retry (an API error is shown at once with its request id, and
 * "Try again" re-asks); reads are fresh for 30 s. Emptied when the key goes (App.tsx).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
