import { localDateTime } from './local-date';

describe('localDateTime: the wall clock of a zone, across DST changes', () => {
  it.each([
    ['2026-03-29T00:59:00.000Z', 'Europe/Berlin', '2026-03-29 01:59:00'], // CET, just before the change
    ['2026-03-29T01:00:00.000Z', 'Europe/Berlin', '2026-03-29 03:00:00'], // CEST: 02:00 never happened
    ['2026-10-25T00:30:00.000Z', 'Europe/Berlin', '2026-10-25 02:30:00'], // the first 02:30 (CEST)
    ['2026-10-25T01:30:00.000Z', 'Europe/Berlin', '2026-10-25 02:30:00'], // the second (CET)
    ['2026-11-28T23:30:00.000Z', 'America/New_York', '2026-11-28 18:30:00'],
    ['2026-11-28T23:30:00.000Z', 'Asia/Kolkata', '2026-11-29 05:00:00'],
    ['2026-01-01T00:00:00.000Z', 'UTC', '2026-01-01 00:00:00'], // midnight is 00, never 24
  ])('%s in %s is %s', (iso, zone, expected) => {
    expect(localDateTime(new Date(iso), zone)).toBe(expected);
  });
});
