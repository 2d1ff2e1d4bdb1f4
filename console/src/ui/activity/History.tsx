import { useState } from 'react';
import { useApiRead, type ActivityEntry, type CursorMeta } from '../../api/staff';
import { QueryState } from '../States';
import { ActivityTable, CursorPager } from './ActivityTable';

/**
 * A product's or an order's history (GET /products/:id/activity, /orders/:id/activity): who did what
 * and when, and what changed (before → after), newest first, paged by cursor (kept in the component:
 * the page's own URL stays the resource's).
 */
export function History({ path, what }: { path: string; what: string }) {
  const [cursors, setCursors] = useState<string[]>([]);
  const after = cursors.at(-1);
  const history = useApiRead<{ data: ActivityEntry[]; meta: CursorMeta }>(path, { limit: 20, ...(after ? { after } : {}) });
  return (
    <section aria-labelledby="history-title">
      <h2 id="history-title">History</h2>
      <QueryState
        query={history}
        what={`the history of this ${what}`}
        isEmpty={(b) => b.data.length === 0 && cursors.length === 0}
        empty="Nothing recorded yet."
      >
        {(body) => (
          <>
            <ActivityTable caption={`History of this ${what}`} entries={body.data} withResource={false} />
            {(cursors.length > 0 || body.meta?.next) && (
              <CursorPager
                what="history"
                hasNewer={cursors.length > 0}
                next={body.meta?.next ?? null}
                onNewer={() => setCursors((c) => c.slice(0, -1))}
                onOlder={(next) => setCursors((c) => [...c, next])}
              />
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}
