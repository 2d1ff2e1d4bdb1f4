import { closedBuckets, DayStart } from './analytics-buckets';

const at = (iso: string) => new Date(iso);

describe('closedBuckets', () => {
  const utc: DayStart[] = [
    { day: '2026-11-21', start: at('2026-11-21T00:00:00Z') },
    { day: '2026-11-22', start: at('2026-11-22T00:00:00Z') },
  ];

  it('closes the hours of today that ended before the cutoff, and starts the live part after them', () => {
    const r = closedBuckets(utc, at('2026-11-21T14:20:00Z'));
    expect(r.buckets).toHaveLength(14);
    expect(r.buckets[0]).toEqual({ day: '2026-11-21', hour: 0, start: at('2026-11-21T00:00:00Z'), end: at('2026-11-21T01:00:00Z') });
    expect(r.buckets[13]).toEqual({ day: '2026-11-21', hour: 13, start: at('2026-11-21T13:00:00Z'), end: at('2026-11-21T14:00:00Z') });
    expect(r.liveStart).toEqual(at('2026-11-21T14:00:00Z'));
  });

  it('closes a bucket exactly at its end, not a millisecond before', () => {
    expect(closedBuckets(utc, at('2026-11-21T00:59:59.999Z')).buckets).toEqual([]);
    expect(closedBuckets(utc, at('2026-11-21T01:00:00Z')).buckets).toHaveLength(1);
  });

  it('has no closed bucket and the live part from the first open day when nothing ended', () => {
    expect(closedBuckets(utc, at('2026-11-20T23:30:00Z'))).toEqual({ buckets: [], liveStart: at('2026-11-21T00:00:00Z') });
  });

  it('walks two open days (yesterday in its grace period) up to the cutoff', () => {
    const days: DayStart[] = [{ day: '2026-11-20', start: at('2026-11-20T00:00:00Z') }, ...utc];
    // The 20th and the 21st open (a cutoff in the 21st's small hours), the 22nd ends them.
    const r = closedBuckets(days, at('2026-11-21T02:10:00Z'));
    expect(r.buckets.map((b) => `${b.day}/${b.hour}`)).toEqual([...Array.from({ length: 24 }, (_, h) => `2026-11-20/${h}`), '2026-11-21/0', '2026-11-21/1']);
    expect(r.liveStart).toEqual(at('2026-11-21T02:00:00Z'));
  });

  it('aligns buckets on local midnight in a half-hour zone', () => {
    // Asia/Kolkata (+05:30): 2026-11-21 starts at 2026-11-20T18:30Z.
    const kolkata: DayStart[] = [
      { day: '2026-11-21', start: at('2026-11-20T18:30:00Z') },
      { day: '2026-11-22', start: at('2026-11-21T18:30:00Z') },
    ];
    const r = closedBuckets(kolkata, at('2026-11-20T21:00:00Z'));
    expect(r.buckets.map((b) => [b.hour, b.start.toISOString(), b.end.toISOString()])).toEqual([
      [0, '2026-11-20T18:30:00.000Z', '2026-11-20T19:30:00.000Z'],
      [1, '2026-11-20T19:30:00.000Z', '2026-11-20T20:30:00.000Z'],
    ]);
    expect(r.liveStart).toEqual(at('2026-11-20T20:30:00Z'));
  });

  it('gives a 23-hour DST day 23 buckets and a 25-hour one 25', () => {
    // Europe/Berlin: 2026-03-29 has 23 hours, 2026-10-25 has 25.
    const spring = closedBuckets(
      [
        { day: '2026-03-29', start: at('2026-03-28T23:00:00Z') },
        { day: '2026-03-30', start: at('2026-03-29T22:00:00Z') },
      ],
      at('2026-03-30T12:00:00Z'),
    );
    expect(spring.buckets).toHaveLength(23);
    expect(spring.liveStart).toEqual(at('2026-03-29T22:00:00Z'));
    const autumn = closedBuckets(
      [
        { day: '2026-10-25', start: at('2026-10-24T22:00:00Z') },
        { day: '2026-10-26', start: at('2026-10-25T23:00:00Z') },
      ],
      at('2026-10-26T12:00:00Z'),
    );
    expect(autumn.buckets).toHaveLength(25);
    expect(autumn.buckets[24].end).toEqual(at('2026-10-25T23:00:00Z'));
  });
});
