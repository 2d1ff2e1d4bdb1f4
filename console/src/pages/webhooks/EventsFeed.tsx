import { useFormat } from '../../frame/business';
import { useUrlState } from '../../frame/use-url-state';
import { QueryState } from '../../ui/States';
import { useNewestEvents } from './newest-events';
import { firstRead, OlderEvents } from './OlderEvents';
import { WEBHOOK_EVENTS, type WebhookEvent } from './webhook-events';
import { TableScroll } from '../../ui/list/ListPage';

const SHOWN = 50;

/** The events feed newest first (GET /events?order=desc, SHOWN a page, older ones on request), filtered by type (in the URL, `?event=`). */
export function EventsFeed() {
  const [state, set] = useUrlState({ event: '' });
  const format = useFormat();
  const type = state.event ? (state.event as WebhookEvent) : undefined;
  const feed = useNewestEvents(SHOWN, type);
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
      <QueryState query={firstRead(feed)} what="the events" isEmpty={(events) => events.length === 0} empty="No events in the last 30 days.">
        {(events) => (
          <>
            <TableScroll label="Events">
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
            </TableScroll>
            <OlderEvents feed={feed} />
          </>
        )}
      </QueryState>
    </section>
  );
}
