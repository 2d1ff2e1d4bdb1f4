import { moneyString } from '../../../common/money/money';
import { CombinedStatement, StatementPart } from '../../../database/combined-statement';
import { LockRank } from '../../../database/lock-order';
import { COUNTED_SALE_STATUSES_SQL } from '../../orders/sale-status';
import { defineStatement } from '../../../database/statement';
import type { SaleStatement } from '../../orders/persistence/sale-statement';
import { CustomerIdentity } from '../customer-identity';

/**
 * Find-or-create of a customer as parts of a statement: by email, else by phone, else an insert of
 * `newId` that does nothing on a unique conflict (a concurrent transaction committed the same email
 * or phone). Returns the part that created the row, and `match`, a json `{id, created}` column
 * (null after a lost race).
 */
export function addCustomerMatch(stmt: CombinedStatement, businessId: string, newId: string, who: CustomerIdentity): { created: StatementPart; match: string } {
  const { biz, email, phone, byEmail, byPhone } = addCustomerLookupParts(stmt, businessId, who);
  const created = stmt.add(
    'customers.created',
    `INSERT INTO customers (id, business_id, name, email, email_normalized, phone, phone_normalized)
     SELECT ${stmt.param(newId, 'uuid')}, ${biz}, ${stmt.param(who.name, 'text')}, ${stmt.param(who.email, 'text')},
            ${email}, ${stmt.param(who.phone, 'text')}, ${phone}
      WHERE NOT ${byEmail.exists} AND NOT ${byPhone.exists} AND ${stmt.afterLastLock()}
     ON CONFLICT DO NOTHING
     RETURNING id`,
    { lock: LockRank.CustomerIdentity },
  );
  const match = stmt.add(
    'customers.match',
    `SELECT id, true AS created FROM ${created.from}
     UNION ALL SELECT id, false FROM ${byEmail.from}
     UNION ALL SELECT id, false FROM ${byPhone.from}`,
  );
  return { created, match: `(SELECT row_to_json(m) FROM ${match.from} m)` };
}

/**
 * The customer with this email, else with this phone, as parts of a statement that writes nothing
 * (a quote's): `found`, a json `{id}` column, null when the order would create the customer.
 */
export function addCustomerLookup(stmt: CombinedStatement, businessId: string, who: CustomerIdentity): { found: string } {
  const { byEmail, byPhone } = addCustomerLookupParts(stmt, businessId, who);
  const found = stmt.add('customers.found', `SELECT id FROM ${byEmail.from} UNION ALL SELECT id FROM ${byPhone.from}`);
  return { found: `(SELECT row_to_json(f) FROM ${found.from} f)` };
}

/** By email, else by phone: the lookup a match and a find share, so both recognise the same customer. */
function addCustomerLookupParts(stmt: CombinedStatement, businessId: string, who: CustomerIdentity) {
  const biz = stmt.param(businessId, 'uuid');
  const email = stmt.param(who.emailNormalized, 'text');
  const phone = stmt.param(who.phoneNormalized, 'text');
  const byEmail = stmt.add('customers.byEmail', `SELECT id FROM customers WHERE business_id = ${biz} AND email_normalized = ${email}`);
  const byPhone = stmt.add(
    'customers.byPhone',
    `SELECT id FROM customers WHERE business_id = ${biz} AND phone_normalized = ${phone} AND NOT ${byEmail.exists}`,
  );
  return { biz, email, phone, byEmail, byPhone };
}

/**
 * A sale joins its customer's totals, part `customers.totals` of the sale statement: the row is
 * locked after the statement's previous lock, and stamped with the sale's time.
 */
export function addCustomerTotals(stmt: SaleStatement, customerId: string, total: string): void {
  const n = stmt.saleNumber;
  stmt.add(
    'customers.totals',
    `UPDATE customers c
        SET total_spent = c.total_spent + ${stmt.param(moneyString(total), 'numeric')}, total_orders = c.total_orders + 1,
            last_purchase_date = GREATEST(c.last_purchase_date, ${n.at}), updated_at = ${n.at}
       FROM ${n.from}
      WHERE c.business_id = ${stmt.businessId} AND c.id = ${stmt.param(customerId, 'uuid')} AND ${stmt.afterLastLock()}
     RETURNING c.id`,
    { lock: LockRank.CustomerTotals },
  );
}

/**
 * Takes $4 (money) and $5 orders (1 when the whole sale $3 is undone, else 0) out of customer $2's
 * totals. The last purchase is recomputed from the remaining completed sales only when the sale
 * leaves and the last purchase was its own: a later sale (possibly committed while this statement
 * waited for the row) keeps its date.
 */
export const reverseCustomerPurchase = defineStatement<[businessId: string, customerId: string, saleId: string, amount: string, orders: number]>(
  'customers.reversePurchase',
  `UPDATE customers c
      SET total_spent = c.total_spent - $4::numeric, total_orders = c.total_orders - $5::int, updated_at = now(),
          last_purchase_date = CASE
            WHEN $5::int = 0 OR c.last_purchase_date > (SELECT created_at FROM sales WHERE business_id = $1 AND id = $3) THEN c.last_purchase_date
            ELSE (SELECT max(s.created_at) FROM sales s
                   WHERE s.business_id = $1 AND s.customer_id = $2 AND s.status IN ${COUNTED_SALE_STATUSES_SQL} AND s.id <> $3)
          END
    WHERE c.business_id = $1 AND c.id = $2`,
  { plannedPerRun: true },
);
