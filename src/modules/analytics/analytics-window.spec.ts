import { addDays, analyticsWindow, dayCount, daysBetween, localDate } from './analytics-window';

describe('analytics window', () => {
  it('takes today in the business time zone, not in UTC', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    expect(localDate(now, 'UTC')).toBe('2026-03-10');
    expect(localDate(now, 'Europe/Berlin')).toBe('2026-03-11');
    expect(localDate(now, 'America/Los_Angeles')).toBe('2026-03-10');
    expect(localDate(new Date('2026-03-11T06:59:59Z'), 'America/Los_Angeles')).toBe('2026-03-10');
    expect(localDate(new Date('2026-03-11T07:00:00Z'), 'America/Los_Angeles')).toBe('2026-03-11');
  });

  it('counts and walks calendar days across month, year and leap boundaries', () => {
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-03-31', -365)).toBe('2025-03-31');
    expect(dayCount('2026-01-01', '2026-01-01')).toBe(1);
    expect(dayCount('2026-01-02', '2026-01-01')).toBe(0);
    expect(dayCount('2025-03-01', '2026-02-28')).toBe(365);
    expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
    expect(daysBetween('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('counts calendar days, not 24-hour periods, across a DST change', () => {
    // Europe/Berlin springs forward on 2026-03-29: that day has 23 hours and still is one day.
    const w = analyticsWindow(new Date('2026-03-30T10:00:00Z'), 'Europe/Berlin', 3);
    expect(w).toMatchObject({ firstDay: '2026-03-28', today: '2026-03-30', rollupTo: '2026-03-29', liveFrom: '2026-03-30' });
  });

  it('rolls up the closed days and leaves today live', () => {
    const w = analyticsWindow(new Date('2026-11-21T15:00:00Z'), 'UTC', 30);
    expect(w).toEqual({
      days: 30,
      firstDay: '2026-10-23',
      today: '2026-11-21',
      lastClosedDay: '2026-11-20',
      rollupTo: '2026-11-20',
      liveFrom: '2026-11-21',
    });
    expect(dayCount(w.firstDay, w.today)).toBe(30);
  });

  it('keeps yesterday open during the grace period after midnight', () => {
    const inGrace = analyticsWindow(new Date('2026-11-21T00:59:59Z'), 'UTC', 7);
    expect(inGrace).toMatchObject({ today: '2026-11-21', lastClosedDay: '2026-11-19', rollupTo: '2026-11-19', liveFrom: '2026-11-20' });
    const after = analyticsWindow(new Date('2026-11-21T01:00:00Z'), 'UTC', 7);
    expect(after).toMatchObject({ lastClosedDay: '2026-11-20', rollupTo: '2026-11-20', liveFrom: '2026-11-21' });
  });

  it('applies the grace period in the business time zone', () => {
    // 23:30 UTC is 00:30 in Berlin (winter, UTC+1): Berlin's yesterday is still open.
    const w = analyticsWindow(new Date('2026-11-20T23:30:00Z'), 'Europe/Berlin', 7);
    expect(w).toMatchObject({ today: '2026-11-21', lastClosedDay: '2026-11-19', liveFrom: '2026-11-20' });
  });

  it('has no rolled-up part when the window is only open days', () => {
    const one = analyticsWindow(new Date('2026-11-21T15:00:00Z'), 'UTC', 1);
    expect(one).toMatchObject({ firstDay: '2026-11-21', rollupTo: '2026-11-20', liveFrom: '2026-11-21' });
    expect(dayCount(one.firstDay, one.rollupTo)).toBe(0);
    const inGrace = analyticsWindow(new Date('2026-11-21T00:10:00Z'), 'UTC', 1);
    expect(inGrace).toMatchObject({ firstDay: '2026-11-21', lastClosedDay: '2026-11-19', rollupTo: '2026-11-20', liveFrom: '2026-11-21' });
    expect(dayCount(inGrace.firstDay, inGrace.rollupTo)).toBe(0);
  });
});
