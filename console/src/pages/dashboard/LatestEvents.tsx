import { Link } from '@tanstack/react-router';
import { useFormat } from '../../frame/business';
import { useMay } from '../../frame/use-scopes';
import { QueryState } from '../../ui/States';
import { nameOf, useProductsById } from '../inventory/common/lookups';
import { useNewestEvents } from '../webhooks/newest-events';
import { firstRead, OlderEvents } from '../webhooks/OlderEvents';
import { eventWords, productIdsToName } from './event-words';

const SHOWN = 10;

/**
 * docs/api.md 16: the latest events on the dashboard, newest first (one page of GET /events?order=desc),
 * older ones on request, each in words (event-words.ts) and a link to what it is about. The names of
 * the products an adjustment names by id only are looked up (GET /products/:id), when the key may read products.
 */
export function LatestEvents() {
  const format = useFormat();
  const feed = useNewestEvents(SHOWN);
  const mayName = useMay('readProducts');
  const names = useProductsById(mayName ? productIdsToName(feed.data ?? []) : []);
  const ctx = { money: format.money, quantity: format.quantity, productName: (id: string) => (names.has(id) ? nameOf(names, id) : undefined) };
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title">Latest events</h2>
      <QueryState query={firstRead(feed)} what="the latest events" isEmpty={(events) => events.length === 0} empty="No events in the last 30 days.">
        {(events) => (
          <>
            <ul className="events" aria-label="Events, newest first">
              {events.map((e) => {
                const words = eventWords(e, ctx);
                return (
                  <li key={e.id}>
                    <time dateTime={e.timestamp}>{format.dateTime(e.timestamp)}</time> {words.to ? <Link to={words.to}>{words.text}</Link> : words.text}
                  </li>
                );
              })}
            </ul>
            <OlderEvents feed={feed} />
          </>
        )}
      </QueryState>
    </section>
  );
}
