import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import type { components } from '../../../../test/generated/openapi';
import type { WebhookEvent } from './webhook-events';

export type FeedEvent = components['schemas']['EventEnvelope'];

/**
 * The events feed newest first (GET /events?order=desc, docs/api.md 10), `shown` events a page, of
 * one type or all. Each page asks for one event more than it shows, so "older events" exist exactly
 * when that one came back; the next page continues after the last event shown (`after`, which with
 * order=desc means older). `fetchNextPage` appends it. Keyed under the feed's path, so
 * invalidatePaths('/api/v1/events') refreshes it.
 */
export function useNewestEvents(shown: number, type?: WebhookEvent) {
  return useInfiniteQuery({
    queryKey: ['/api/v1/events', { order: 'desc', shown, type: type ?? null }],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const query = { order: 'desc' as const, limit: shown + 1, ...(type ? { type } : {}), ...(pageParam ? { after: pageParam } : {}) };
      const batch = dataOrThrow(await api.GET('/api/v1/events', { params: { query }, signal })).data;
      return { events: batch.slice(0, shown), older: batch.length > shown };
    },
    getNextPageParam: (page) => (page.older ? page.events[page.events.length - 1].id : undefined),
    select: (data) => data.pages.flatMap((page) => page.events),
  });
}
