import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { ListFilter, queryPage } from '../../common/pagination/list-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { findInBusiness } from '../../database/find-in-business';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateWarehouseDto } from './dto/create-warehouse.dto';
import { ListWarehousesQuery } from './dto/list-warehouses.query';
import { UpdateWarehouseDto } from './dto/update-warehouse.dto';
import { toWarehouseJson, WarehouseJson, WarehouseRow } from './warehouses.mapper';

const COLUMNS = 'id, name, address, is_default, created_at, updated_at';

/** Warehouses of a business; exactly one of them is the default (orders and adjustments fall back to it). */
@Injectable()
export class WarehousesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
  ) {}

  async list(biz: BusinessContext, query: ListWarehousesQuery): Promise<Paged<WarehouseJson>> {
    const where = new ListFilter('business_id', biz.id);
    const page = await queryPage<WarehouseRow>(
      this.dataSource,
      { columns: COLUMNS, from: 'warehouses', where, orderBy: 'is_default DESC, lower(name), id' },
      pageRequest(query),
    );
    return page.map(toWarehouseJson);
  }

  async get(biz: BusinessContext, id: string): Promise<WarehouseJson> {
    const row = await findInBusiness<WarehouseRow>(this.dataSource, 'warehouses', biz.id, id, { columns: COLUMNS, notFound: 'Warehouse' });
    return toWarehouseJson(row);
  }

  async create(biz: BusinessContext, dto: CreateWarehouseDto): Promise<WarehouseJson> {
    return this.uow.run((tx) => this.insert(tx, biz.id, dto));
  }

  async update(biz: BusinessContext, id: string, dto: UpdateWarehouseDto): Promise<WarehouseJson> {
    return this.uow.run((tx) => this.patch(tx, biz.id, id, dto));
  }

  async insert(tx: Tx, businessId: string, dto: CreateWarehouseDto): Promise<WarehouseJson> {
    if (dto.is_default) await this.clearDefault(tx, businessId);
    const row = await tx.one<WarehouseRow>(
      `INSERT INTO warehouses (business_id, name, address, is_default) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [businessId, dto.name, dto.address ?? null, dto.is_default ?? false],
    );
    return toWarehouseJson(row!);
  }

  async patch(tx: Tx, businessId: string, id: string, dto: UpdateWarehouseDto): Promise<WarehouseJson> {
    const current = await findInBusiness<WarehouseRow>(tx, 'warehouses', businessId, id, { columns: COLUMNS, notFound: 'Warehouse' });
    if (dto.is_default === false && current.is_default) {
      throw DomainError.validation('is_default', 'the default warehouse stays the default until another warehouse is made the default');
    }
    const makeDefault = dto.is_default === true && !current.is_default;
    if (makeDefault) await this.clearDefault(tx, businessId);
    const row = await tx.one<WarehouseRow>(
      `UPDATE warehouses
          SET name = COALESCE($3, name),
              address = CASE WHEN $4 THEN $5 ELSE address END,
              is_default = is_default OR $6,
              updated_at = now()
        WHERE business_id = $1 AND id = $2
        RETURNING ${COLUMNS}`,
      [businessId, id, dto.name ?? null, dto.address !== undefined, dto.address ?? null, makeDefault],
    );
    return toWarehouseJson(row!);
  }

  /**
   * Un-defaults the current default. The business's warehouses are locked first (no-key update
   * locks, so stock writes referencing them are not blocked): two concurrent default changes
   * run one after the other, and the second sees the first one's new default.
   */
  private async clearDefault(tx: Tx, businessId: string): Promise<void> {
    await tx.query(`SELECT id FROM warehouses WHERE business_id = $1 ORDER BY id FOR NO KEY UPDATE`, [businessId]);
    await tx.query(`UPDATE warehouses SET is_default = false, updated_at = now() WHERE business_id = $1 AND is_default`, [businessId]);
  }
}
