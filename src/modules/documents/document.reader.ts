import { Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { localDate } from '../../common/time/local-date';
import { Business } from '../businesses/entities/business.entity';
import { Customer } from '../customers/entities/customer.entity';
import { CreditNotesReader } from '../invoices/credit-notes.reader';
import { InvoicesReader } from '../invoices/invoices.reader';
import { InvoiceJson } from '../invoices/invoice.mapper';
import { SaleItem } from '../orders/entities/sale-item.entity';
import { Sale } from '../orders/entities/sale.entity';
import { Product } from '../products/entities/product.entity';
import { SaleTaxLine } from '../taxes/entities/sale-tax-line.entity';
import { DocumentModel, documentTaxLines, Letterhead, taxTotalLabel } from './document-model';

const STATUS_WORDS: Record<InvoiceJson['status'], string> = { paid: 'Paid', unpaid: 'Unpaid', overdue: 'Overdue', cancelled: 'Cancelled' };

/**
 * The documents of docs/api.md 17, read as the API shows them (InvoicesReader, CreditNotesReader:
 * another business's id is their 404) plus what only the document prints: the letterhead, the
 * customer's name and email, each line's SKU (as sold, from the sale's lines; a manual invoice's
 * from its products), the sale's number, and for a credit note whether its sale's prices included tax
 * (docs/api.md 22; an invoice's JSON says it).
 */
@Injectable()
export class DocumentReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly invoices: InvoicesReader,
    private readonly creditNotes: CreditNotesReader,
  ) {}

  async invoice(biz: BusinessContext, id: string): Promise<{ model: DocumentModel; invoice: InvoiceJson }> {
    const invoice = await this.invoices.get(biz, id);
    const db = this.dataSource.manager;
    const [seller, customer, sale, saleLines] = await Promise.all([
      this.letterhead(biz.id),
      this.customer(biz.id, invoice.customer_id),
      invoice.sale_id ? db.getRepository(Sale).findOne({ select: { id: true, saleNumber: true }, where: { businessId: biz.id, id: invoice.sale_id } }) : null,
      invoice.sale_id
        ? db
            .getRepository(SaleItem)
            .find({ select: { lineNo: true, sku: true }, where: { businessId: biz.id, saleId: invoice.sale_id }, order: { lineNo: 'ASC' } })
        : [],
    ]);
    const productSkus =
      saleLines.length === invoice.items.length
        ? new Map<string, string>()
        : await this.productSkus(
            biz.id,
            invoice.items.map((i) => i.product_id),
          );
    const facts: [string, string][] = [
      ['Invoice number', invoice.invoice_number],
      ['Issue date', localDate(new Date(invoice.created_at), biz.timezone)],
      ['Due date', invoice.due_date],
      ['Status', STATUS_WORDS[invoice.status]],
    ];
    if (invoice.paid_date) facts.push(['Paid date', invoice.paid_date]);
    if (sale) facts.push(['Sale number', sale.saleNumber]);
    const pricesIncludeTax = invoice.tax_included;
    const model: DocumentModel = {
      businessId: biz.id,
      title: 'Invoice',
      number: invoice.invoice_number,
      currency: invoice.currency,
      issueDate: facts[1][1],
      facts,
      seller,
      customer,
      lines: invoice.items.map((item, i) => ({
        name: item.product_name,
        sku: saleLines[i]?.sku ?? productSkus.get(item.product_id) ?? '',
        quantity: item.quantity,
        unitPrice: item.unit_price,
        total: item.total,
      })),
      totals: [
        ['Subtotal', invoice.subtotal],
        [taxTotalLabel(pricesIncludeTax), invoice.tax_amount],
        ['Total', invoice.total],
      ],
      taxLines: documentTaxLines(invoice.tax_lines),
      pricesIncludeTax,
      footer: seller.footer,
    };
    return { model, invoice };
  }

  async creditNote(biz: BusinessContext, id: string): Promise<DocumentModel> {
    const note = await this.creditNotes.get(biz, id);
    const [seller, customer, pricesIncludeTax, saleLines] = await Promise.all([
      this.letterhead(biz.id),
      this.customer(biz.id, note.customer_id),
      this.pricesIncludedTax(biz.id, note.sale_id),
      this.dataSource.manager.getRepository(SaleItem).find({
        select: { id: true, sku: true, unitPrice: true },
        where: { businessId: biz.id, id: In(note.items.map((i) => i.sale_item_id)) },
      }),
    ]);
    const line = new Map(saleLines.map((l) => [l.id, l]));
    const issueDate = localDate(new Date(note.created_at), biz.timezone);
    return {
      businessId: biz.id,
      title: 'Credit note',
      number: note.credit_note_number,
      currency: biz.currency,
      issueDate,
      facts: [
        ['Credit note number', note.credit_note_number],
        ['Issue date', issueDate],
        ['Invoice number', note.invoice_number],
        ['Status', 'Issued'],
      ],
      seller,
      customer,
      lines: note.items.map((item) => ({
        name: item.product_name,
        sku: line.get(item.sale_item_id)?.sku ?? '',
        quantity: item.quantity,
        unitPrice: Number(line.get(item.sale_item_id)?.unitPrice ?? 0),
        total: item.amount,
      })),
      totals: [
        ['Subtotal', note.subtotal],
        ...(note.discount_amount !== 0 ? [['Discount', -note.discount_amount] as [string, number]] : []),
        ...(note.shipping_amount !== 0 ? [['Shipping', note.shipping_amount] as [string, number]] : []),
        [taxTotalLabel(pricesIncludeTax), note.tax_amount],
        ['Total', note.total],
      ],
      taxLines: documentTaxLines(note.tax_lines),
      pricesIncludeTax,
      footer: seller.footer,
    };
  }

  /** Whether a sale's prices included tax (docs/api.md 22: kept with its tax lines; none when its tax was given). */
  private async pricesIncludedTax(businessId: string, saleId: string): Promise<boolean> {
    const line = await this.dataSource.manager
      .getRepository(SaleTaxLine)
      .findOne({ select: { saleId: true, taxIncluded: true }, where: { businessId, saleId } });
    return line?.taxIncluded === true;
  }

  /** The business's name and profile; the footer rides along. */
  async letterhead(businessId: string): Promise<Letterhead & { footer: string | null }> {
    const b = await this.dataSource.manager.getRepository(Business).findOneByOrFail({ id: businessId });
    return {
      name: b.name,
      legalName: b.legalName,
      addressLines: b.addressLines ?? [],
      taxId: b.taxId,
      email: b.email,
      phone: b.phone,
      footer: b.invoiceFooter,
    };
  }

  private async customer(businessId: string, id: string | null): Promise<DocumentModel['customer']> {
    if (!id) return null;
    const c = await this.dataSource.manager.getRepository(Customer).findOne({ select: { id: true, name: true, email: true }, where: { businessId, id } });
    return c ? { name: c.name, email: c.email } : null;
  }

  private async productSkus(businessId: string, ids: string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.dataSource.manager
      .getRepository(Product)
      .find({ select: { id: true, sku: true }, where: { businessId, id: In([...new Set(ids)]) } });
    return new Map(rows.map((r) => [r.id, r.sku]));
  }
}
