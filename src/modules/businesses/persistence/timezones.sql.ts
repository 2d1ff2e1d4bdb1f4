import { defineStatement } from '../../../database/statement';

/**
 * Whether PostgreSQL knows the zone `$1` by that name: every local-date computation of a business
 * runs in the database, so a zone only the runtime's ICU knows would fail each of them.
 */
export const isKnownTimezone = defineStatement<[name: string], { known: boolean }>(
  'businesses.isKnownTimezone',
  `SELECT EXISTS (SELECT 1 FROM pg_timezone_names WHERE name = $1) AS known`,
);
