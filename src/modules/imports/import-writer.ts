import { Injectable } from '@nestjs/common';
import { dec } from '../../common/money/money';
import { nextNumber } from '../../database/numbering';
import { Tx } from '../../database/transaction';
import { customerIdentity } from '../customers/customer-identity';
import { CustomerCreatedEvent } from '../customers/events/customer-created.event';
import { formatSku } from '../products/sku';
import { StockService } from '../stock/stock.service';
import { ImportKind } from './entities/import.entity';
import { booleanOf, decimalText } from './import-columns';
import { PlannedRow } from './import-plan';
import { categoriesByName, insertCategories, insertCustomers, insertProducts, updateCustomers, updateProducts } from './persistence/import-targets.sql';

/**
 * The writes of a chunk's planned rows, in the chunk's transaction: products and customers in a
 * statement per kind of write (a chunk is up to 1,000 rows), stock through the stock module's
 * adjustments (reason `import`). Returns false when an insert met a key taken meanwhile (the caller
 * rolls the chunk back and plans it again).
 */
@Injectable()
export class ImportWriter {
  constructor(private readonly stock: StockService) {}

  async write(tx: Tx, businessId: string, kind: ImportKind, plan: PlannedRow[], cellsOf: Map<number, Record<string, string>>): Promise<boolean> {
    const writes = plan.filter((p) => p.outcome === 'create' || p.outcome === 'update');
    if (kind === 'products') return this.products(tx, businessId, writes, cellsOf);
    if (kind === 'customers') return this.customers(tx, businessId, writes, cellsOf);
    await this.stockLevels(tx, businessId, plan);
    return true;
  }

  private async products(tx: Tx, businessId: string, writes: PlannedRow[], cellsOf: Map<number, Record<string, string>>): Promise<boolean> {
    if (writes.length === 0) return true;
    const categoryIds = await this.categories(
      tx,
      businessId,
      writes.map((p) => cellsOf.get(p.row)!['category.name']).filter((n): n is string => n !== undefined),
    );
    const fields = (cells: Record<string, string>) => ({
      name: cells.name?.trim(),
      price: decimalText(cells.price) ?? undefined,
      cost_price: decimalText(cells.cost_price) ?? undefined,
      unit: cells.unit?.trim(),
      description: cells.description,
      barcode: cells.barcode,
      is_active: cells.is_active === undefined ? undefined : booleanOf(cells.is_active),
      category_id: cells['category.name'] === undefined ? undefined : categoryIds.get(cells['category.name'].trim().toLowerCase()),
      min_stock: decimalText(cells.min_stock) ?? undefined,
      reorder_quantity: decimalText(cells.reorder_quantity) ?? undefined,
    });
    const creates = writes.filter((p) => p.outcome === 'create');
    const updates = writes.filter((p) => p.outcome === 'update');
    if (creates.length > 0) {
      const rows = [];
      for (const p of creates) {
        const cells = cellsOf.get(p.row)!;
        const sku = cells.sku?.trim() || formatSku(await nextNumber(tx, businessId, 'sku'));
        p.key = sku;
        rows.push({ sku, ...fields(cells) });
      }
      const inserted = await tx.run(insertProducts, [businessId, JSON.stringify(rows)]);
      if (inserted.length !== rows.length) return false;
    }
    if (updates.length > 0) {
      await tx.run(updateProducts, [businessId, JSON.stringify(updates.map((p) => ({ id: p.targetId, ...fields(cellsOf.get(p.row)!) })))]);
    }
    return true;
  }

  /** The ids of the categories named (lower-cased names), those missing created first. */
  private async categories(tx: Tx, businessId: string, names: string[]): Promise<Map<string, string>> {
    const byLower = new Map<string, string>();
    for (const name of names) if (!byLower.has(name.trim().toLowerCase())) byLower.set(name.trim().toLowerCase(), name.trim());
    if (byLower.size === 0) return new Map();
    let found = await tx.run(categoriesByName, [businessId, [...byLower.keys()]]);
    if (found.length < byLower.size) {
      const have = new Set(found.map((c) => c.name.toLowerCase()));
      await tx.run(insertCategories, [businessId, [...byLower].filter(([lower]) => !have.has(lower)).map(([, name]) => name)]);
      found = await tx.run(categoriesByName, [businessId, [...byLower.keys()]]);
    }
    return new Map(found.map((c) => [c.name.toLowerCase(), c.id]));
  }

  private async customers(tx: Tx, businessId: string, writes: PlannedRow[], cellsOf: Map<number, Record<string, string>>): Promise<boolean> {
    const fields = (cells: Record<string, string>) => {
      const who = customerIdentity({ name: cells.name, email: cells.email, phone: cells.phone });
      return {
        ...(cells.name !== undefined && { name: who.name }),
        ...(cells.email !== undefined && { email: who.email, email_normalized: who.emailNormalized }),
        ...(cells.phone !== undefined && { phone: who.phone, phone_normalized: who.phoneNormalized }),
        ...(cells.notes !== undefined && { notes: cells.notes }),
      };
    };
    const creates = writes.filter((p) => p.outcome === 'create');
    const updates = writes.filter((p) => p.outcome === 'update');
    if (updates.length > 0) {
      await tx.run(updateCustomers, [businessId, JSON.stringify(updates.map((p) => ({ id: p.targetId, ...fields(cellsOf.get(p.row)!) })))]);
    }
    if (creates.length > 0) {
      const inserted = await tx.run(insertCustomers, [businessId, JSON.stringify(creates.map((p) => fields(cellsOf.get(p.row)!)))]);
      if (inserted.length !== creates.length) return false;
      for (const c of inserted) tx.record(new CustomerCreatedEvent(businessId, { customer_id: c.id, name: c.name, email: c.email, phone: c.phone }));
    }
    return true;
  }

  /** Each changed level set to its counted quantity by an `import` adjustment; a level that holds it already is `unchanged`. */
  private async stockLevels(tx: Tx, businessId: string, plan: PlannedRow[]): Promise<void> {
    const writes = plan.filter((p) => p.stock && p.outcome !== 'error');
    const results = await this.stock.setCountedLevels(
      tx,
      businessId,
      writes.map((p) => p.stock!),
      'import',
    );
    writes.forEach((p, n) => (p.outcome = dec(results[n].delta).isZero() ? 'unchanged' : 'update'));
  }
}
