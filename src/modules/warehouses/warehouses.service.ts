import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness, presentFields, updateInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateWarehouseDto } from './dto/create-warehouse.dto';
import { ListWarehousesQuery } from './dto/list-warehouses.query';
import { UpdateWarehouseDto } from './dto/update-warehouse.dto';
import { Warehouse } from './entities/warehouse.entity';
import { toWarehouseJson, WarehouseJson } from './warehouses.mapper';

/** Warehouses of a business; exactly one of them is the default (orders and adjustments fall back to it). */
@Injectable()
export class WarehousesService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(Warehouse) private readonly warehouses: Repository<Warehouse>,
  ) {}

  async list(biz: BusinessContext, query: ListWarehousesQuery): Promise<Paged<WarehouseJson>> {
    const page = await BusinessQuery.of(this.warehouses, 'w', biz.id)
      .orderBy({ 'w.isDefault': 'DESC', 'lower(w.name)': 'ASC', 'w.id': 'ASC' })
      .page(pageRequest(query));
    return page.map(toWarehouseJson);
  }

  async get(biz: BusinessContext, id: string): Promise<WarehouseJson> {
    return toWarehouseJson(await findInBusiness(this.warehouses, biz.id, id, 'Warehouse'));
  }

  async create(biz: BusinessContext, dto: CreateWarehouseDto): Promise<WarehouseJson> {
    return this.uow.run((tx) => this.insert(tx, biz, dto));
  }

  async update(biz: BusinessContext, id: string, dto: UpdateWarehouseDto): Promise<WarehouseJson> {
    return this.uow.run((tx) => this.patch(tx, biz, id, dto));
  }

  async insert(tx: Tx, biz: BusinessContext, dto: CreateWarehouseDto): Promise<WarehouseJson> {
    const businessId = biz.id;
    if (dto.is_default) await this.clearDefault(tx, businessId);
    const repo = tx.getRepository(Warehouse);
    const warehouse = repo.create({ businessId, name: dto.name, address: dto.address ?? null, isDefault: dto.is_default ?? false });
    const json = toWarehouseJson(await repo.save(warehouse));
    tx.recordActivity(activityOf(biz, 'warehouses.create', warehouseResource(json)));
    return json;
  }

  /** Name and address as sent; is_default only ever moves to this warehouse (see UpdateWarehouseDto). */
  async patch(tx: Tx, biz: BusinessContext, id: string, dto: UpdateWarehouseDto): Promise<WarehouseJson> {
    const businessId = biz.id;
    const repo = tx.getRepository(Warehouse);
    const current = await findInBusiness(repo, businessId, id, 'Warehouse');
    if (dto.is_default === false && current.isDefault) {
      throw DomainError.validation('is_default', 'the default warehouse stays the default until another warehouse is made the default');
    }
    const makeDefault = dto.is_default === true && !current.isDefault;
    if (makeDefault) await this.clearDefault(tx, businessId);
    const changes = presentFields<UpdateWarehouseDto, Warehouse>(dto, { name: 'name', address: 'address' });
    const after = toWarehouseJson(await updateInBusiness(repo, businessId, id, makeDefault ? { ...changes, isDefault: true } : changes, 'Warehouse'));
    tx.recordActivity(activityOf(biz, 'warehouses.update', warehouseResource(after), changesBetween(toWarehouseJson(current), after)));
    return after;
  }

  /**
   * Un-defaults the current default. The business's warehouses are locked first (no-key update
   * locks, so stock writes referencing them are not blocked): two concurrent default changes
   * run one after the other, and the second sees the first one's new default.
   */
  private async clearDefault(tx: Tx, businessId: string): Promise<void> {
    const repo = tx.getRepository(Warehouse);
    await BusinessQuery.of(repo, 'w', businessId).qb.select('w.id').orderBy('w.id').setLock('for_no_key_update').getMany();
    await repo.update({ businessId, isDefault: true }, { isDefault: false, updatedAt: () => 'now()' });
  }
}

function warehouseResource(warehouse: WarehouseJson) {
  return { type: 'warehouse', id: warehouse.id, label: warehouse.name };
}
