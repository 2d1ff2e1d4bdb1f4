import { addDays, localDate } from '../../common/time/local-date';

/**
 * The analytics window in the business time zone, as calendar days (`YYYY-MM-DD`). Pure: the
 * caller gives the instant "now", so every boundary (time zone, grace period, DST) is unit-tested.
 *
 * A day is CLOSED once it ended in the business time zone more than `CLOSE_GRACE_MS` ago: no
 * order can still commit into it (an order's created_at is its transaction start, so one that
 * started at 23:59 and commits at 00:00:02 lands in the previous day), and only closed days are
 * rolled up. The window's days after the last closed day are aggregated live.
 */
/** The day arithmetic of the window, for its callers (reports, benchmark). */
export { addDays, localDate };

export const CLOSE_GRACE_MS = 60 * 60 * 1000;
export const DEFAULT_DAYS = 30;
export const MAX_DAYS = 365;

export interface AnalyticsWindow {
  days: number;
  /** first day of the window (today - days + 1) */
  firstDay: string;
  /** today in the business time zone, the last day of the window */
  today: string;
  /** the most recent closed day (before today; may be before firstDay) */
  lastClosedDay: string;
  /** the window's closed days [firstDay, rollupTo] come from the rollup; empty when rollupTo < firstDay */
  rollupTo: string;
  /** the window's open days [liveFrom, today] are aggregated from the base tables */
  liveFrom: string;
}

/** Number of calendar days from `from` to `to`, both included (0 when to < from). */
export function dayCount(from: string, to: string): number {
  const diff = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;
  return Math.max(0, Math.round(diff) + 1);
}

/** Every day from `from` to `to`, oldest first. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  return out;
}

export function analyticsWindow(now: Date, timeZone: string, days: number, graceMs = CLOSE_GRACE_MS): AnalyticsWindow {
  const today = localDate(now, timeZone);
  const firstDay = addDays(today, -(days - 1));
  // Day D is closed when now - grace is already past D's end, i.e. on D + 1 or later locally.
  const lastClosedDay = addDays(localDate(new Date(now.getTime() - graceMs), timeZone), -1);
  const rollupTo = lastClosedDay < firstDay ? addDays(firstDay, -1) : lastClosedDay;
  const liveFrom = addDays(rollupTo, 1);
  return { days, firstDay, today, lastClosedDay, rollupTo, liveFrom };
}
