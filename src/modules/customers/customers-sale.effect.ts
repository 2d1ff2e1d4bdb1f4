import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { DomainError } from '../../common/errors/domain-error';
import { moneyString } from '../../common/money/money';
import { CombinedStatement } from '../../database/combined-statement';
import { LockRank } from '../../database/lock-order';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from '../orders/persistence/sale-statement';
import type { SaleEffect, SaleReversal, SaleShape } from '../orders/sale-effect';
import { SaleEffectProvider } from '../orders/sale-effects';
import { SaleDraft } from '../orders/sale-draft';
import { customerIdentity, CustomerIdentity } from './customer-identity';
import { CustomerCreatedEvent } from './events/customer-created.event';
import { addCustomerLookup, addCustomerMatch, addCustomerTotals, reverseCustomerPurchase } from './persistence/customers-sale.sql';

export interface CustomerReference {
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

export interface MatchedCustomer {
  id: string;
  created: boolean;
}

export interface CustomerMatch {
  /** SQL for the statement's SELECT: json `{id, created}`, or null when the insert lost a race */
  column: string;
  /** the customer from that value; after a lost race, findOrCreate */
  resolve(tx: Tx, matched: MatchedCustomer | null): Promise<MatchedCustomer>;
}

// Each lost race means another transaction committed the customer we are about to see.
const MAX_MATCH_ATTEMPTS = 3;

/**
 * The customer's side of a sale: found by email, then phone, or created (customer.created) in the
 * order's first statement, relying on the two partial unique indexes and INSERT ... ON CONFLICT,
 * never on read-then-write, so concurrent first orders from one email make one customer; then the
 * sale joins the customer's totals, and leaves them when it is undone.
 */
@Injectable()
@SaleEffectProvider()
export class CustomersSaleEffect implements SaleEffect {
  readonly module = 'customers';
  readonly lock = LockRank.CustomerTotals;
  readonly shapes: SaleShape[] = [{ customer: false }, { customer: true }];

  /** The customer with this email, else with this phone, else a new one, in a statement of its own. */
  async findOrCreate(tx: Tx, businessId: string, reference: CustomerReference): Promise<MatchedCustomer> {
    for (let attempt = 1; attempt <= MAX_MATCH_ATTEMPTS; attempt++) {
      const stmt = new CombinedStatement();
      const match = this.matchInto(stmt, businessId, reference);
      const row = await stmt.run<{ customer: MatchedCustomer | null }>(tx, { columns: { customer: match.column } });
      if (row?.customer) return row.customer;
    }
    throw new Error(`customer match did not settle after ${MAX_MATCH_ATTEMPTS} attempts`);
  }

  /**
   * Find-or-create as parts of a larger statement (the order's first). `column` is the outcome for
   * the statement's SELECT, `resolve` turns it into the customer. customer.created is written by
   * the statement only when it created the row.
   */
  matchInto(stmt: CombinedStatement, businessId: string, reference: CustomerReference): CustomerMatch {
    const who = identityOf(reference);
    const event = new CustomerCreatedEvent(businessId, { customer_id: randomUUID(), name: who.name, email: who.email, phone: who.phone });
    const { created, match } = stmt.within(this.module, () => addCustomerMatch(stmt, businessId, event.data.customer_id, who));
    stmt.writeEventIf(event, created);
    return {
      column: match,
      resolve: async (tx, matched) => matched ?? this.findOrCreate(tx, businessId, reference),
    };
  }

  /**
   * The customer an order would match, found only (a quote writes nothing): `column` is a json `{id}`
   * for the statement's SELECT, null when the order would create one.
   */
  findInto(stmt: CombinedStatement, businessId: string, reference: CustomerReference): string {
    const who = identityOf(reference);
    return stmt.within(this.module, () => addCustomerLookup(stmt, businessId, who)).found;
  }

  addToSale(stmt: SaleStatement, sale: SaleDraft): void {
    if (sale.customer_id) addCustomerTotals(stmt, sale.customer_id, sale.total);
  }

  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    const customerId = reversal.sale.customer_id;
    if (!customerId) return;
    tx.locks.take(LockRank.CustomerTotals);
    await tx.run(reverseCustomerPurchase, [reversal.businessId, customerId, reversal.sale.id, moneyString(reversal.amount), reversal.wholeSale ? 1 : 0]);
  }
}

/** A customer reference's stored forms; 400 without an email or a phone to recognise it by. */
function identityOf(reference: CustomerReference): CustomerIdentity {
  const who = customerIdentity(reference);
  if (!who.emailNormalized && !who.phoneNormalized) throw DomainError.validation('customer', 'customer needs an email or a phone');
  return who;
}
