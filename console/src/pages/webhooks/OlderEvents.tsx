import type { useNewestEvents } from './newest-events';
import { ErrorView } from '../../ui/ErrorView';

type Feed = ReturnType<typeof useNewestEvents>;

/** A newest-first feed's first read for QueryState: a failed "Older events" read leaves the events shown (OlderEvents tells it). */
export function firstRead(feed: Feed) {
  return { data: feed.data, error: feed.isFetchNextPageError ? null : feed.error, isPending: feed.isPending, refetch: feed.refetch };
}

/** The "Older events" button under a newest-first feed (useNewestEvents), while there are older ones. */
export function OlderEvents({ feed }: { feed: Feed }) {
  return (
    <>
      {feed.isFetchNextPageError && <ErrorView error={feed.error} onRetry={() => void feed.fetchNextPage()} />}
      {feed.hasNextPage && (
        <p>
          <button type="button" onClick={() => void feed.fetchNextPage()} disabled={feed.isFetchingNextPage}>
            {feed.isFetchingNextPage ? 'Loading older events…' : 'Older events'}
          </button>
        </p>
      )}
    </>
  );
}
