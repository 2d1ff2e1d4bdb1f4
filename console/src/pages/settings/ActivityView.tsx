import { call, useApiRead, type ActivityEntry, type CursorMeta, type PageMeta, type StaffMember } from '../../api/staff';
import { useUrlState } from '../../frame/use-url-state';
import { newerState, olderState } from '../../lib/activity';
import { listQuery } from '../../lib/list-query';
import { ActivityTable, CursorPager } from '../../ui/activity/ActivityTable';
import { DownloadCsv } from '../../ui/DownloadCsv';
import { DateFilter, FilterBar, SearchFilter, SelectFilter } from '../../ui/list/ListPage';
import { QueryState } from '../../ui/States';

const DEFAULTS = { actor: '', actor_type: '', action: '', resource: '', from: '', to: '', after: '', newer: '' };
const FILTERS = { actor: 'actor_id', actor_type: 'actor_type', action: 'action', resource: 'resource_type', from: 'from', to: 'to' };
const ACTOR_TYPES = [
  { value: 'staff', label: 'Staff' },
  { value: 'key', label: 'API key' },
  { value: 'system', label: 'System' },
];
const RESOURCE_TYPES = [
  'order',
  'product',
  'category',
  'customer',
  'supplier',
  'warehouse',
  'expense',
  'payroll_run',
  'webhook',
  'staff',
  'role',
  'user',
  'api_key',
  'business',
].map((t) => ({
  value: t,
  label: t.replace(/_/g, ' '),
}));

/**
 * docs/api.md 20's Activity (admin): who did what and when, newest first; filters (actor, action
 * exact or prefix, resource type, dates) and the cursor (Newer / Older over `meta.next`) in the URL;
 * Download CSV with the current filters.
 */
export function ActivityView() {
  const [state, set] = useUrlState(DEFAULTS);
  const filters = listQuery(state, FILTERS);
  // `from` and `to` are inclusive days in the business time zone, as the API takes them
  const query = filters;
  const entries = useApiRead<{ data: ActivityEntry[]; meta: CursorMeta }>('/activity', { ...query, limit: 50, ...(state.after ? { after: state.after } : {}) });
  const staff = useApiRead<{ data: StaffMember[]; meta: PageMeta }>('/staff', { per_page: 100 });
  const filter = (patch: Partial<typeof DEFAULTS>) => set({ ...patch, after: '', newer: '' });
  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">Activity</h2>
      <FilterBar what="activity">
        <SelectFilter
          id="activity-actor"
          label="Who"
          any="Anyone"
          value={state.actor}
          options={(staff.data?.data ?? []).map((m) => ({ value: m.id, label: m.name }))}
          onChange={(actor) => filter({ actor })}
        />
        <SelectFilter
          id="activity-actor-type"
          label="Actor type"
          any="Any actor"
          value={state.actor_type}
          options={ACTOR_TYPES}
          onChange={(actor_type) => filter({ actor_type })}
        />
        <SearchFilter
          id="activity-action"
          label="Action"
          placeholder="products. or orders.create"
          button="Filter"
          value={state.action}
          onChange={(action) => filter({ action })}
        />
        <SelectFilter
          id="activity-resource"
          label="Resource type"
          any="Any resource"
          value={state.resource}
          options={RESOURCE_TYPES}
          onChange={(resource) => filter({ resource })}
        />
        <DateFilter id="activity-from" label="From" value={state.from} onChange={(from) => filter({ from })} />
        <DateFilter id="activity-to" label="To" value={state.to} onChange={(to) => filter({ to })} />
      </FilterBar>
      <DownloadCsv
        what="activity entries"
        fallback="activity.csv"
        download={() => call('GET', '/activity', { query: { ...query, format: 'csv' }, parseAs: 'blob' })}
      />
      <QueryState query={entries} what="the activity" isEmpty={(b) => b.data.length === 0 && !state.after} empty="No activity matches these filters.">
        {(body) => (
          <>
            <ActivityTable caption="Activity" entries={body.data} />
            <CursorPager
              what="activity"
              hasNewer={state.after !== ''}
              next={body.meta?.next ?? null}
              onNewer={() => set(newerState(state))}
              onOlder={(next) => set(olderState(state, next))}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}
