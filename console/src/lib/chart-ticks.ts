/**
 * The revenue chart's time axis (docs/api.md 16): one point per business day, so a tick is always a
 * day, never an hour (uPlot's own choice put "12am" and "8am" between the days of a short period).
 * Up to 90 days the ticks step by whole days, counted back from the last day so today is always
 * marked; past 90 days they fall on weeks (Mondays). The step is the smallest of the list that keeps
 * the labels apart at the chart's width. Labels are the browser's locale (Intl), month and day.
 */
const DAY_STEPS = [1, 2, 3, 5, 7, 14, 30];
const WEEK_STEPS = [1, 2, 4, 8, 13, 26];
/** The room one label needs, in CSS pixels ("Sep 30", "30. Sept."). */
const LABEL_PX = 64;
export const WEEKLY_AFTER_DAYS = 90;

export interface Ticks {
  unit: 'day' | 'week';
  /** every how many days or weeks */
  step: number;
  /** the business days (`YYYY-MM-DD`) that get a tick, oldest first */
  days: string[];
}

function dayNumber(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) / 86_400_000;
}

export function chooseTicks(days: readonly string[], widthPx: number): Ticks {
  const room = Math.max(2, Math.floor(widthPx / LABEL_PX));
  if (days.length <= WEEKLY_AFTER_DAYS) {
    const step = DAY_STEPS.find((s) => Math.ceil(days.length / s) <= room) ?? DAY_STEPS[DAY_STEPS.length - 1];
    const picked = days.filter((_d, i) => (days.length - 1 - i) % step === 0);
    return { unit: 'day', step, days: picked };
  }
  // Mondays: 1970-01-01 (day 0) was a Thursday, so day n is a Monday when (n + 3) % 7 === 0
  const mondays = days.filter((d) => (((dayNumber(d) + 3) % 7) + 7) % 7 === 0);
  const step = WEEK_STEPS.find((s) => Math.ceil(mondays.length / s) <= room) ?? WEEK_STEPS[WEEK_STEPS.length - 1];
  const picked = mondays.filter((_d, i) => (mondays.length - 1 - i) % step === 0);
  return { unit: 'week', step, days: picked };
}

/** A tick's label: the day's month and day in the browser's locale ("Nov 28", "28. Nov."), as that business day whatever the browser's zone. */
export function tickLabel(day: string, locale?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`));
}
