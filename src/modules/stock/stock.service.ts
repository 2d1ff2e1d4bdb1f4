import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { dec, Decimal, quantityNumber, quantityString } from '../../common/money/money';
import { Tx } from '../../database/transaction';
import { StockAdjustedEvent } from './events/stock-adjusted.event';
import { StockLowEvent } from './events/stock-low.event';
import { StockOutEvent } from './events/stock-out.event';
import { detectLevelCrossing, LevelChange } from './stock-level-crossing';
import { DEDUCT_FOR_SALE_SQL, RETURN_FOR_SALE_SQL } from './stock-sql';

export interface SaleStockLine {
  lineNo: number;
  productId: string;
  /** exact decimal string, > 0 */
  quantity: string;
}

export const ADJUSTMENT_REASONS = ['restock', 'count', 'damage', 'return', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export interface AdjustmentInput {
  productId: string;
  warehouseId: string;
  /** signed exact decimal string, non-zero */
  quantity: string;
  reason: AdjustmentReason;
  note?: string | null;
}

export interface MovementRow {
  id: string;
  product_id: string;
  warehouse_id: string;
  type: string;
  quantity: string;
  quantity_after: string;
  reason: string | null;
  note: string | null;
  sale_id: string | null;
  created_at: Date;
}

/** What a level-crossing check needs of a product whose stock changed. */
interface LevelRow {
  product_id: string;
  name: string;
  sku: string;
  min_stock: string;
  total_after: string;
  delta: string;
}

interface SaleLevelRow extends LevelRow {
  requested: string;
  available: string | null;
  after: string | null;
}

/**
 * Stock levels per (warehouse, product) and their movement ledger. Every change is a conditional
 * update inside the caller's transaction (never read-then-write), rows are locked in product-id
 * order so concurrent sales cannot deadlock, and a level never goes below zero.
 */
@Injectable()
export class StockService {
  /**
   * Takes the lines of a sale from one warehouse, one movement per line, in ONE round trip:
   * lock the levels in product order, decrement only where enough is left, write the movements.
   * Any short product fails the whole sale with INSUFFICIENT_STOCK (the caller's transaction rolls back).
   */
  async deductForSale(tx: Tx, businessId: string, warehouseId: string, saleId: string, lines: SaleStockLine[]): Promise<void> {
    const rows = await tx.prepared<SaleLevelRow>(DEDUCT_FOR_SALE_SQL, [
      businessId,
      warehouseId,
      lines.map((l) => l.lineNo),
      lines.map((l) => l.productId),
      lines.map((l) => quantityString(l.quantity)),
      saleId,
    ]);
    const short = rows.filter((r) => r.after === null);
    if (short.length > 0) {
      throw new DomainError(
        'INSUFFICIENT_STOCK',
        'Not enough stock in the warehouse for one or more products',
        short.map((r) => ({
          product_id: r.product_id,
          warehouse_id: warehouseId,
          requested: quantityNumber(r.requested),
          available: quantityNumber(r.available ?? 0),
        })),
      );
    }
    this.recordLevelCrossings(tx, businessId, rows);
  }

  /** A manual, signed adjustment with its movement; emits stock.adjusted (and stock.low / stock.out). */
  async adjust(tx: Tx, businessId: string, input: AdjustmentInput): Promise<MovementRow> {
    await this.checkReferences(tx, businessId, input);
    const delta = dec(input.quantity);
    const level = await this.changeLevel(tx, businessId, input, delta);
    const [movement] = await tx.query<MovementRow & LevelRow & { others: string | null }>(
      `WITH mv AS (
         INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, reason, note)
         VALUES ($1, $2, $3, 'adjustment', $4, $5, $6, $7)
         RETURNING *
       )
       SELECT mv.*, p.name, p.sku, p.min_stock, $4::numeric AS delta,
              (SELECT sum(quantity) FROM stock_levels WHERE business_id = $1 AND product_id = $2 AND warehouse_id <> $3) AS others
         FROM mv JOIN products p ON p.id = mv.product_id`,
      [businessId, input.productId, input.warehouseId, quantityString(delta), level, input.reason, input.note ?? null],
    );
    tx.record(
      new StockAdjustedEvent(businessId, {
        movement_id: movement.id,
        product_id: movement.product_id,
        warehouse_id: movement.warehouse_id,
        quantity: quantityNumber(movement.quantity),
        quantity_after: quantityNumber(movement.quantity_after),
        reason: input.reason,
        note: movement.note,
      }),
    );
    this.recordLevelCrossings(tx, businessId, [{ ...movement, total_after: dec(level).plus(movement.others ?? 0).toString() }]);
    return movement;
  }

  /**
   * Puts back everything a sale took, to the warehouses it came from, one `cancel` movement per
   * warehouse and product. Locks in product order, like deductForSale.
   */
  async returnForSale(tx: Tx, businessId: string, saleId: string): Promise<void> {
    const rows = await tx.query<LevelRow>(RETURN_FOR_SALE_SQL, [businessId, saleId]);
    this.recordLevelCrossings(tx, businessId, rows);
  }

  /** UNKNOWN_PRODUCT or UNKNOWN_WAREHOUSE unless both belong to the business. */
  private async checkReferences(tx: Tx, businessId: string, input: AdjustmentInput): Promise<void> {
    const refs = await tx.one<{ product: string | null; warehouse: string | null }>(
      `SELECT (SELECT id FROM products WHERE business_id = $1 AND id = $2) AS product,
              (SELECT id FROM warehouses WHERE business_id = $1 AND id = $3) AS warehouse`,
      [businessId, input.productId, input.warehouseId],
    );
    if (!refs?.product) throw new DomainError('UNKNOWN_PRODUCT', undefined, [{ product_id: input.productId }]);
    if (!refs.warehouse) throw new DomainError('UNKNOWN_WAREHOUSE', undefined, [{ warehouse_id: input.warehouseId }]);
  }

  /**
   * The level after the adjustment: an increase creates the level when missing, a decrease is a
   * conditional update that never goes below zero (INSUFFICIENT_STOCK with what is there).
   */
  private async changeLevel(tx: Tx, businessId: string, input: AdjustmentInput, delta: Decimal): Promise<string> {
    const level = delta.isPositive()
      ? await tx.one<{ quantity: string }>(
          `INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity) VALUES ($1, $2, $3, $4)
           ON CONFLICT (business_id, warehouse_id, product_id)
           DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = now()
           RETURNING quantity`,
          [businessId, input.warehouseId, input.productId, quantityString(delta)],
        )
      : await tx.one<{ quantity: string }>(
          `UPDATE stock_levels SET quantity = quantity - $4, updated_at = now()
            WHERE business_id = $1 AND warehouse_id = $2 AND product_id = $3 AND quantity >= $4
           RETURNING quantity`,
          [businessId, input.warehouseId, input.productId, quantityString(delta.neg())],
        );
    if (level) return level.quantity;
    const current = await this.levelOf(tx, businessId, input.warehouseId, input.productId);
    throw new DomainError('INSUFFICIENT_STOCK', 'The adjustment would take the stock below zero', [
      { product_id: input.productId, warehouse_id: input.warehouseId, requested: quantityNumber(delta.neg()), available: quantityNumber(current) },
    ]);
  }

  private async levelOf(tx: Tx, businessId: string, warehouseId: string, productId: string): Promise<string> {
    const row = await tx.one<{ quantity: string }>(
      `SELECT quantity FROM stock_levels WHERE business_id = $1 AND warehouse_id = $2 AND product_id = $3`,
      [businessId, warehouseId, productId],
    );
    return row?.quantity ?? '0';
  }

  private recordLevelCrossings(tx: Tx, businessId: string, rows: LevelRow[]): void {
    for (const row of rows) {
      const change: LevelChange = {
        after: dec(row.total_after),
        before: dec(row.total_after).minus(row.delta),
        minStock: dec(row.min_stock),
      };
      const crossing = detectLevelCrossing(change);
      const data = {
        product_id: row.product_id,
        name: row.name,
        sku: row.sku,
        stock: quantityNumber(row.total_after),
        min_stock: quantityNumber(row.min_stock),
      };
      if (crossing.low) tx.record(new StockLowEvent(businessId, data));
      if (crossing.out) tx.record(new StockOutEvent(businessId, data));
    }
  }
}
