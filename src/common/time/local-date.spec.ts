import { addDays, localDate, localDateTime } from './local-date';

describe('localDate', () => {
  it('is the date of the instant in the zone, not in UTC', () => {
    const instant = new Date('2026-11-21T11:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-11-21');
    expect(localDate(instant, 'Pacific/Kiritimati')).toBe('2026-11-22');
    expect(localDate(instant, 'Pacific/Pago_Pago')).toBe('2026-11-21');
    expect(localDate(new Date('2026-11-21T10:59:59Z'), 'Pacific/Pago_Pago')).toBe('2026-11-20');
  });

  it('follows daylight saving time', () => {
    expect(localDate(new Date('2026-07-01T03:30:00Z'), 'America/New_York')).toBe('2026-06-30');
    expect(localDate(new Date('2026-01-01T04:30:00Z'), 'America/New_York')).toBe('2025-12-31');
    expect(localDate(new Date('2026-01-01T05:30:00Z'), 'America/New_York')).toBe('2026-01-01');
  });
});

describe('addDays', () => {
  it('moves across months, years and leap days, both ways', () => {
    expect(addDays('2026-11-21', 0)).toBe('2026-11-21');
    expect(addDays('2026-11-21', -29)).toBe('2026-10-23');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-21', -364)).toBe('2025-11-22');
  });
});

describe('localDateTime', () => {
  it('is the wall clock of the zone, truncated to the second, across a change to summer time', () => {
    expect(localDateTime(new Date('2026-03-28T23:30:00.999Z'), 'Europe/Berlin')).toBe('2026-03-29 00:30:00');
    expect(localDateTime(new Date('2026-03-29T01:30:00Z'), 'Europe/Berlin')).toBe('2026-03-29 03:30:00');
    expect(localDateTime(new Date('2026-11-21T00:00:00Z'), 'UTC')).toBe('2026-11-21 00:00:00');
    expect(localDateTime(new Date('2026-11-21T10:59:59Z'), 'Pacific/Pago_Pago')).toBe('2026-11-20 23:59:59');
  });
});
