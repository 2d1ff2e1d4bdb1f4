import { defineStatement } from '../../../database/statement';

/** What the CSV export writes beside an invoice's ids (docs/api.md, "CSV exports"). */
export interface InvoiceNamesRow {
  id: string;
  customer_name: string | null;
  customer_email: string | null;
  sale_number: string | null;
}

/**
 * The names beside the ids of invoices $2 of business $1 (a page of the export): the customer's name
 * and email, the order's number; each probed by its primary key within the business (one probe per id
 * of the page: the ids are rows of their own, never a filter over the business's invoices).
 */
export const readInvoiceNames = defineStatement<[businessId: string, invoiceIds: string[]], InvoiceNamesRow>(
  'invoices.exportNames',
  `SELECT i.id, cu.name AS customer_name, cu.email AS customer_email, s.sale_number
     FROM unnest($2::uuid[]) AS k(id)
     JOIN invoices i ON i.business_id = $1 AND i.id = k.id
     LEFT JOIN customers cu ON cu.business_id = i.business_id AND cu.id = i.customer_id
     LEFT JOIN sales s ON s.business_id = i.business_id AND s.id = i.sale_id`,
);
