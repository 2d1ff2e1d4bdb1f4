import { Injectable } from '@nestjs/common';
import { DomainError } from '../../common/errors/domain-error';
import { dec, quantityNumber, quantityString } from '../../common/money/money';
import { Tx } from '../../database/transaction';
import { StockAdjustedEvent } from './events/stock-adjusted.event';
import { StockLowEvent } from './events/stock-low.event';
import { StockOutEvent } from './events/stock-out.event';
import { detectLevelCrossing, LevelChange } from './stock-level-crossing';

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

interface LevelRow {
  product_id: string;
  name: string;
  sku: string;
  min_stock: string;
  total_after: string;
  delta: string;
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
    const rows = await tx.prepared<{ product_id: string; requested: string; available: string | null; after: string | null } & LevelRow>(
      `WITH lines AS (
         SELECT * FROM unnest($3::int[], $4::uuid[], $5::numeric[]) AS l(line_no, product_id, qty)
       ), req AS (
         SELECT product_id, sum(qty) AS qty FROM lines GROUP BY product_id
       ), locked AS MATERIALIZED (
         SELECT s.product_id, s.quantity FROM stock_levels s
          WHERE s.business_id = $1 AND s.warehouse_id = $2 AND s.product_id IN (SELECT product_id FROM req)
          ORDER BY s.product_id FOR UPDATE
       ), upd AS (
         UPDATE stock_levels s SET quantity = s.quantity - req.qty, updated_at = now()
           FROM req JOIN locked ON locked.product_id = req.product_id
          WHERE s.business_id = $1 AND s.warehouse_id = $2 AND s.product_id = req.product_id AND s.quantity >= req.qty
         RETURNING s.product_id, s.quantity
       ), mv AS (
         INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, sale_id)
         SELECT $1, l.product_id, $2, 'sale', -l.qty,
                upd.quantity + sum(l.qty) OVER (PARTITION BY l.product_id)
                             - sum(l.qty) OVER (PARTITION BY l.product_id ORDER BY l.line_no),
                $6
           FROM lines l JOIN upd ON upd.product_id = l.product_id
       ), others AS (
         SELECT product_id, sum(quantity) AS qty FROM stock_levels
          WHERE business_id = $1 AND warehouse_id <> $2 AND product_id IN (SELECT product_id FROM req)
          GROUP BY product_id
       )
       SELECT req.product_id, req.qty AS requested, locked.quantity AS available, upd.quantity AS after,
              p.name, p.sku, p.min_stock, upd.quantity + COALESCE(others.qty, 0) AS total_after, -req.qty AS delta
         FROM req
         JOIN products p ON p.id = req.product_id AND p.business_id = $1
         LEFT JOIN locked ON locked.product_id = req.product_id
         LEFT JOIN upd ON upd.product_id = req.product_id
         LEFT JOIN others ON others.product_id = req.product_id
        ORDER BY req.product_id`,
      [
        businessId,
        warehouseId,
        lines.map((l) => l.lineNo),
        lines.map((l) => l.productId),
        lines.map((l) => quantityString(l.quantity)),
        saleId,
      ],
    );
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
    const refs = await tx.one<{ product: string | null; warehouse: string | null }>(
      `SELECT (SELECT id FROM products WHERE business_id = $1 AND id = $2) AS product,
              (SELECT id FROM warehouses WHERE business_id = $1 AND id = $3) AS warehouse`,
      [businessId, input.productId, input.warehouseId],
    );
    if (!refs?.product) throw new DomainError('UNKNOWN_PRODUCT', undefined, [{ product_id: input.productId }]);
    if (!refs.warehouse) throw new DomainError('UNKNOWN_WAREHOUSE', undefined, [{ warehouse_id: input.warehouseId }]);

    const delta = dec(input.quantity);
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
    if (!level) {
      const current = await this.levelOf(tx, businessId, input.warehouseId, input.productId);
      throw new DomainError('INSUFFICIENT_STOCK', 'The adjustment would take the stock below zero', [
        { product_id: input.productId, warehouse_id: input.warehouseId, requested: quantityNumber(delta.neg()), available: quantityNumber(current) },
      ]);
    }

    const movement = await tx.one<MovementRow & LevelRow>(
      `WITH mv AS (
         INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, reason, note)
         VALUES ($1, $2, $3, 'adjustment', $4, $5, $6, $7)
         RETURNING *
       )
       SELECT mv.*, p.name, p.sku, p.min_stock, $4::numeric AS delta,
              (SELECT sum(quantity) FROM stock_levels WHERE business_id = $1 AND product_id = $2 AND warehouse_id <> $3) AS others
         FROM mv JOIN products p ON p.id = mv.product_id`,
      [businessId, input.productId, input.warehouseId, quantityString(delta), level.quantity, input.reason, input.note ?? null],
    );
    const m = movement!;
    tx.record(
      new StockAdjustedEvent(businessId, {
        movement_id: m.id,
        product_id: m.product_id,
        warehouse_id: m.warehouse_id,
        quantity: quantityNumber(m.quantity),
        quantity_after: quantityNumber(m.quantity_after),
        reason: input.reason,
        note: m.note,
      }),
    );
    const others = (m as unknown as { others: string | null }).others;
    this.recordLevelCrossings(tx, businessId, [{ ...m, total_after: dec(level.quantity).plus(others ?? 0).toString() }]);
    return m;
  }

  /**
   * Puts back everything a sale took, to the warehouses it came from, one `cancel` movement per
   * warehouse and product. Locks in product order, like deductForSale.
   */
  async returnForSale(tx: Tx, businessId: string, saleId: string): Promise<void> {
    const rows = await tx.query<LevelRow>(
      `WITH sold AS (
         SELECT warehouse_id, product_id, -sum(quantity) AS qty FROM stock_movements
          WHERE business_id = $1 AND sale_id = $2 AND type = 'sale'
          GROUP BY warehouse_id, product_id
       ), upd AS (
         INSERT INTO stock_levels (business_id, warehouse_id, product_id, quantity)
         SELECT $1, warehouse_id, product_id, qty FROM sold ORDER BY product_id, warehouse_id
         ON CONFLICT (business_id, warehouse_id, product_id)
         DO UPDATE SET quantity = stock_levels.quantity + EXCLUDED.quantity, updated_at = now()
         RETURNING warehouse_id, product_id, quantity
       ), mv AS (
         INSERT INTO stock_movements (business_id, product_id, warehouse_id, type, quantity, quantity_after, sale_id)
         SELECT $1, sold.product_id, sold.warehouse_id, 'cancel', sold.qty, upd.quantity, $2
           FROM sold JOIN upd USING (warehouse_id, product_id)
       ), others AS (
         SELECT s.product_id, sum(s.quantity) AS qty FROM stock_levels s
          WHERE s.business_id = $1 AND s.product_id IN (SELECT product_id FROM sold)
            AND NOT EXISTS (SELECT 1 FROM sold x WHERE x.product_id = s.product_id AND x.warehouse_id = s.warehouse_id)
          GROUP BY s.product_id
       )
       SELECT upd.product_id, p.name, p.sku, p.min_stock, sum(sold.qty) AS delta,
              sum(upd.quantity) + COALESCE(max(others.qty), 0) AS total_after
         FROM upd JOIN sold USING (warehouse_id, product_id)
         JOIN products p ON p.id = upd.product_id
         LEFT JOIN others ON others.product_id = upd.product_id
        GROUP BY upd.product_id, p.name, p.sku, p.min_stock`,
      [businessId, saleId],
    );
    this.recordLevelCrossings(tx, businessId, rows);
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
