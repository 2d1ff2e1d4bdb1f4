import { BusinessContext } from '../../../common/auth/business-context';
import type { SaleEffect } from '../sale-effect';
import { SaleDraft } from '../sale-draft';
import { NO_INPUTS } from '../sale-effect-inputs';
import { addSaleLines, addSaleRow } from './orders-sale.sql';
import { SaleStatement } from './sale-statement';

/**
 * The statement of `sale`: its number, its lines and row, then each effect's parts, in lock order,
 * each handed its input of the order's body (`inputs`, by module).
 * In a file apart from SaleStatement, which the sale's parts (orders-sale.sql.ts) and every
 * SaleEffect name: composing imports those, so the statement's own file does not (no import circle).
 */
export function composeSaleStatement(
  business: BusinessContext,
  sale: SaleDraft,
  effects: SaleEffect[],
  inputs: ReadonlyMap<string, unknown> = NO_INPUTS,
): SaleStatement {
  const stmt = new SaleStatement(business);
  addSaleLines(stmt, sale);
  addSaleRow(stmt, sale);
  for (const effect of effects) stmt.within(effect.module, () => effect.addToSale(stmt, sale, inputs.get(effect.module)));
  return stmt;
}
