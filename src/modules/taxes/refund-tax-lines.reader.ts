import { EntityManager, In } from 'typeorm';
import { groupBy } from '../../common/collections/group-by';
import { SaleTaxLineRow } from '../orders/order.mapper';
import { RefundTaxLine } from './entities/refund-tax-line.entity';
import { SaleTaxLine } from './entities/sale-tax-line.entity';

/** A document's tax lines as the mappers take them, and whether its order's prices included tax. */
export interface DocumentTax {
  taxLines: SaleTaxLineRow[];
  taxIncluded: boolean;
}

const rowOf = (l: SaleTaxLine | RefundTaxLine): SaleTaxLineRow => ({
  tax_rate_id: l.taxRateId,
  name: l.name,
  rate: l.rate,
  taxable_amount: l.taxableAmount,
  tax_amount: l.taxAmount,
});

/**
 * The tax lines of returns (docs/api.md 22), by return id, with their orders' mode: two reads for any
 * number of returns (a return of an order without computed tax has none).
 */
export async function returnTaxLines(db: EntityManager, businessId: string, returnIds: string[]): Promise<Map<string, DocumentTax>> {
  if (returnIds.length === 0) return new Map();
  const lines = await db.getRepository(RefundTaxLine).find({ where: { businessId, returnId: In(returnIds) } });
  if (lines.length === 0) return new Map();
  const included = await saleModes(db, businessId, [...new Set(lines.map((l) => l.saleId))]);
  const byReturn = groupBy(lines, (l) => l.returnId!);
  return new Map([...byReturn].map(([id, rows]) => [id, { taxLines: rows.map(rowOf), taxIncluded: included.get(rows[0].saleId) === true }]));
}

/** The tax lines of orders, by sale id, with their mode. */
export async function saleTaxLines(db: EntityManager, businessId: string, saleIds: string[]): Promise<Map<string, DocumentTax>> {
  if (saleIds.length === 0) return new Map();
  const lines = await db.getRepository(SaleTaxLine).find({ where: { businessId, saleId: In(saleIds) } });
  const bySale = groupBy(lines, (l) => l.saleId);
  return new Map([...bySale].map(([id, rows]) => [id, { taxLines: rows.map(rowOf), taxIncluded: rows[0].taxIncluded }]));
}

async function saleModes(db: EntityManager, businessId: string, saleIds: string[]): Promise<Map<string, boolean>> {
  const rows = await db.getRepository(SaleTaxLine).find({ select: { saleId: true, taxIncluded: true }, where: { businessId, saleId: In(saleIds) } });
  return new Map(rows.map((r) => [r.saleId, r.taxIncluded]));
}
