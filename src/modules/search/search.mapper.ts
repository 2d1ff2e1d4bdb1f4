import { ApiProperty } from '@nestjs/swagger';
import { CustomerHitRow, InvoiceHitRow, OrderHitRow, ProductHitRow, SupplierHitRow } from './persistence/search.sql';

export const SEARCH_KINDS = ['order', 'product', 'customer', 'invoice', 'supplier'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** One thing found: what it is, its id (the path of its own resource), and two lines for a list. */
export class SearchResultJson {
  @ApiProperty({ enum: SEARCH_KINDS }) kind: SearchKind;
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'the order or invoice number, the product, customer or supplier name', example: 'S-0042' })
  label: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description:
      'order: total, local date and time, customer (and its status unless completed); product: SKU, price; customer: email, phone; invoice: status, total; supplier: email, phone (null when it has neither)',
    example: '12.50 USD · 2026-11-28 14:03 · Jane Doe',
  })
  detail: string | null;
}

const joined = (parts: (string | null | undefined)[]): string | null => {
  const present = parts.filter((p): p is string => !!p);
  return present.length > 0 ? present.join(' · ') : null;
};

export function orderResult(row: OrderHitRow): SearchResultJson {
  return {
    kind: 'order',
    id: row.id,
    label: row.sale_number,
    detail: joined([
      `${row.total} ${row.currency}`,
      row.local_time,
      row.customer_name ?? row.customer_email,
      row.status === 'completed' ? null : row.status.replace('_', ' '),
    ]),
  };
}

export function productResult(row: ProductHitRow, currency: string): SearchResultJson {
  return { kind: 'product', id: row.id, label: row.name, detail: joined([row.sku, `${row.price} ${currency}`]) };
}

export function customerResult(row: CustomerHitRow): SearchResultJson {
  const label = row.name ?? row.email ?? row.phone ?? '';
  return { kind: 'customer', id: row.id, label, detail: joined([row.email, row.phone].filter((p) => p !== label)) };
}

export function invoiceResult(row: InvoiceHitRow): SearchResultJson {
  return { kind: 'invoice', id: row.id, label: row.invoice_number, detail: joined([row.status, `${row.total} ${row.currency}`]) };
}

export function supplierResult(row: SupplierHitRow): SearchResultJson {
  return { kind: 'supplier', id: row.id, label: row.name, detail: joined([row.email, row.phone]) };
}
