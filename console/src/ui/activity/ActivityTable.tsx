import type { ActivityEntry } from '../../api/staff';
import { useFormat } from '../../frame/business';
import { changeLines } from '../../lib/activity';
import { DataTable, type Column } from '../list/ListPage';

function actorText(entry: ActivityEntry): string {
  const name = entry.actor.name ?? (entry.actor.type === 'system' ? 'System' : 'Unknown');
  return entry.actor.type === 'key' ? `${name} (API key)` : name;
}

/** What changed, as a list of `field: before → after` (empty when the entry changed no field). */
export function Changes({ entry }: { entry: ActivityEntry }) {
  const lines = changeLines(entry.changes);
  if (lines.length === 0) return null;
  return (
    <ul className="changes">
      {lines.map((line) => (
        <li key={line.field}>
          {line.field}: {line.before} <span aria-label="changed to">→</span> {line.after}
        </li>
      ))}
    </ul>
  );
}

/** docs/api.md 20's entries as a table: when, who, what (the action and its resource), what changed. `withResource` false on a resource's own page. */
export function ActivityTable({ caption, entries, withResource = true }: { caption: string; entries: ActivityEntry[]; withResource?: boolean }) {
  const format = useFormat();
  const columns: Column<ActivityEntry>[] = [
    { header: 'When', rowHeader: true, cell: (e) => format.dateTime(e.occurred_at) },
    { header: 'Who', cell: actorText },
    { header: 'Action', cell: (e) => <code>{e.action}</code> },
    ...(withResource ? [{ header: 'On', cell: (e: ActivityEntry) => `${e.resource.type} ${e.resource.label ?? e.resource.id ?? ''}`.trim() }] : []),
    { header: 'Changes', cell: (e) => <Changes entry={e} /> },
  ];
  return <DataTable caption={caption} columns={columns} rows={entries} rowKey={(e) => e.id} />;
}

/** Newer / Older over a cursor-paged list (docs/api.md 20's `meta.next`). */
export function CursorPager({
  what,
  hasNewer,
  next,
  onNewer,
  onOlder,
}: {
  what: string;
  hasNewer: boolean;
  next: string | null;
  onNewer: () => void;
  onOlder: (next: string) => void;
}) {
  return (
    <nav className="pager" aria-label={`Pages of ${what}`}>
      <button type="button" disabled={!hasNewer} onClick={onNewer}>
        Newer
      </button>{' '}
      <button type="button" disabled={!next} onClick={() => next && onOlder(next)}>
        Older
      </button>
    </nav>
  );
}
