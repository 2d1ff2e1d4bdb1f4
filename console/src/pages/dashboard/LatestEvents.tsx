import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { useFormat } from '../../frame/business';
import { QueryState } from '../../ui/States';

const SHOWN = 10;
const PAGE = 100;
/** The feed is oldest first (CONTRACT.md 10, the last 30 days): at most this many pages are walked to its end. */
const MAX_PAGES = 20;

/** The newest events of the feed: its pages walked with `after` to the end (or MAX_PAGES), newest first. */
async function latestEvents() {
  let events: Awaited<ReturnType<typeof readPage>> = [];
  let after: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const batch = await readPage(after);
    events = [...events, ...batch].slice(-SHOWN);
    if (batch.length < PAGE) return { events: events.reverse(), complete: true };
    after = batch[batch.length - 1].id;
  }
  return { events: events.reverse(), complete: false };
}

async function readPage(after: string | undefined) {
  return dataOrThrow(await api.GET('/api/v1/events', { params: { query: { limit: PAGE, ...(after ? { after } : {}) } } })).data;
}

function summary(data: Record<string, unknown>, money: (v: number | string) => string): string {
  const parts: string[] = [];
  for (const key of ['sale_number', 'invoice_number', 'name', 'sku']) if (typeof data[key] === 'string') parts.push(data[key]);
  if (typeof data.total === 'number' || typeof data.total === 'string') parts.push(money(data.total));
  return parts.join(' · ');
}

/** CONTRACT.md 16: the latest events on the dashboard. */
export function LatestEvents() {
  const format = useFormat();
  const query = useQuery({ queryKey: ['events', 'latest'], queryFn: latestEvents });
  return (
    <section aria-labelledby="events-title">
      <h2 id="events-title">Latest events</h2>
      <QueryState query={query} what="the latest events" isEmpty={(r) => r.events.length === 0} empty="No events in the last 30 days.">
        {({ events, complete }) => (
          <>
            <ul className="events">
              {events.map((e) => (
                <li key={e.id}>
                  <time dateTime={e.timestamp}>{format.dateTime(e.timestamp)}</time>
                  <strong>{e.event}</strong> {summary(e.data, format.money)}
                </li>
              ))}
            </ul>
            {!complete && <p className="hint">The feed holds more events than the dashboard reads ({MAX_PAGES * PAGE}); these are the newest of those.</p>}
          </>
        )}
      </QueryState>
    </section>
  );
}
