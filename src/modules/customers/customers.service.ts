import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { In, Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { uniqueViolationOf } from '../../common/errors/pg-errors';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness, presentFields, updateInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { LoyaltyAccount } from '../loyalty/entities/loyalty-account.entity';
import { containsPattern } from '../../common/validation/like-pattern';
import { CustomerJson, toCustomerJson } from './customer.mapper';
import { CustomerIdentity, customerIdentity, givenIdentity } from './customer-identity';
import { CreateCustomerDto } from './dto/create-customer.dto';
import { ListCustomersQuery } from './dto/list-customers.query';
import { UpdateCustomerDto } from './dto/update-customer.dto';
import { Customer } from './entities/customer.entity';
import { CustomerCreatedEvent } from './events/customer-created.event';

const UNIQUE_FIELDS: Record<string, 'email' | 'phone'> = {
  customers_business_email_uq: 'email',
  customers_business_phone_uq: 'phone',
};

/**
 * Customers of a business entered by hand, with the purchase totals orders built. An email or a
 * phone belongs to one customer of a business (the partial unique indexes on their normalised
 * forms): taking another customer's is 409 CUSTOMER_EXISTS.
 */
@Injectable()
export class CustomersService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(Customer) private readonly customers: Repository<Customer>,
    @InjectRepository(LoyaltyAccount) private readonly accounts: Repository<LoyaltyAccount>,
  ) {}

  async list(biz: BusinessContext, query: ListCustomersQuery): Promise<Paged<CustomerJson>> {
    const page = await BusinessQuery.of(this.customers, 'c', biz.id)
      .where(query.search && containsPattern(query.search), (p) => `(c.name ILIKE ${p} OR c.emailNormalized ILIKE ${p} OR c.phone ILIKE ${p})`)
      .orderBy({ 'c.createdAt': 'DESC', 'c.id': 'DESC' })
      .page(pageRequest(query));
    const accounts = await this.loyaltyAccountsOf(biz.id, page.items);
    return page.map((customer) => toCustomerJson(customer, accounts.get(customer.id) ?? null));
  }

  async get(biz: BusinessContext, id: string): Promise<CustomerJson> {
    const [customer, account] = await Promise.all([
      findInBusiness(this.customers, biz.id, id, 'Customer'),
      this.accounts.findOneBy({ businessId: biz.id, customerId: id }),
    ]);
    return toCustomerJson(customer, account);
  }

  async create(biz: BusinessContext, dto: CreateCustomerDto): Promise<CustomerJson> {
    return this.uow.run((tx) => this.insert(tx, biz, dto));
  }

  async update(biz: BusinessContext, id: string, dto: UpdateCustomerDto): Promise<CustomerJson> {
    try {
      return await this.uow.run((tx) => this.patch(tx, biz, id, dto));
    } catch (err) {
      const field = UNIQUE_FIELDS[uniqueViolationOf(err) ?? ''];
      if (field) throw new DomainError('CUSTOMER_EXISTS', `Another customer has this ${field}`, [{ field }]);
      throw err;
    }
  }

  /**
   * ON CONFLICT DO NOTHING: an email or phone already taken, by an earlier customer or a concurrent
   * one, leaves the transaction usable to say which. A new customer has no loyalty account yet.
   */
  async insert(tx: Tx, biz: BusinessContext, dto: CreateCustomerDto): Promise<CustomerJson> {
    const businessId = biz.id;
    const repo = tx.getRepository(Customer);
    const customer = repo.create({ businessId, ...customerIdentity(dto), notes: dto.notes ?? null });
    const inserted = await repo.createQueryBuilder().insert().values(customer).orIgnore().execute();
    if ((inserted.raw as unknown[]).length === 0) throw await this.existsError(tx, businessId, customer);
    tx.record(new CustomerCreatedEvent(businessId, { customer_id: customer.id, name: customer.name, email: customer.email, phone: customer.phone }));
    const json = toCustomerJson(customer, null);
    tx.recordActivity(activityOf(biz, 'customers.create', customerResource(json)));
    return json;
  }

  async patch(tx: Tx, biz: BusinessContext, id: string, dto: UpdateCustomerDto): Promise<CustomerJson> {
    const businessId = biz.id;
    const repo = tx.getRepository(Customer);
    const account = await tx.getRepository(LoyaltyAccount).findOneBy({ businessId, customerId: id });
    const before = toCustomerJson(await findInBusiness(repo, businessId, id, 'Customer'), account);
    const changes = { ...givenIdentity(dto), ...presentFields<UpdateCustomerDto, Customer>(dto, { notes: 'notes' }) };
    const after = toCustomerJson(await updateInBusiness(repo, businessId, id, changes, 'Customer'), account);
    tx.recordActivity(activityOf(biz, 'customers.update', customerResource(after), changesBetween(before, after)));
    return after;
  }

  /** CUSTOMER_EXISTS naming the fields another customer holds (both when the holder is gone). */
  private async existsError(tx: Tx, businessId: string, who: CustomerIdentity): Promise<DomainError> {
    const taken = await takenFields(tx.getRepository(Customer), businessId, who);
    const fields = taken.length > 0 ? taken : ['email', 'phone'];
    return new DomainError(
      'CUSTOMER_EXISTS',
      `A customer with this ${fields.join(' and ')} already exists`,
      fields.map((field) => ({ field })),
    );
  }

  private async loyaltyAccountsOf(businessId: string, customers: Customer[]): Promise<Map<string, LoyaltyAccount>> {
    if (customers.length === 0) return new Map();
    const accounts = await this.accounts.findBy({ businessId, customerId: In(customers.map((c) => c.id)) });
    return new Map(accounts.map((account) => [account.customerId, account]));
  }
}

/** A customer as the activity log names it: by name, else email, else phone. */
function customerResource(customer: CustomerJson) {
  return { type: 'customer', id: customer.id, label: customer.name ?? customer.email ?? customer.phone ?? null };
}

/** Which of the identity's email and phone another customer of the business holds. */
async function takenFields(customers: Repository<Customer>, businessId: string, who: CustomerIdentity): Promise<('email' | 'phone')[]> {
  const { emailNormalized, phoneNormalized } = who;
  const where = [...(emailNormalized ? [{ businessId, emailNormalized }] : []), ...(phoneNormalized ? [{ businessId, phoneNormalized }] : [])];
  if (where.length === 0) return [];
  const holders = await customers.find({ where, select: { id: true, emailNormalized: true, phoneNormalized: true } });
  const fields: ('email' | 'phone')[] = [];
  if (emailNormalized && holders.some((h) => h.emailNormalized === emailNormalized)) fields.push('email');
  if (phoneNormalized && holders.some((h) => h.phoneNormalized === phoneNormalized)) fields.push('phone');
  return fields;
}
