import { DataSource } from 'typeorm';
import { localDayStartSql } from '../src/database/zone-sql';
import { apiAs, createBusiness, startTestApp, TestApp } from './helpers/test-app';

/**
 * The start of a local day is the earliest instant whose local date is that day, in every zone
 * PostgreSQL knows, including the days whose midnight a DST change repeats (Atlantic/Azores on
 * 2026-10-25, America/Havana on 2026-11-01) or skips (America/Santiago on 2026-09-06). The days are
 * computed from pg_timezone_names, not listed by hand.
 */
interface ZoneDay {
  zone: string;
  day: string;
  repeated: boolean;
}

/**
 * Every (zone, day) from `from` to `to` whose local midnight a transition repeats or skips (the
 * posix/ copies of the zones left out). A scan of every zone and day, so it runs without the
 * service's statement timeout, which a slow machine would otherwise hit.
 */
async function midnightTransitions(db: DataSource, from: string, to: string): Promise<ZoneDay[]> {
  return db.transaction(async (tx) => {
    await tx.query(`SET LOCAL statement_timeout = 0`);
    return tx.query<ZoneDay[]>(
      `WITH days AS (SELECT d::date AS d FROM generate_series($1::date, $2::date, interval '1 day') d),
          c AS (SELECT z.name, days.d, (days.d::timestamp AT TIME ZONE z.name) AS naive FROM pg_timezone_names z CROSS JOIN days
                 WHERE z.name NOT LIKE 'posix/%')
     SELECT name AS zone, d::text AS day, ((naive - interval '1 microsecond') AT TIME ZONE name)::date = d AS repeated
       FROM c
      WHERE ((naive - interval '1 microsecond') AT TIME ZONE name)::date = d  -- midnight comes twice
         OR (naive AT TIME ZONE name) <> d::timestamp                         -- midnight never comes
      ORDER BY name, d`,
      [from, to],
    );
  });
}

describe('local day starts across DST changes at midnight', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('in every zone and every such day of 2024-2028 the day starts at its earliest instant', async () => {
    const days = await midnightTransitions(t.db, '2024-01-01', '2028-12-31');
    expect(days.length).toBeGreaterThan(40);
    expect(days.filter((d) => d.repeated).length).toBeGreaterThan(10);
    expect(days).toEqual(expect.arrayContaining([{ zone: 'Atlantic/Azores', day: '2026-10-25', repeated: true }]));
    const wrong: unknown[] = await t.db.query(
      `WITH cases AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(zone text, day date)),
            starts AS (SELECT zone, day, ${localDayStartSql('day', 'zone')} AS start FROM cases)
       SELECT zone, day::text, start FROM starts
        WHERE (start AT TIME ZONE zone)::date <> day                                    -- not in the day
           OR ((start - interval '1 microsecond') AT TIME ZONE zone)::date <> day - 1`, // not its first instant
      [JSON.stringify(days)],
    );
    expect(wrong).toEqual([]);
  });

  it('a sale in the first local hour of such a day is in that day: orders list, revenue live and rolled up', async () => {
    const [{ d: today }] = await t.db.query<{ d: string }[]>(`SELECT current_date::text AS d`);
    // days well inside the longest analytics window (365 days, ending at the business's today; the
    // margin covers zones a day ahead of the server); before 2026-11-24: Azores and Havana repeat
    // midnight, Santiago skips it
    const recent = await midnightTransitions(t.db, addDays(today, -360), addDays(today, -2));
    const zones = [...new Set(recent.map((d) => d.zone))];
    expect(zones.length).toBeGreaterThan(0);
    for (const { zone, day, repeated } of recent.filter((d) => zones.includes(d.zone))) {
      const biz = await createBusiness(t, `Shop in ${zone}`, { timezone: zone });
      const api = apiAs(t, biz);
      const product = (await api.post('/products', { name: 'Tea', price: 10 }).expect(201)).body.data.id as string;
      await api.post('/stock/adjustments', { product_id: product, quantity: 5, reason: 'restock' }).expect(201);
      const order = (await api.post('/orders', { items: [{ product_id: product, quantity: 1 }] }).expect(201)).body.data;
      // moved into the day's first local hour: the first instant the clock reads 00:30 (01:30 where 00:00 to 01:00 never happens)
      const clock = repeated ? '00:30' : '01:30';
      await t.db.query(
        `WITH n AS (SELECT (($3::date + $5::time)::timestamp AT TIME ZONE $2) AS naive)
         UPDATE sales SET created_at = (
           SELECT min(c) FROM n, unnest(ARRAY[naive - interval '2 hours', naive - interval '1 hour', naive - interval '30 minutes', naive]) c
            WHERE (c AT TIME ZONE $2) = $3::date + $5::time)
          WHERE business_id = $1 AND id = $4`,
        [biz.business_id, zone, day, order.order_id, clock],
      );
      const listed = await api.get(`/orders?from=${day}&to=${day}`).expect(200);
      expect({ zone, day, orders: listed.body.data.map((o: { order_id: string }) => o.order_id) }).toEqual({ zone, day, orders: [order.order_id] });
      for (const round of ['built', 'read from the rollup']) {
        const revenue = (await api.get('/analytics/revenue?days=365').expect(200)).body as { date: string; revenue: number; orders: number }[];
        expect({ zone, day, round, point: revenue.find((p) => p.date === day) }).toEqual({ zone, day, round, point: { date: day, revenue: 10, orders: 1 } });
      }
    }
  });
});

function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}
