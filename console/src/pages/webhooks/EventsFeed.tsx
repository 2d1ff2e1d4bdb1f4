import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { QueryState } from '../../ui/States';
import { WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events';

const SHOWN = 50;
const PAGE = 100;
/** The feed is oldest first with an `after` cursor (CONTRACT.md 10, 30 days kept): at most this many pages are read to reach its end. */
const MAX_PAGES = 20;

type FeedEvent = Awaited<ReturnType<typeof readPage>>[number];

async function readPage(type: WebhookEvent | undefined, after: string | undefined) {
  return dataOrThrow(await api.GET('/api/v1/events', { params: { query: { limit: PAGE, ...(type ? { type } : {}), ...(after ? { after } : {}) } } })).data;
}

/** The newest SHOWN events (of one type, or all): the feed walked to its end with `after`, keeping only the last SHOWN. */
async function newestEvents(type: WebhookEvent | undefined): Promise<{ events: FeedEvent[]; complete: boolean }> {
  let events: FeedEvent[] = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await readPage(type, after);
    events = [...events, ...batch].slice(-SHOWN);
    if (batch.length < PAGE) return { events: events.reverse(), complete: true };
    after = batch[batch.length - 1].id;
  }
  return { events: events.reverse(), complete: false };
}

/** The events feed (GET /events), newest first, filtered by type (in the URL, `?event=`). */
export function EventsFeed() {
  const [state, set] = useUrlState({ event: '' });
  const format = useFormat();
  const type = state.event ? (state.event as WebhookEvent) : undefined;
  const feed = useQuery({ queryKey: ['/api/v1/events', 'newest', type ?? ''], queryFn: () => newestEvents(type) });
  return (
    <section aria-labelledby="feed-title">
      <h2 id="feed-title">Events feed</h2>
      <div className="filters">
        <div className="field">
          <label htmlFor="feed-type">Event type</label>
          <select id="feed-type" value={state.event} onChange={(e) => set({ event: e.target.value })}>
            <option value="">Every event</option>
            {WEBHOOK_EVENTS.map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <button type="button" onClick={() => void feed.refetch()} disabled={feed.isFetching}>
          Refresh
        </button>
      </div>
      <QueryState query={feed} what="the events" isEmpty={(r) => r.events.length === 0} empty="No events in the last 30 days.">
        {({ events, complete }) => (
          <>
            <table>
              <caption className="sr-only">Events, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Event</th>
                  <th scope="col">Event id</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <time dateTime={e.timestamp}>{format.dateTime(e.timestamp)}</time>
                    </td>
                    <td>{e.event}</td>
                    <td>
                      <code>{e.id}</code>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="hint">
              The newest {events.length} events{complete ? '' : ` of the ${MAX_PAGES * PAGE} read`}.
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}
