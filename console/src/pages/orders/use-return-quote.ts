import { useQuery } from '@tanstack/react-query';
import { callOrThrow } from '../../api/staff';
import { useDebounced } from '../../lib/use-debounced';
import { quotable, quoteKey, quoteShown, type QuoteShown, type ReturnBody, type ReturnQuote } from './return-quote';

/** How long typing pauses before the quote is asked again. */
const DEBOUNCE_MS = 250;

/**
 * POST /orders/:id/returns/quote for the body typed, once typing pauses; each body its own read (so
 * an older answer never lands on a newer body), and what it shows via return-quote's quoteShown.
 */
export function useReturnQuote(orderId: string, body: ReturnBody, invalid: readonly string[]): QuoteShown {
  const typedKey = quotable(body, invalid) ? quoteKey(body) : null;
  const settledKey = useDebounced(typedKey, DEBOUNCE_MS);
  const read = useQuery({
    queryKey: ['/api/v1/orders', orderId, 'returns/quote', settledKey],
    queryFn: () => callOrThrow<{ data: ReturnQuote }>('POST', `/orders/${orderId}/returns/quote`, { body: JSON.parse(settledKey!) as ReturnBody }),
    enabled: settledKey !== null,
    retry: false,
    staleTime: 0,
    gcTime: 0,
  });
  const answered =
    settledKey === null || read.isFetching
      ? null
      : read.error
        ? { key: settledKey, error: read.error }
        : read.data
          ? { key: settledKey, quote: read.data.data }
          : null;
  return quoteShown(typedKey, answered);
}
