import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { dec, Decimal, MAX_QUANTITY, quantityNumber, quantityString } from '../../common/money/money';
import { CombinedStatement } from '../../database/combined-statement';
import { LockRank } from '../../database/lock-order';
import { addProductStockLocks, lockProductStock, lockSaleProductStock } from './persistence/product-stock-lock.sql';
import { Tx } from '../../database/transaction';
import { StockAdjustedEvent } from './events/stock-adjusted.event';
import { StockLowEvent } from './events/stock-low.event';
import { StockOutEvent } from './events/stock-out.event';
import { StockLevel } from './entities/stock-level.entity';
import { StockMovement } from './entities/stock-movement.entity';
import { adjustmentReferences, decreaseLevel, increaseLevel, movementOf, writeAdjustment } from './persistence/stock-adjustment.sql';
import { receiveStock } from './persistence/stock-receipt.sql';
import { applyStockCount, CountedLevelRow } from './persistence/stock-count.sql';
import type { EntryRow } from './persistence/stock-entry.sql';
import type { LevelRow } from './persistence/level-row';
import { deductStockForSale, restockForReturn, returnStockForSale, shipTransferStock } from './persistence/stock-sale.sql';
import { receiveTransferStock, returnTransferStock } from './persistence/stock-transfer.sql';
import { detectLevelCrossing } from './stock-level-crossing';
import { stockLimitError } from './stock-limit';

export interface SaleStockLine {
  lineNo: number;
  productId: string;
  /** exact decimal string, > 0 */
  quantity: string;
}

/** Goods entering a warehouse at a cost (a return's restock at its sale line's cost, a receipt). */
export interface StockEntryLine {
  productId: string;
  warehouseId: string;
  /** exact decimal string, > 0 */
  quantity: string;
  /** exact decimal string, 4 decimals at most */
  unitCost: string;
}

/** The warehouse, product, quantity and unit cost columns of entering lines, as statement parameters. */
function entryColumns(lines: StockEntryLine[]): [string[], string[], string[], string[]] {
  return [lines.map((l) => l.warehouseId), lines.map((l) => l.productId), lines.map((l) => quantityString(l.quantity)), lines.map((l) => l.unitCost)];
}

/** A product of a transfer and how much of it moves (exact decimal string, >= 0). */
export interface TransferStockLine {
  productId: string;
  quantity: string;
}

/** A counted product: its counted quantity and, when the client gave one, the stock it expects to replace. */
export interface CountStockLine {
  productId: string;
  counted: string;
  expected?: string;
}

export const ADJUSTMENT_REASONS = ['restock', 'count', 'damage', 'return', 'other'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];

export interface AdjustmentInput {
  productId: string;
  warehouseId: string;
  /** signed exact decimal string, non-zero */
  quantity: string;
  /** `import`: a counted quantity set by a CSV import (docs/api.md 23), never sent by a client */
  reason: AdjustmentReason | 'import';
  note?: string | null;
}

/** A level set to a counted quantity by adjustments (a stock import): the product, the warehouse, the quantity it must hold. */
export interface CountedLevelInput {
  productId: string;
  warehouseId: string;
  /** exact decimal string, >= 0 */
  counted: string;
}

/**
 * Stock levels per (warehouse, product) and their movement ledger. Every change is a conditional
 * update inside the caller's transaction (never read-then-write), levels are locked in product-id
 * order, and a level never goes below zero. Crossings of min_stock and zero record stock.low and
 * stock.out.
 */
@Injectable()
export class StockService {
  /**
   * The stock locks of a sale's products (LockRank.ProductStock) as a part of its first statement,
   * so the deduction's snapshot, a statement later, holds every earlier change of those products.
   */
  lockProductsInto(stmt: CombinedStatement, businessId: string, productIds: string[]): void {
    stmt.within('stock', () => addProductStockLocks(stmt, businessId, productIds));
  }

  /** The same locks as a statement of their own, for a caller without a first statement to join. */
  async lockProducts(tx: Tx, businessId: string, productIds: string[]): Promise<void> {
    tx.locks.take(LockRank.ProductStock);
    await tx.run(lockProductStock, [businessId, productIds]);
  }

  /**
   * Takes the lines of a sale from one warehouse, one `sale` movement per line (see `take`). Returns
   * each product's average cost as read under its stock lock: what the sale lines cost.
   */
  async deductForSale(tx: Tx, businessId: string, warehouseId: string, saleId: string, lines: SaleStockLine[]): Promise<Map<string, string>> {
    const rows = await this.take(tx, deductStockForSale, businessId, warehouseId, saleId, lines);
    return new Map(rows.map((r) => [r.product_id, r.average_cost]));
  }

  /** Ships the lines of a transfer out of its source, `transfer_out` movements; INSUFFICIENT_STOCK as for a sale. */
  async shipTransfer(tx: Tx, businessId: string, warehouseId: string, transferId: string, lines: SaleStockLine[]): Promise<void> {
    await this.take(tx, shipTransferStock, businessId, warehouseId, transferId, lines);
  }

  /**
   * Lines out of one warehouse for a document (a sale, a transfer), in ONE round trip, the products'
   * stock locks held. Any short product fails the whole document with INSUFFICIENT_STOCK (the caller's
   * transaction rolls back).
   */
  private async take(tx: Tx, stmt: typeof deductStockForSale, businessId: string, warehouseId: string, documentId: string, lines: SaleStockLine[]) {
    if (!tx.locks.holds(LockRank.ProductStock)) throw new Error('taking stock locks its products first (StockService.lockProductsInto)');
    tx.locks.take(LockRank.StockLevels);
    const rows = await tx.runOnGenericPlan(stmt, [
      businessId,
      warehouseId,
      lines.map((l) => l.lineNo),
      lines.map((l) => l.productId),
      lines.map((l) => quantityString(l.quantity)),
      documentId,
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
    return rows;
  }

  /**
   * Goods of a transfer entering a warehouse at the current average: what arrived into the
   * destination (`transfer_in`) or a cancelled transfer's goods back into the source
   * (`transfer_cancel`). The caller holds the stock locks of every product of the transfer (those
   * lost too: a loss changes their on-hand stock).
   */
  async enterTransfer(
    tx: Tx,
    businessId: string,
    transferId: string,
    warehouseId: string,
    how: 'arrived' | 'cancelled',
    lines: TransferStockLine[],
  ): Promise<void> {
    const entering = lines.filter((l) => dec(l.quantity).greaterThan(0));
    if (!tx.locks.holds(LockRank.ProductStock)) throw new Error('a transfer locks its products first (StockService.lockProducts)');
    if (entering.length === 0) return;
    tx.locks.take(LockRank.StockLevels);
    const stmt = how === 'arrived' ? receiveTransferStock : returnTransferStock;
    const rows = await tx.run(stmt, [businessId, transferId, warehouseId, entering.map((l) => l.productId), entering.map((l) => quantityString(l.quantity))]);
    this.entered(tx, businessId, rows);
  }

  /**
   * A stock count of one warehouse (docs/api.md 14), the products' stock locks taken first: every
   * level becomes its counted quantity, with a `count` movement of the difference, unless an expected
   * quantity is not the stock at this moment: then nothing is written and it is 409 STOCK_CHANGED.
   * Returns each product's stock before the count.
   */
  async applyCount(tx: Tx, businessId: string, warehouseId: string, countId: string, lines: CountStockLine[]): Promise<CountedLevelRow[]> {
    await this.lockProducts(
      tx,
      businessId,
      lines.map((l) => l.productId),
    );
    tx.locks.take(LockRank.StockLevels);
    const rows = await tx.run(applyStockCount, [
      businessId,
      warehouseId,
      countId,
      lines.map((l) => l.productId),
      lines.map((l) => quantityString(l.counted)),
      lines.map((l) => (l.expected === undefined ? null : quantityString(l.expected))),
    ]);
    if (!rows.every((r) => r.applied)) {
      throw new DomainError(
        'STOCK_CHANGED',
        undefined,
        rows
          .filter((r) => r.expected !== null && !dec(r.expected).eq(r.actual))
          .map((r) => ({
            product_id: r.product_id,
            warehouse_id: warehouseId,
            expected: quantityNumber(r.expected),
            actual: quantityNumber(r.actual),
          })),
      );
    }
    this.recordLevelCrossings(
      tx,
      businessId,
      rows.filter((r) => !dec(r.delta).isZero()),
    );
    return rows;
  }

  /** Puts back what a sale took and its returns have not, to its warehouse, one `cancel` movement per product. */
  async returnForSale(tx: Tx, businessId: string, saleId: string): Promise<void> {
    tx.locks.take(LockRank.ProductStock);
    await tx.run(lockSaleProductStock, [businessId, saleId]);
    tx.locks.take(LockRank.StockLevels);
    const rows = await tx.run(returnStockForSale, [businessId, saleId]);
    this.entered(tx, businessId, rows);
  }

  /**
   * Puts back the restocked lines of a return, each to its warehouse, as `return` movements; the
   * products' stock locks first, like every change of their levels.
   */
  async restockForReturn(tx: Tx, businessId: string, saleId: string, returnId: string, lines: StockEntryLine[]): Promise<void> {
    if (lines.length === 0) return;
    await this.lockProducts(tx, businessId, [...new Set(lines.map((l) => l.productId))]);
    tx.locks.take(LockRank.StockLevels);
    const rows = await tx.run(restockForReturn, [businessId, saleId, returnId, ...entryColumns(lines)]);
    this.entered(tx, businessId, rows);
  }

  /** Puts the lines of a goods receipt into stock, each to its warehouse, as `receipt` movements; the products' stock locks first. */
  async receive(tx: Tx, businessId: string, receiptId: string, lines: StockEntryLine[]): Promise<void> {
    await this.lockProducts(tx, businessId, [...new Set(lines.map((l) => l.productId))]);
    tx.locks.take(LockRank.StockLevels);
    const rows = await tx.run(receiveStock, [businessId, receiptId, ...entryColumns(lines)]);
    this.entered(tx, businessId, rows);
  }

  /** A manual, signed adjustment with its movement; records stock.adjusted (and stock.low / stock.out). */
  async adjust(tx: Tx, businessId: string, input: AdjustmentInput): Promise<StockMovement> {
    await this.checkReferences(tx, businessId, input);
    return this.adjustLocked(tx, businessId, input);
  }

  /**
   * Levels set to counted quantities, each by an adjustment of the difference (reason `reason`) on
   * the path of `adjust`: the products' stock locks taken once, in key order, then the levels read
   * and each changed in product order. Returns, per input in its order, the level before and the
   * difference written ('0' when the level already held the count: no movement). The caller has
   * checked that products and warehouses are the business's.
   */
  async setCountedLevels(
    tx: Tx,
    businessId: string,
    inputs: CountedLevelInput[],
    reason: AdjustmentInput['reason'],
  ): Promise<{ before: string; delta: string }[]> {
    if (inputs.length === 0) return [];
    await this.lockProducts(tx, businessId, [...new Set(inputs.map((i) => i.productId))].sort());
    const levels = await tx.getRepository(StockLevel).find({
      where: inputs.map((i) => ({ businessId, productId: i.productId, warehouseId: i.warehouseId })),
    });
    const current = new Map(levels.map((l) => [`${l.productId}/${l.warehouseId}`, l.quantity]));
    const results = inputs.map((i) => {
      const before = current.get(`${i.productId}/${i.warehouseId}`) ?? '0';
      return { before: quantityString(before), delta: quantityString(dec(i.counted).minus(before)) };
    });
    const order = inputs.map((_, n) => n).sort((a, b) => (inputs[a].productId < inputs[b].productId ? -1 : inputs[a].productId > inputs[b].productId ? 1 : 0));
    for (const n of order) {
      if (dec(results[n].delta).isZero()) continue;
      await this.adjustLocked(tx, businessId, { productId: inputs[n].productId, warehouseId: inputs[n].warehouseId, quantity: results[n].delta, reason });
    }
    return results;
  }

  /** An adjustment whose product's stock lock is held and whose references are checked. */
  private async adjustLocked(tx: Tx, businessId: string, input: AdjustmentInput): Promise<StockMovement> {
    const delta = dec(input.quantity);
    const level = await this.changeLevel(tx, businessId, input, delta);
    const [movement] = await tx.run(writeAdjustment, [
      businessId,
      input.productId,
      input.warehouseId,
      quantityString(delta),
      level,
      input.reason,
      input.note ?? null,
    ]);
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
    this.recordLevelCrossings(tx, businessId, [
      {
        ...movement,
        total_after: dec(level)
          .plus(movement.others ?? 0)
          .toString(),
      },
    ]);
    return movementOf(movement);
  }

  /** UNKNOWN_PRODUCT or UNKNOWN_WAREHOUSE unless both belong to the business. */
  private async checkReferences(tx: Tx, businessId: string, input: AdjustmentInput): Promise<void> {
    await this.lockProducts(tx, businessId, [input.productId]);
    const [refs] = await tx.run(adjustmentReferences, [businessId, input.productId, input.warehouseId]);
    if (!refs?.product) throw new DomainError('UNKNOWN_PRODUCT', undefined, [{ product_id: input.productId }]);
    if (!refs.warehouse) throw new DomainError('UNKNOWN_WAREHOUSE', undefined, [{ warehouse_id: input.warehouseId }]);
  }

  /**
   * The level after the adjustment: an increase creates the level when missing and never passes the
   * largest level a column holds (STOCK_LIMIT), a decrease is a conditional update that never goes
   * below zero (INSUFFICIENT_STOCK with what is there).
   */
  private async changeLevel(tx: Tx, businessId: string, input: AdjustmentInput, delta: Decimal): Promise<string> {
    tx.locks.take(LockRank.StockLevels);
    const increase = delta.isPositive();
    const [level] = increase
      ? await tx.run(increaseLevel, [businessId, input.warehouseId, input.productId, quantityString(delta), quantityString(MAX_QUANTITY)])
      : await tx.run(decreaseLevel, [businessId, input.warehouseId, input.productId, quantityString(delta.neg())]);
    if (level) return level.quantity;
    if (increase) throw stockLimitError([{ productId: input.productId, warehouseId: input.warehouseId, quantity: quantityString(delta) }]);
    const current = await tx.getRepository(StockLevel).findOneBy({ businessId, warehouseId: input.warehouseId, productId: input.productId });
    throw new DomainError('INSUFFICIENT_STOCK', 'The adjustment would take the stock below zero', [
      {
        product_id: input.productId,
        warehouse_id: input.warehouseId,
        requested: quantityNumber(delta.neg()),
        available: quantityNumber(current?.quantity ?? '0'),
      },
    ]);
  }

  /**
   * What a stock entry answered: 422 STOCK_LIMIT naming the levels it would have taken past the limit
   * (then it wrote nothing, and the caller's transaction rolls back), else the levels it changed.
   */
  private entered(tx: Tx, businessId: string, rows: EntryRow[]): void {
    const over = rows.filter((r) => r.over_limit_in !== null);
    if (over.length > 0) throw stockLimitError(over.map((r) => ({ productId: r.product_id, warehouseId: r.over_limit_in!, quantity: r.delta })));
    this.recordLevelCrossings(tx, businessId, rows);
  }

  private recordLevelCrossings(tx: Tx, businessId: string, rows: LevelRow[]): void {
    for (const row of rows) {
      const after = dec(row.total_after);
      const crossing = detectLevelCrossing({ after, before: after.minus(row.delta), minStock: dec(row.min_stock) });
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
