import { activityOf } from '../../common/activity/activity-of';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { quantityString } from '../../common/money/money';
import { takeNumber } from '../../database/numbering';
import { UnitOfWork } from '../../database/unit-of-work';
import { assertOneLinePerProduct } from '../../common/validation/one-line-per-product';
import { checkProducts } from '../products/product-references';
import { StockService } from '../stock/stock.service';
import { checkWarehouses, defaultWarehouseId } from '../warehouses/warehouse-references';
import { CreateStockCountDto } from './dto/create-stock-count.dto';
import { StockCountItem } from './entities/stock-count-item.entity';
import { StockCount } from './entities/stock-count.entity';
import { StockCountJson, toStockCountJson } from './stock-count.mapper';

/**
 * POST /stock/counts (docs/api.md 14), ONE transaction: the products' stock locks, then the count
 * computes each difference from the stock at that moment and applies it (or, when an expected
 * quantity is no longer the stock, nothing: 409 STOCK_CHANGED), then the CNT number. A refusal writes
 * nothing and takes no number.
 */
@Injectable()
export class StockCountsService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly stock: StockService,
  ) {}

  async post(biz: BusinessContext, dto: CreateStockCountDto): Promise<StockCountJson> {
    const lines = dto.items.map((item) => ({
      productId: item.product_id,
      counted: quantityString(item.counted_quantity),
      expected: item.expected_quantity === undefined ? undefined : quantityString(item.expected_quantity),
    }));
    assertOneLinePerProduct(lines);
    return this.uow.run(async (tx) => {
      const warehouseId = dto.warehouse_id ?? (await defaultWarehouseId(tx, biz.id));
      if (dto.warehouse_id) await checkWarehouses(tx, biz.id, [dto.warehouse_id]);
      await checkProducts(
        tx,
        biz.id,
        lines.map((l) => l.productId),
      );
      const id = randomUUID();
      const levels = await this.stock.applyCount(tx, biz.id, warehouseId, id, lines);
      const levelOf = new Map(levels.map((l) => [l.product_id, l]));
      const number = await takeNumber(tx, biz.id, 'stock_count', 'CNT');
      const count = await tx.getRepository(StockCount).save({
        id,
        businessId: biz.id,
        number: number.number,
        countNumber: number.formatted,
        warehouseId,
        note: dto.note ?? null,
        createdAt: number.at,
      });
      const items = lines.map((l, i) =>
        tx.getRepository(StockCountItem).create({
          businessId: biz.id,
          countId: id,
          lineNo: i + 1,
          productId: l.productId,
          expectedQuantity: quantityString(levelOf.get(l.productId)!.actual),
          countedQuantity: l.counted,
          difference: quantityString(levelOf.get(l.productId)!.delta),
        }),
      );
      await tx.getRepository(StockCountItem).save(items);
      tx.recordActivity(activityOf(biz, 'stock_counts.create', { type: 'stock_count', id, label: count.countNumber }));
      return toStockCountJson(count, items);
    });
  }
}
