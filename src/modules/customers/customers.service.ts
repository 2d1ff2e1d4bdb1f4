import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { uniqueViolationOf } from '../../common/errors/pg-errors';
import { moneyString } from '../../common/money/money';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { outboxInsertSql, outboxRowSql } from '../../database/outbox-writer';
import { SqlBatch } from '../../database/sql-batch';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { containsPattern } from '../products/like-pattern';
import { CustomerJson, CustomerRow, toCustomerJson } from './customer.mapper';
import { customerIdentity } from './customer-identity';
import { CreateCustomerDto } from './dto/create-customer.dto';
import { ListCustomersQuery } from './dto/list-customers.query';
import { UpdateCustomerDto } from './dto/update-customer.dto';
import { CustomerCreatedEvent } from './events/customer-created.event';

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
  /** the customer from that value (recording customer.created); after a lost race, findOrCreate */
  resolve(tx: Tx, matched: MatchedCustomer | null): Promise<MatchedCustomer>;
}

const UNIQUE_FIELDS: Record<string, 'email' | 'phone'> = {
  customers_business_email_uq: 'email',
  customers_business_phone_uq: 'phone',
};
// Each lost race means another transaction committed the customer we are about to see.
const MAX_MATCH_ATTEMPTS = 3;

const CUSTOMER_COLUMNS = `c.id, c.name, c.email, c.phone, c.notes, c.total_spent, c.total_orders, c.last_purchase_date,
  c.created_at, c.updated_at, la.balance AS loyalty_balance`;
const WITH_LOYALTY = `LEFT JOIN loyalty_accounts la ON la.business_id = c.business_id AND la.customer_id = c.id`;

/**
 * Customers of a business: found by email then phone, created when neither matches, with their
 * purchase totals. Matching relies on the two partial unique indexes and INSERT ... ON CONFLICT,
 * never on read-then-write, so concurrent first orders from one email make one customer.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
  ) {}

  /**
   * The customer with this email, else with this phone, else a new one (customer.created), in one
   * statement of its own; see matchInto.
   */
  async findOrCreate(tx: Tx, businessId: string, reference: CustomerReference): Promise<MatchedCustomer> {
    for (let attempt = 1; attempt <= MAX_MATCH_ATTEMPTS; attempt++) {
      const batch = new SqlBatch();
      const match = this.matchInto(batch, businessId, reference);
      const [row] = await batch.run<{ customer: MatchedCustomer | null }>(tx, `SELECT ${match.column} AS customer`);
      if (row.customer) return match.resolve(tx, row.customer);
    }
    throw new Error(`customer match did not settle after ${MAX_MATCH_ATTEMPTS} attempts`);
  }

  /**
   * Find-or-create as parts of a larger statement: by email, else by phone, else an insert that does
   * nothing on a unique conflict (a concurrent transaction committed the same email or phone).
   * `column` is the outcome (json `{id, created}`, null after a lost race) for the statement's
   * SELECT; `resolve` turns it into the customer.
   */
  matchInto(batch: SqlBatch, businessId: string, reference: CustomerReference): CustomerMatch {
    const who = customerIdentity(reference);
    if (!who.emailNormalized && !who.phoneNormalized) throw DomainError.validation('customer', 'customer needs an email or a phone');
    const event = new CustomerCreatedEvent(businessId, { customer_id: randomUUID(), name: who.name, email: who.email, phone: who.phone });
    const biz = batch.param(businessId, 'uuid');
    const email = batch.param(who.emailNormalized, 'text');
    const phone = batch.param(who.phoneNormalized, 'text');
    batch.add('customer_by_email', `SELECT id FROM customers WHERE business_id = ${biz} AND email_normalized = ${email}`);
    batch.add(
      'customer_by_phone',
      `SELECT id FROM customers WHERE business_id = ${biz} AND phone_normalized = ${phone} AND NOT EXISTS (SELECT 1 FROM customer_by_email)`,
    );
    batch.add(
      'customer_created',
      `INSERT INTO customers (id, business_id, name, email, email_normalized, phone, phone_normalized)
       SELECT ${batch.param(event.data.customer_id, 'uuid')}, ${biz}, ${batch.param(who.name, 'text')}, ${batch.param(who.email, 'text')},
              ${email}, ${batch.param(who.phone, 'text')}, ${phone}
        WHERE NOT EXISTS (SELECT 1 FROM customer_by_email) AND NOT EXISTS (SELECT 1 FROM customer_by_phone)
       ON CONFLICT DO NOTHING
       RETURNING id`,
    );
    batch.add('customer_created_event', outboxInsertSql([outboxRowSql(batch, event, { from: 'customer_created' })]));
    batch.add(
      'customer_match',
      `SELECT id, true AS created FROM customer_created
       UNION ALL SELECT id, false FROM customer_by_email
       UNION ALL SELECT id, false FROM customer_by_phone`,
    );
    return {
      column: `(SELECT row_to_json(m) FROM customer_match m)`,
      resolve: async (tx, matched) => {
        if (!matched) return this.findOrCreate(tx, businessId, reference);
        if (matched.created) tx.recordPersisted(event);
        return matched;
      },
    };
  }

  /**
   * Adds a sale to the customer's totals, as a part of the order's numbered statement: the row is
   * locked after the sale counter (`salePart`), like every lock that statement takes.
   */
  recordPurchase(batch: SqlBatch, businessId: string, customerId: string, total: string, salePart: string): void {
    batch.add(
      'customer_totals',
      `UPDATE customers c
          SET total_spent = c.total_spent + ${batch.param(moneyString(total), 'numeric')}, total_orders = c.total_orders + 1,
              last_purchase_date = GREATEST(c.last_purchase_date, s.at), updated_at = s.at
         FROM ${salePart} s
        WHERE c.business_id = ${batch.param(businessId, 'uuid')} AND c.id = ${batch.param(customerId, 'uuid')}`,
    );
  }

  /**
   * Takes a cancelled sale out of the customer's totals. The last purchase is recomputed from the
   * remaining completed sales only when it was this sale's: a later sale (possibly committed while
   * this statement waited for the row) keeps its date.
   */
  async reversePurchase(tx: Tx, businessId: string, customerId: string, saleId: string, total: string): Promise<void> {
    await tx.query(
      `UPDATE customers c
          SET total_spent = c.total_spent - $4::numeric, total_orders = c.total_orders - 1, updated_at = now(),
              last_purchase_date = CASE
                WHEN c.last_purchase_date > (SELECT created_at FROM sales WHERE business_id = $1 AND id = $3) THEN c.last_purchase_date
                ELSE (SELECT max(s.created_at) FROM sales s
                       WHERE s.business_id = $1 AND s.customer_id = $2 AND s.status = 'completed' AND s.id <> $3)
              END
        WHERE c.business_id = $1 AND c.id = $2`,
      [businessId, customerId, saleId, moneyString(total)],
    );
  }

  async list(biz: BusinessContext, query: ListCustomersQuery): Promise<Paged<CustomerJson>> {
    const page = pageRequest(query);
    const params: unknown[] = [biz.id];
    let where = 'c.business_id = $1';
    if (query.search) {
      params.push(containsPattern(query.search));
      where += ` AND (c.name ILIKE $2 OR c.email_normalized ILIKE $2 OR c.phone ILIKE $2)`;
    }
    params.push(page.limit, page.offset);
    const rows: (CustomerRow & { total: number })[] = await this.dataSource.query(
      `SELECT t.total, p.* FROM (SELECT count(*)::int AS total FROM customers c WHERE ${where}) t
         LEFT JOIN LATERAL (
           SELECT ${CUSTOMER_COLUMNS} FROM customers c ${WITH_LOYALTY} WHERE ${where}
            ORDER BY c.created_at DESC, c.id DESC LIMIT $${params.length - 1} OFFSET $${params.length}
         ) p ON true`,
      params,
    );
    const items = rows.filter((r) => r.id !== null).map(toCustomerJson);
    return new Paged(items, rows[0]?.total ?? 0, page);
  }

  async get(biz: BusinessContext, id: string): Promise<CustomerJson> {
    const rows: CustomerRow[] = await this.dataSource.query(
      `SELECT ${CUSTOMER_COLUMNS} FROM customers c ${WITH_LOYALTY} WHERE c.business_id = $1 AND c.id = $2`,
      [biz.id, id],
    );
    if (rows.length === 0) throw DomainError.notFound('Customer');
    return toCustomerJson(rows[0]);
  }

  async create(biz: BusinessContext, dto: CreateCustomerDto): Promise<CustomerJson> {
    return this.uow.run(async (tx) => {
      const who = customerIdentity(dto);
      const row = await tx.one<CustomerRow>(
        `WITH c AS (
           INSERT INTO customers (business_id, name, email, email_normalized, phone, phone_normalized, notes)
           VALUES ($1, $2, $3, $4, $5, $6, $7)
           ON CONFLICT DO NOTHING
           RETURNING *
         )
         SELECT ${CUSTOMER_COLUMNS} FROM c ${WITH_LOYALTY}`,
        [biz.id, who.name, who.email, who.emailNormalized, who.phone, who.phoneNormalized, dto.notes ?? null],
      );
      if (!row) throw await this.existsError(tx, biz.id, who.emailNormalized, who.phoneNormalized);
      tx.record(new CustomerCreatedEvent(biz.id, { customer_id: row.id, name: row.name, email: row.email, phone: row.phone }));
      return toCustomerJson(row);
    });
  }

  async update(biz: BusinessContext, id: string, dto: UpdateCustomerDto): Promise<CustomerJson> {
    try {
      return await this.uow.run((tx) => this.patch(tx, biz.id, id, dto));
    } catch (err) {
      const field = UNIQUE_FIELDS[uniqueViolationOf(err) ?? ''];
      if (field) throw new DomainError('CUSTOMER_EXISTS', `Another customer has this ${field}`, [{ field }]);
      throw err;
    }
  }

  private async patch(tx: Tx, businessId: string, id: string, dto: UpdateCustomerDto): Promise<CustomerJson> {
    const who = customerIdentity(dto);
    const sets: string[] = [];
    const params: unknown[] = [businessId, id];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = $${params.length}`);
    };
    if (dto.name !== undefined) set('name', who.name);
    if (dto.email !== undefined) {
      set('email', who.email);
      set('email_normalized', who.emailNormalized);
    }
    if (dto.phone !== undefined) {
      set('phone', who.phone);
      set('phone_normalized', who.phoneNormalized);
    }
    if (dto.notes !== undefined) set('notes', dto.notes);
    const row = await tx.one<CustomerRow>(
      `WITH c AS (
         UPDATE customers SET ${[...sets, 'updated_at = now()'].join(', ')} WHERE business_id = $1 AND id = $2 RETURNING *
       )
       SELECT ${CUSTOMER_COLUMNS} FROM c ${WITH_LOYALTY}`,
      params,
    );
    if (!row) throw DomainError.notFound('Customer');
    return toCustomerJson(row);
  }

  private async existsError(tx: Tx, businessId: string, email: string | null, phone: string | null): Promise<DomainError> {
    const taken = await tx.query<{ field: string }>(
      `SELECT 'email' AS field FROM customers WHERE business_id = $1 AND email_normalized = $2
       UNION ALL
       SELECT 'phone' FROM customers WHERE business_id = $1 AND phone_normalized = $3`,
      [businessId, email, phone],
    );
    const fields = taken.length > 0 ? taken.map((t) => t.field) : ['email', 'phone'];
    return new DomainError('CUSTOMER_EXISTS', `A customer with this ${fields.join(' and ')} already exists`, fields.map((field) => ({ field })));
  }
}
