import { useFormat } from '../../frame/business';
import { QueryState } from '../../ui/States';
import { useNewestEvents } from '../webhooks/newest-events';
import { firstRead, OlderEvents } from '../webhooks/OlderEvents';

const SHOWN = 10;

function summary(data: Record<string, unknown>, money: (v: number | string) => string): string {
  const parts: string[] = [];
  for (const key of ['sale_number', 'invoice_number', 'name', 'sku']) if (typeof data[key] === 'string') parts.push(data[key]);
  if (typeof data.total === 'number' || typeof data.total === 'string') parts.push(money(data.total));
  return parts.join(' · ');
}

/** docs/api.md 16: the latest events on the dashboard, newest first (one page of GET /events?order=desc), older ones on request. */
export function LatestEvents() {
  const format = useFormat();
  const feed = useNewestEvents(SHOWN);
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title">Latest events</h2>
      <QueryState query={firstRead(feed)} what="the latest events" isEmpty={(events) => events.length === 0} empty="No events in the last 30 days.">
        {(events) => (
          <>
            <ul className="events" aria-label="Events, newest first">
              {events.map((e) => (
                <li key={e.id}>
                  <time dateTime={e.timestamp}>{format.dateTime(e.timestamp)}</time>
                  <strong>{e.event}</strong> {summary(e.data, format.money)}
                </li>
              ))}
            </ul>
            <OlderEvents feed={feed} />
          </>
        )}
      </QueryState>
    </section>
  );
}
