import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { ListFilter, queryPage } from '../../common/pagination/list-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateAdjustmentDto } from './dto/create-adjustment.dto';
import { ListMovementsQuery } from './dto/list-movements.query';
import { MovementJson, toMovementJson } from './stock-movements.mapper';
import { MovementRow, StockService } from './stock.service';

const MOVEMENT_COLUMNS = 'id, product_id, warehouse_id, type, quantity, quantity_after, reason, note, sale_id, created_at';

/** The HTTP side of stock: manual adjustments and the movement ledger. */
@Injectable()
export class StockMovementsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly dataSource: DataSource,
    private readonly stock: StockService,
  ) {}

  async adjust(biz: BusinessContext, dto: CreateAdjustmentDto): Promise<MovementJson> {
    const movement = await this.uow.run(async (tx) => {
      const warehouseId = dto.warehouse_id ?? (await this.defaultWarehouseId(tx, biz.id));
      return this.stock.adjust(tx, biz.id, {
        productId: dto.product_id,
        warehouseId,
        quantity: String(dto.quantity),
        reason: dto.reason,
        note: dto.note ?? null,
      });
    });
    return toMovementJson(movement);
  }

  /** Newest first; from/to are inclusive dates in the business time zone. */
  async list(biz: BusinessContext, query: ListMovementsQuery): Promise<Paged<MovementJson>> {
    const where = new ListFilter('business_id', biz.id)
      .equals('product_id', query.product_id)
      .equals('warehouse_id', query.warehouse_id)
      .equals('type', query.type)
      .withinLocalDates('created_at', query, biz.timezone);
    const page = await queryPage<MovementRow>(
      this.dataSource,
      { columns: MOVEMENT_COLUMNS, from: 'stock_movements', where, orderBy: 'created_at DESC, id DESC' },
      pageRequest(query),
    );
    return page.map(toMovementJson);
  }

  private async defaultWarehouseId(tx: Tx, businessId: string): Promise<string> {
    const row = await tx.one<{ id: string }>(`SELECT id FROM warehouses WHERE business_id = $1 AND is_default`, [businessId]);
    if (!row) throw new DomainError('UNKNOWN_WAREHOUSE', 'The business has no default warehouse');
    return row.id;
  }
}
