import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { runStatement } from '../../database/run-statement';
import { closedBuckets, HourBucket } from './analytics-buckets';
import { addDays, analyticsWindow, AnalyticsWindow, CLOSE_GRACE_MS } from './analytics-window';
import { openDayStarts } from './persistence/analytics-plan.sql';

/**
 * Where each part of a report comes from. With `W` the window start and `E` the end of today:
 * - closed days [firstDay, rollupTo]: daily rollup;
 * - closed hour buckets of the open days (`buckets`, a prefix ending at `liveStart`): hourly rollup;
 * - [liveStart, E): live from the sales.
 * `windowBuckets` and `windowLiveStart` are the same restricted to the window (they differ only
 * when the window starts after the first open day: `days=1` while yesterday is in its grace period).
 */
export interface AnalyticsPlan extends AnalyticsWindow {
  timeZone: string;
  windowStart: Date;
  /** end of the closed days: start of the first open day */
  closedEnd: Date;
  end: Date;
  buckets: HourBucket[];
  liveStart: Date;
  windowBuckets: HourBucket[];
  windowLiveStart: Date;
}

@Injectable()
export class AnalyticsPlanner {
  /** "Now" of the reports; the tests move it to close days and hours on purpose. */
  clock: () => Date = () => new Date();

  constructor(private readonly db: DataSource) {}

  /** One round trip: PostgreSQL turns the local days into instants (it knows the zone's DST rules). */
  async plan(biz: Pick<BusinessContext, 'timezone'>, days: number, now = this.clock()): Promise<AnalyticsPlan> {
    const w = analyticsWindow(now, biz.timezone, days);
    const rows = await runStatement(this.db, openDayStarts, [addDays(w.lastClosedDay, 1), addDays(w.today, 1), biz.timezone, w.firstDay]);
    const windowStart = rows[0].window_start;
    const { buckets, liveStart } = closedBuckets(rows, new Date(now.getTime() - CLOSE_GRACE_MS));
    return {
      ...w,
      timeZone: biz.timezone,
      windowStart,
      closedEnd: rows[0].start,
      end: rows[rows.length - 1].start,
      buckets,
      liveStart,
      windowBuckets: buckets.filter((b) => b.day >= w.firstDay),
      windowLiveStart: liveStart.getTime() > windowStart.getTime() ? liveStart : windowStart,
    };
  }

  /**
   * The window of the same length just before `plan`'s (dashboard `compare=previous`): its `days`
   * days ending the day before `plan.firstDay`, as whole days. Its closed days come from the daily
   * rollup; a day of it still open (yesterday in its grace hour, for `days=1`) from the closed hour
   * buckets of `plan` and live up to the start of `plan`'s window.
   */
  async previous(biz: Pick<BusinessContext, 'timezone'>, plan: AnalyticsPlan): Promise<AnalyticsPlan> {
    const firstDay = addDays(plan.firstDay, -plan.days);
    const lastDay = addDays(plan.firstDay, -1);
    const [row] = await runStatement(this.db, openDayStarts, [firstDay, firstDay, biz.timezone, firstDay]);
    const windowStart = row.window_start;
    const end = plan.windowStart;
    const closedTo = plan.lastClosedDay < lastDay ? plan.lastClosedDay : lastDay;
    const rollupTo = closedTo < firstDay ? addDays(firstDay, -1) : closedTo;
    const windowBuckets = plan.buckets.filter((b) => b.day >= firstDay && b.day <= lastDay);
    const liveFrom = plan.liveStart.getTime() > windowStart.getTime() ? plan.liveStart : windowStart;
    const windowLiveStart = rollupTo === lastDay || liveFrom.getTime() > end.getTime() ? end : liveFrom;
    return {
      days: plan.days,
      firstDay,
      today: lastDay,
      lastClosedDay: plan.lastClosedDay,
      rollupTo,
      liveFrom: addDays(rollupTo, 1),
      timeZone: plan.timeZone,
      windowStart,
      closedEnd: plan.closedEnd,
      end,
      buckets: plan.buckets,
      liveStart: plan.liveStart,
      windowBuckets,
      windowLiveStart,
    };
  }
}
