import { describe, expect, it } from 'vitest';
import { chooseTicks, tickLabel } from './chart-ticks';

/** `n` business days ending on `last`, oldest first. */
function daysUntil(last: string, n: number): string[] {
  const end = Date.parse(`${last}T00:00:00Z`);
  return Array.from({ length: n }, (_v, i) => new Date(end - (n - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

describe('chooseTicks: the revenue chart time axis', () => {
  it('marks every day of a week when there is room, and only days', () => {
    const days = daysUntil('2026-11-28', 7);
    expect(chooseTicks(days, 800)).toEqual({ unit: 'day', step: 1, days });
  });

  it('steps by whole days counted back from today as the chart narrows', () => {
    const days = daysUntil('2026-11-28', 30);
    const wide = chooseTicks(days, 1200);
    expect(wide).toMatchObject({ unit: 'day', step: 2 });
    expect(wide.days.at(-1)).toBe('2026-11-28');
    const phone = chooseTicks(days, 340);
    expect(phone).toMatchObject({ unit: 'day', step: 7 });
    expect(phone.days).toEqual(['2026-10-31', '2026-11-07', '2026-11-14', '2026-11-21', '2026-11-28']);
  });

  it('keeps days up to 90 days and turns to weeks (Mondays) past 90', () => {
    expect(chooseTicks(daysUntil('2026-11-28', 90), 1200).unit).toBe('day');
    const year = chooseTicks(daysUntil('2026-11-28', 365), 1200);
    expect(year.unit).toBe('week');
    expect(year.step).toBe(4);
    for (const day of year.days) expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(1);
    expect(year.days.at(-1)).toBe('2026-11-23');
    expect(year.days.length).toBeLessThanOrEqual(1200 / 64);
    const narrow = chooseTicks(daysUntil('2026-11-28', 365), 340);
    expect(narrow).toMatchObject({ unit: 'week', step: 13 });
  });

  it('labels a tick as month and day in the locale, never as an hour', () => {
    expect(tickLabel('2026-11-28', 'en-US')).toBe('Nov 28');
    expect(tickLabel('2026-11-28', 'en-GB')).toBe('28 Nov');
    expect(tickLabel('2026-11-28', 'de-DE')).toBe('28. Nov.');
    expect(tickLabel('2026-01-01', 'ja-JP')).toBe('1月1日');
  });
});
