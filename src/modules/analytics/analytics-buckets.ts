/**
 * Hour buckets of the OPEN days (the days after the last closed day, up to today). They close like
 * days do, once they ended more than the grace period ago, and are rolled up like days, so the
 * part of a report aggregated live from the sales is at most about two hours, however many
 * orders a day brings. Pure: the caller gives the instants each open day starts at (from
 * PostgreSQL, which knows the zone's DST rules) and the cutoff (now - grace).
 *
 * Bucket `hour` of day D covers [start(D) + hour h, min(start(D) + (hour + 1) h, start(D + 1))):
 * aligned on local midnight (not on UTC hours, which zones like +05:30 do not share), 23 or 25
 * buckets on DST days.
 */
export const BUCKET_MS = 60 * 60 * 1000;

export interface DayStart {
  day: string;
  start: Date;
}

export interface HourBucket {
  day: string;
  hour: number;
  start: Date;
  end: Date;
}

export interface ClosedBuckets {
  /** closed buckets, oldest first: always a prefix of the open days' buckets */
  buckets: HourBucket[];
  /** where the live part starts: the end of the last closed bucket, else the first open day's start */
  liveStart: Date;
}

/**
 * `dayStarts`: the open days in order followed by the day after today (its start ends today).
 */
export function closedBuckets(dayStarts: DayStart[], cutoff: Date): ClosedBuckets {
  const buckets: HourBucket[] = [];
  let liveStart = dayStarts[0].start;
  for (let i = 0; i + 1 < dayStarts.length; i++) {
    const { day, start } = dayStarts[i];
    const next = dayStarts[i + 1].start.getTime();
    for (let hour = 0; start.getTime() + hour * BUCKET_MS < next; hour++) {
      const end = new Date(Math.min(start.getTime() + (hour + 1) * BUCKET_MS, next));
      if (end.getTime() > cutoff.getTime()) return { buckets, liveStart };
      buckets.push({ day, hour, start: new Date(start.getTime() + hour * BUCKET_MS), end });
      liveStart = end;
    }
  }
  return { buckets, liveStart };
}
