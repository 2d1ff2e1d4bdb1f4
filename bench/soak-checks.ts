/*
 * What must hold after the soak (bench/soak.ts), read straight from the database and compared with
 * what the server acknowledged to the client:
 *   - stock: level = initial + acknowledged adjustments - acknowledged sales, per product;
 *   - orders: one sale per acknowledged order; every sale has its lines, one sale movement per line,
 *     one income of its total, a subtotal equal to its lines and a total by docs/api.md 5;
 *   - loyalty: every balance is the sum of its ledger, and the points redeemed are the acknowledged ones;
 *   - invoices: one manual invoice per acknowledged creation.
 * Then `cli verify` (docs/api.md 11), as the README documents it.
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import { withClient } from './bench-support';
import { Acknowledged, SoakBusiness } from './soak-traffic';

export interface InvariantReport {
  violations: string[];
  figures: Record<string, number>;
}

export async function checkInvariants(
  url: string,
  businesses: SoakBusiness[],
  acks: Map<string, Acknowledged>,
  initialStock: number,
): Promise<InvariantReport> {
  return withClient(url, async (db) => {
    const violations: string[] = [];
    const figures: Record<string, number> = { sales: 0, sale_items: 0, loyalty_accounts: 0, manual_invoices: 0 };
    for (const business of businesses) {
      const ack = acks.get(business.id)!;
      const b = business.id;

      const { rows: levels } = await db.query(`SELECT product_id, sum(quantity)::text AS qty FROM stock_levels WHERE business_id = $1 GROUP BY product_id`, [
        b,
      ]);
      const level = new Map(levels.map((r) => [r.product_id as string, Number(r.qty)]));
      for (const p of business.products) {
        const expected = initialStock + (ack.adjustedByProduct.get(p.id) ?? 0) - (ack.soldByProduct.get(p.id) ?? 0);
        if (level.get(p.id) !== expected) violations.push(`stock of ${p.id}: ${level.get(p.id)} in the database, ${expected} = initial + adjusted - sold`);
      }

      const {
        rows: [sales],
      } = await db.query(
        `SELECT count(*)::int AS sales,
                count(*) FILTER (WHERE items = 0 OR items <> movements OR incomes <> 1 OR income <> s.total OR lines <> s.subtotal
                                 OR s.total <> s.subtotal + s.tax_amount + s.shipping_amount - s.discount_amount OR s.status <> 'completed')::int AS broken,
                coalesce(sum(items), 0)::int AS items
           FROM sales s
           CROSS JOIN LATERAL (SELECT count(*) AS items, coalesce(sum(total), 0) AS lines FROM sale_items i WHERE i.business_id = s.business_id AND i.sale_id = s.id) i
           CROSS JOIN LATERAL (SELECT count(*) AS movements FROM stock_movements m WHERE m.business_id = s.business_id AND m.sale_id = s.id AND m.type = 'sale') m
           CROSS JOIN LATERAL (SELECT count(*) AS incomes, sum(amount) AS income FROM finance_transactions f
                                WHERE f.business_id = s.business_id AND f.sale_id = s.id AND f.type = 'income') f
          WHERE s.business_id = $1`,
        [b],
      );
      if (sales.sales !== ack.orders) violations.push(`${sales.sales} sales in the database, ${ack.orders} acknowledged`);
      if (sales.broken > 0) violations.push(`${sales.broken} sales without their lines, movements or income, or with wrong totals`);

      const {
        rows: [loyalty],
      } = await db.query(
        `SELECT count(*)::int AS accounts,
                count(*) FILTER (WHERE a.balance <> coalesce(l.points, 0))::int AS drifted,
                (SELECT coalesce(-sum(points), 0) FROM loyalty_transactions WHERE business_id = $1 AND type = 'redeem')::int AS redeemed
           FROM loyalty_accounts a
           LEFT JOIN (SELECT customer_id, sum(points) AS points FROM loyalty_transactions WHERE business_id = $1 GROUP BY customer_id) l USING (customer_id)
          WHERE a.business_id = $1`,
        [b],
      );
      if (loyalty.drifted > 0) violations.push(`${loyalty.drifted} loyalty balances differ from the sum of their transactions`);
      if (loyalty.redeemed !== ack.pointsRedeemed) violations.push(`${loyalty.redeemed} points redeemed in the database, ${ack.pointsRedeemed} acknowledged`);

      const {
        rows: [invoices],
      } = await db.query(`SELECT count(*)::int AS n FROM invoices WHERE business_id = $1 AND sale_id IS NULL`, [b]);
      if (invoices.n !== ack.manualInvoices) violations.push(`${invoices.n} manual invoices in the database, ${ack.manualInvoices} acknowledged`);

      figures.sales += sales.sales;
      figures.sale_items += sales.items;
      figures.loyalty_accounts += loyalty.accounts;
      figures.manual_invoices += invoices.n;
    }
    return { violations, figures };
  });
}

/** `npm run --silent cli -- verify` against the soak's database: its one JSON line and exit code. */
export function runVerify(url: string): { ok: boolean; output: string; code: number | null } {
  const res = spawnSync('npm', ['run', '--silent', 'cli', '--', 'verify'], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'error' },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const output = (res.stdout ?? '').trim();
  let ok = false;
  try {
    ok = JSON.parse(output).ok === true;
  } catch {
    ok = false;
  }
  return { ok: ok && res.status === 0, output: output.slice(0, 2000) || (res.stderr ?? '').slice(0, 2000), code: res.status };
}
