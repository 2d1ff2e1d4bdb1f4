import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { withUniqueViolation } from '../../common/errors/pg-errors';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { containsPattern } from '../../common/validation/like-pattern';
import { BusinessQuery } from '../../database/business-query';
import { findInBusiness, presentFields, updateInBusiness } from '../../database/repository-helpers';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateSupplierDto } from './dto/create-supplier.dto';
import { ListSuppliersQuery } from './dto/list-suppliers.query';
import { UpdateSupplierDto } from './dto/update-supplier.dto';
import { Supplier } from './entities/supplier.entity';
import { SupplierJson, toSupplierJson } from './suppliers.mapper';

const NAME_INDEX = 'suppliers_business_name_uq';

/** Suppliers: CRUD through the repository; a taken name (case-insensitively) is 409 SUPPLIER_EXISTS. */
@Injectable()
export class SuppliersService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(Supplier) private readonly suppliers: Repository<Supplier>,
  ) {}

  async list(biz: BusinessContext, query: ListSuppliersQuery): Promise<Paged<SupplierJson>> {
    const page = await BusinessQuery.of(this.suppliers, 's', biz.id)
      .where(query.search && containsPattern(query.search), (p) => `s.name ILIKE ${p}`)
      .orderBy({ 'lower(s.name)': 'ASC', 's.id': 'ASC' })
      .page(pageRequest(query));
    return page.map(toSupplierJson);
  }

  async get(biz: BusinessContext, id: string): Promise<SupplierJson> {
    return toSupplierJson(await findInBusiness(this.suppliers, biz.id, id, 'Supplier'));
  }

  async create(biz: BusinessContext, dto: CreateSupplierDto): Promise<SupplierJson> {
    return refusingTakenName(dto.name, () =>
      this.uow.run(async (tx) => {
        const repo = tx.getRepository(Supplier);
        const supplier = repo.create({
          businessId: biz.id,
          name: dto.name,
          email: dto.email?.trim() ?? null,
          phone: dto.phone ?? null,
          notes: dto.notes ?? null,
        });
        const json = toSupplierJson(await repo.save(supplier));
        tx.recordActivity(activityOf(biz, 'suppliers.create', supplierResource(json)));
        return json;
      }),
    );
  }

  async update(biz: BusinessContext, id: string, dto: UpdateSupplierDto): Promise<SupplierJson> {
    const changes = presentFields<UpdateSupplierDto, Supplier>(
      { ...dto, ...(dto.email ? { email: dto.email.trim() } : {}) },
      { name: 'name', email: 'email', phone: 'phone', notes: 'notes' },
    );
    return refusingTakenName(dto.name, () =>
      this.uow.run(async (tx) => {
        const repo = tx.getRepository(Supplier);
        const before = toSupplierJson(await findInBusiness(repo, biz.id, id, 'Supplier'));
        const after = toSupplierJson(await updateInBusiness(repo, biz.id, id, changes, 'Supplier'));
        tx.recordActivity(activityOf(biz, 'suppliers.update', supplierResource(after), changesBetween(before, after)));
        return after;
      }),
    );
  }
}

/** 409 SUPPLIER_EXISTS when the name (case-insensitively) is another's in the business. */
function refusingTakenName<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  return withUniqueViolation(NAME_INDEX, () => new DomainError('SUPPLIER_EXISTS', undefined, [{ name }]), work);
}

function supplierResource(supplier: SupplierJson) {
  return { type: 'supplier', id: supplier.id, label: supplier.name };
}
