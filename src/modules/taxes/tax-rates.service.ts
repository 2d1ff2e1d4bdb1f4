import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { IsNull, Repository } from 'typeorm';
import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { uniqueViolationOf } from '../../common/errors/pg-errors';
import { costString } from '../../common/money/money';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { BusinessQuery } from '../../database/business-query';
import { findInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { Business } from '../businesses/entities/business.entity';
import { Product } from '../products/entities/product.entity';
import { CreateTaxRateDto } from './dto/create-tax-rate.dto';
import { ListTaxRatesQuery } from './dto/list-tax-rates.query';
import { UpdateTaxRateDto } from './dto/update-tax-rate.dto';
import { SaleTaxLine } from './entities/sale-tax-line.entity';
import { TaxRate } from './entities/tax-rate.entity';
import { TaxRateJson, toTaxRateJson } from './tax-rates.mapper';

const DEFAULT_INDEX = 'tax_rates_business_default_uq';

/** The result of DELETE /tax-rates/:id: removed (204), or archived because an order used it (200). */
export type TaxRateRemoval = { removed: true } | { removed: false; rate: TaxRateJson };

/** GET/POST/PUT/DELETE /tax-rates (docs/api.md 22). */
@Injectable()
export class TaxRatesService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(TaxRate) private readonly rates: Repository<TaxRate>,
  ) {}

  async list(biz: BusinessContext, query: ListTaxRatesQuery): Promise<Paged<TaxRateJson>> {
    const q = BusinessQuery.of(this.rates, 't', biz.id);
    if (!query.include_archived) q.qb.andWhere('t.archivedAt IS NULL');
    const page = await q.orderBy({ 'lower(t.name)': 'ASC', 't.id': 'ASC' }).page(pageRequest(query));
    return page.map(toTaxRateJson);
  }

  async get(biz: BusinessContext, id: string): Promise<TaxRateJson> {
    return toTaxRateJson(await findInBusiness(this.rates, biz.id, id, 'Tax rate'));
  }

  create(biz: BusinessContext, dto: CreateTaxRateDto): Promise<TaxRateJson> {
    return retryingDefaultRace(() => this.uow.run((tx) => this.insert(tx, biz, dto)));
  }

  update(biz: BusinessContext, id: string, dto: UpdateTaxRateDto): Promise<TaxRateJson> {
    return retryingDefaultRace(() => this.uow.run((tx) => this.patch(tx, biz, id, dto)));
  }

  remove(biz: BusinessContext, id: string): Promise<TaxRateRemoval> {
    return this.uow.run((tx) => this.deleteOrArchive(tx, biz, id));
  }

  async insert(tx: Tx, biz: BusinessContext, dto: CreateTaxRateDto): Promise<TaxRateJson> {
    const repo = tx.getRepository(TaxRate);
    if (dto.is_default) await clearDefault(tx, biz.id);
    const id = randomUUID();
    await repo.insert({ businessId: biz.id, id, name: dto.name, rate: costString(dto.rate), isDefault: dto.is_default ?? false });
    const rate = toTaxRateJson(await repo.findOneByOrFail({ businessId: biz.id, id }));
    tx.recordActivity(activityOf(biz, 'tax_rates.create', taxRateResource(rate)));
    return rate;
  }

  /** An archived rate can be renamed but not made the default. */
  async patch(tx: Tx, biz: BusinessContext, id: string, dto: UpdateTaxRateDto): Promise<TaxRateJson> {
    const repo = tx.getRepository(TaxRate);
    const locked = await this.locked(tx, biz.id, id);
    if (dto.is_default && locked.archivedAt) throw DomainError.validation('is_default', 'an archived tax rate cannot be the default');
    if (dto.is_default && !locked.isDefault) await clearDefault(tx, biz.id);
    const changes: Partial<TaxRate> = {};
    if (dto.name !== undefined) changes.name = dto.name;
    if (dto.rate !== undefined) changes.rate = costString(dto.rate);
    if (dto.is_default !== undefined) changes.isDefault = dto.is_default;
    if (Object.keys(changes).length > 0) await repo.update({ businessId: biz.id, id }, { ...changes, updatedAt: () => 'now()' });
    const after = toTaxRateJson(await repo.findOneByOrFail({ businessId: biz.id, id }));
    tx.recordActivity(activityOf(biz, 'tax_rates.update', taxRateResource(after), changesBetween(toTaxRateJson(locked), after)));
    return after;
  }

  /**
   * A rate no order used is deleted; one an order used is archived (its orders keep their snapshot).
   * Either way no product keeps it (they fall back to the default) and shipping is no longer taxed at it.
   * The row lock waits for orders reading it (key-share) and makes later ones skip it.
   */
  async deleteOrArchive(tx: Tx, biz: BusinessContext, id: string): Promise<TaxRateRemoval> {
    const businessId = biz.id;
    const locked = await this.locked(tx, businessId, id);
    await tx.getRepository(Product).update({ businessId, taxRateId: id }, { taxRateId: null, updatedAt: () => 'now()' });
    await tx.getRepository(Business).update({ id: businessId, shippingTaxRateId: id }, { shippingTaxRateId: null });
    const used = await tx.getRepository(SaleTaxLine).exists({ where: { businessId, taxRateId: id } });
    if (!used) {
      await tx.getRepository(TaxRate).delete({ businessId, id });
      tx.recordActivity(activityOf(biz, 'tax_rates.delete', taxRateResource(toTaxRateJson(locked))));
      return { removed: true };
    }
    const repo = tx.getRepository(TaxRate);
    if (!locked.archivedAt) await repo.update({ businessId, id }, { archivedAt: () => 'now()', isDefault: false, updatedAt: () => 'now()' });
    const rate = toTaxRateJson(await repo.findOneByOrFail({ businessId, id }));
    tx.recordActivity(activityOf(biz, 'tax_rates.archive', taxRateResource(rate), changesBetween(toTaxRateJson(locked), rate)));
    return { removed: false, rate };
  }

  private async locked(tx: Tx, businessId: string, id: string): Promise<TaxRate> {
    const rate = await tx.getRepository(TaxRate).findOne({ where: { businessId, id }, lock: { mode: 'pessimistic_write' } });
    if (!rate) throw DomainError.notFound('Tax rate');
    return rate;
  }
}

async function clearDefault(tx: Tx, businessId: string): Promise<void> {
  await tx.getRepository(TaxRate).update({ businessId, isDefault: true, archivedAt: IsNull() }, { isDefault: false, updatedAt: () => 'now()' });
}

/** Two requests making a default at once: the later one's insert meets the first's row; it runs again and takes the default from it. */
async function retryingDefaultRace<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      if (attempt >= 3 || uniqueViolationOf(err) !== DEFAULT_INDEX) throw err;
    }
  }
}

function taxRateResource(rate: TaxRateJson) {
  return { type: 'tax_rate', id: rate.id, label: rate.name };
}
