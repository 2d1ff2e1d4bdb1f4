import { Injectable } from '@nestjs/common';
import { Tx } from '../../database/transaction';
import type { SaleStatement } from '../orders/persistence/sale-statement';
import type { SaleEffect, SaleReversal, SaleShape } from '../orders/sale-effect';
import { SaleEffectProvider } from '../orders/sale-effects';
import { SaleDraft } from '../orders/sale-draft';
import { addSaleTaxLines, insertReturnTaxLines, refundRemainingTax } from './persistence/taxes-sale.sql';

/**
 * The taxes' side of a sale (docs/api.md 22): the order's tax lines written with it (a part of the
 * numbered statement, only for an order whose tax was computed); a return's tax lines (the returns
 * module computes them with the return's amounts) or, for a cancellation, what is left of each rate,
 * written as refund lines, which the tax report reads. No contended lock.
 */
@Injectable()
@SaleEffectProvider()
export class TaxesSaleEffect implements SaleEffect {
  readonly module = 'taxes';
  readonly lock = null;
  readonly shapes: SaleShape[] = [];

  addToSale(stmt: SaleStatement, sale: SaleDraft): void {
    if (sale.tax_lines.length > 0) addSaleTaxLines(stmt, sale.id, sale.tax_lines, sale.tax_included);
  }

  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    const { businessId, sale, returned } = reversal;
    if (!returned) {
      await tx.run(refundRemainingTax, [businessId, sale.id]);
      return;
    }
    const lines = returned.taxLines;
    if (lines.length === 0) return;
    await tx.run(insertReturnTaxLines, [
      businessId,
      sale.id,
      returned.id,
      returned.at,
      lines.map((l) => l.tax_rate_id),
      lines.map((l) => l.name),
      lines.map((l) => l.rate),
      lines.map((l) => l.taxable_amount),
      lines.map((l) => l.tax_amount),
      lines.map((l) => l.base_amount),
    ]);
  }
}
