import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateAdjustmentDto } from './dto/create-adjustment.dto';
import { ListMovementsQuery } from './dto/list-movements.query';
import { MovementJson, toMovementJson } from './stock-movements.mapper';
import { MovementRow, StockService } from './stock.service';

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
    if (query.from && query.to && query.from > query.to) throw DomainError.validation('from', 'from must not be after to');
    const page = pageRequest(query);
    const params: unknown[] = [biz.id];
    const where = ['business_id = $1'];
    const add = (condition: (n: string) => string, value: unknown) => {
      params.push(value);
      where.push(condition(`$${params.length}`));
    };
    if (query.product_id) add((n) => `product_id = ${n}`, query.product_id);
    if (query.warehouse_id) add((n) => `warehouse_id = ${n}`, query.warehouse_id);
    if (query.type) add((n) => `type = ${n}`, query.type);
    if (query.from || query.to) params.push(biz.timezone);
    const tz = `$${params.length}`;
    if (query.from) add((n) => `created_at >= (${n}::date)::timestamp AT TIME ZONE ${tz}`, query.from);
    if (query.to) add((n) => `created_at < (${n}::date + 1)::timestamp AT TIME ZONE ${tz}`, query.to);
    const conditions = where.join(' AND ');

    const [rows, [count]] = await Promise.all([
      this.dataSource.query(
        `SELECT id, product_id, warehouse_id, type, quantity, quantity_after, reason, note, sale_id, created_at
           FROM stock_movements WHERE ${conditions}
          ORDER BY created_at DESC, id DESC LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
        [...params, page.limit, page.offset],
      ) as Promise<MovementRow[]>,
      this.dataSource.query(`SELECT count(*)::int AS n FROM stock_movements WHERE ${conditions}`, params) as Promise<{ n: number }[]>,
    ]);
    return new Paged(rows.map(toMovementJson), count.n, page);
  }

  private async defaultWarehouseId(tx: Tx, businessId: string): Promise<string> {
    const row = await tx.one<{ id: string }>(`SELECT id FROM warehouses WHERE business_id = $1 AND is_default`, [businessId]);
    if (!row) throw new DomainError('UNKNOWN_WAREHOUSE', 'The business has no default warehouse');
    return row.id;
  }
}
