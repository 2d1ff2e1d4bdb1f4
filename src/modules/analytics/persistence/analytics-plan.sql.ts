import { localDayStartSql } from '../../../database/zone-sql';
import { defineStatement } from '../../../database/statement';

export interface OpenDayStartRow {
  /** `YYYY-MM-DD` */
  day: string;
  start: Date;
  window_start: Date;
}

/**
 * The instants the days $1..$2 start at in zone $3, oldest first, each with the start of day $4 (the
 * window's first day). PostgreSQL turns local days into instants because it knows the zone's DST rules.
 */
export const openDayStarts = defineStatement<[fromDay: string, toDay: string, timeZone: string, windowFirstDay: string], OpenDayStartRow>(
  'analytics.openDayStarts',
  `SELECT d::date::text AS day, ${localDayStartSql('d::date', '$3')} AS start,
          ${localDayStartSql('$4::date', '$3')} AS window_start
     FROM generate_series($1::date, $2::date, interval '1 day') d ORDER BY d`,
);
