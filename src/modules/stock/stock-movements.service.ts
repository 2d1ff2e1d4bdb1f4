import { activityOf } from '../../common/activity/activity-of';
import { dec } from '../../common/money/money';
import { Product } from '../products/entities/product.entity';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { BusinessQuery } from '../../database/business-query';
import { Paged, pageRequest } from '../../common/pagination/pagination';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CreateAdjustmentDto } from './dto/create-adjustment.dto';
import { ListMovementsQuery } from './dto/list-movements.query';
import { StockMovement } from './entities/stock-movement.entity';
import { readDefaultWarehouse } from './persistence/stock-adjustment.sql';
import { MovementJson, toMovementJson } from './stock-movements.mapper';
import { StockService } from './stock.service';

/** The HTTP side of stock: manual adjustments and the movement ledger. */
@Injectable()
export class StockMovementsService {
  constructor(
    private readonly uow: UnitOfWork,
    @InjectRepository(StockMovement) private readonly movements: Repository<StockMovement>,
    private readonly stock: StockService,
  ) {}

  /** The response is shaped inside the unit of work: it is the outcome an Idempotency-Key commits with the effect. */
  async adjust(biz: BusinessContext, dto: CreateAdjustmentDto): Promise<MovementJson> {
    return this.uow.run(async (tx) => {
      const warehouseId = dto.warehouse_id ?? (await this.defaultWarehouseId(tx, biz.id));
      const movement = await this.stock.adjust(tx, biz.id, {
        productId: dto.product_id,
        warehouseId,
        quantity: String(dto.quantity),
        reason: dto.reason,
        note: dto.note ?? null,
      });
      const json = toMovementJson(movement);
      // an adjustment is a change of the product's stock: it is in the product's history
      const product = await tx.getRepository(Product).findOne({ select: { id: true, name: true }, where: { businessId: biz.id, id: dto.product_id } });
      const was = dec(json.quantity_after).minus(json.quantity).toNumber();
      tx.recordActivity(
        activityOf(
          biz,
          'stock.adjust',
          { type: 'product', id: dto.product_id, label: product?.name ?? null },
          {
            stock: [was, json.quantity_after],
          },
        ),
      );
      return json;
    });
  }

  /** Newest first; from/to are inclusive dates in the business time zone. */
  async list(biz: BusinessContext, query: ListMovementsQuery): Promise<Paged<MovementJson>> {
    const page = await BusinessQuery.of(this.movements, 'm', biz.id)
      .equals('m.productId', query.product_id)
      .equals('m.warehouseId', query.warehouse_id)
      .equals('m.type', query.type)
      .withinLocalDates('m.createdAt', query, biz.timezone)
      .orderBy({ 'm.createdAt': 'DESC', 'm.id': 'DESC' })
      .page(pageRequest(query));
    return page.map(toMovementJson);
  }

  private async defaultWarehouseId(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.run(readDefaultWarehouse, [businessId]);
    if (!row) throw new DomainError('UNKNOWN_WAREHOUSE', 'The business has no default warehouse');
    return row.id;
  }
}
