import { Injectable } from '@nestjs/common';
import { BusinessContext } from '../../common/auth/business-context';
import { DomainError } from '../../common/errors/domain-error';
import { moneyNumber, moneyString, quantityString } from '../../common/money/money';
import { nextNumberSql } from '../../common/numbering/next-number';
import { localDateSql } from '../../common/time/zone-sql';
import { SqlBatch } from '../../database/sql-batch';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { FinanceService } from '../finance/finance.service';
import { CreateInvoiceDto } from './dto/create-invoice.dto';
import { UpdateInvoiceDto } from './dto/update-invoice.dto';
import { InvoicePaidEvent } from './events/invoice-paid.event';
import { priceInvoice } from './invoice-pricing';
import { invoiceTransition, InvoiceStatus } from './invoice-status';
import { InvoiceJson } from './invoice.mapper';
import { loadInvoices } from './invoices.reader';

export interface SaleInvoiceLine {
  productId: string;
  productName: string;
  quantity: string;
  unitPrice: string;
  total: string;
}

export interface SaleInvoice {
  businessId: string;
  /** chosen by the caller, so the items can be written before the invoice number is taken */
  invoiceId: string;
  saleId: string;
  customerId: string | null;
  currency: string;
  subtotal: string;
  taxAmount: string;
  total: string;
  /** IANA zone of the business: due and paid dates are "today" there */
  timezone: string;
  lines: SaleInvoiceLine[];
}

/** The part of the order's numbered statement that returns the invoice's `number` and `formatted`. */
export const SALE_INVOICE_PART = 'invoice_no';

/** A manual invoice is due this many days after it is issued, unless the request says otherwise. */
export const DEFAULT_DUE_DAYS = 30;

interface LockedInvoice {
  id: string;
  invoice_number: string;
  customer_id: string | null;
  sale_id: string | null;
  status: InvoiceStatus;
  total: string;
}

/**
 * Invoices: numbered INV-0001 per business without gaps (one counter for order and manual
 * invoices), created paid with an order or unpaid by hand, and moved through CONTRACT.md 6's states.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly finance: FinanceService,
  ) {}

  /**
   * The invoice of an order, already paid, as parts of the order's numbered statement: its number
   * (the counter locked after the sale counter, `salePart`, see nextNumberSql, so the two are always
   * taken in the same order), the invoice and its items mirroring the order lines. Paid and due
   * dates are the sale's date in the business time zone.
   */
  createForSale(batch: SqlBatch, invoice: SaleInvoice, salePart: string): void {
    const lines = invoice.lines;
    const businessId = batch.param(invoice.businessId, 'uuid');
    const invoiceId = batch.param(invoice.invoiceId, 'uuid');
    batch.add(
      'invoice_items',
      `INSERT INTO invoice_items (business_id, invoice_id, line_no, product_id, product_name, quantity, unit_price, total)
       SELECT ${businessId}, ${invoiceId}, l.line_no,
              l.product_id, l.product_name, l.quantity, l.unit_price, l.total
         FROM unnest(${batch.param(lines.map((_, i) => i + 1), 'int[]')}, ${batch.param(lines.map((l) => l.productId), 'uuid[]')},
                     ${batch.param(lines.map((l) => l.productName), 'text[]')}, ${batch.param(lines.map((l) => quantityString(l.quantity)), 'numeric[]')},
                     ${batch.param(lines.map((l) => moneyString(l.unitPrice)), 'numeric[]')}, ${batch.param(lines.map((l) => moneyString(l.total)), 'numeric[]')})
              AS l(line_no, product_id, product_name, quantity, unit_price, total)`,
    );
    batch.add(SALE_INVOICE_PART, nextNumberSql(businessId, 'invoice', 'INV', salePart));
    batch.add(
      'invoice',
      `INSERT INTO invoices (id, business_id, number, invoice_number, customer_id, sale_id, status, currency,
                             subtotal, tax_amount, total, due_date, paid_date, created_at, updated_at)
       SELECT ${invoiceId}, ${businessId}, n.number, n.formatted,
              ${batch.param(invoice.customerId, 'uuid')}, ${batch.param(invoice.saleId, 'uuid')}, 'paid',
              ${batch.param(invoice.currency, 'text')}, ${batch.param(moneyString(invoice.subtotal), 'numeric')},
              ${batch.param(moneyString(invoice.taxAmount), 'numeric')}, ${batch.param(moneyString(invoice.total), 'numeric')},
              d.today, d.today, n.at, n.at
         FROM ${SALE_INVOICE_PART} n, (SELECT ${localDateSql(`${salePart}.at`, batch.param(invoice.timezone, 'text'))} AS today FROM ${salePart}) d`,
    );
  }

  /**
   * POST /invoices: an unpaid invoice for a customer of the business, totals from its lines, no stock
   * change. References are checked first (a rejection takes no number); the number, the invoice and
   * its items are then one statement, the last before commit.
   */
  async create(biz: BusinessContext, dto: CreateInvoiceDto): Promise<InvoiceJson> {
    const priced = priceInvoice(dto.items.map((line) => ({ quantity: line.quantity, unitPrice: line.price })));
    if (!priced) throw DomainError.validation('items', 'the invoice total is out of range');
    return this.uow.run(async (tx) => {
      const products = await this.checkReferences(tx, biz.id, dto);
      const batch = new SqlBatch();
      const businessId = batch.param(biz.id, 'uuid');
      batch.add('invoice_no', nextNumberSql(businessId, 'invoice', 'INV'));
      batch.add(
        'invoice',
        `INSERT INTO invoices (business_id, number, invoice_number, customer_id, sale_id, status, currency, subtotal, tax_amount, total,
                               due_date, notes, created_at, updated_at)
         SELECT ${businessId}, n.number, n.formatted, ${batch.param(dto.customer_id, 'uuid')}, NULL, 'unpaid', ${batch.param(biz.currency, 'text')},
                ${batch.param(priced.subtotal, 'numeric')}, ${batch.param(priced.taxAmount, 'numeric')}, ${batch.param(priced.total, 'numeric')},
                coalesce(${batch.param(dto.due_date ?? null, 'date')}, ${localDateSql('n.at', batch.param(biz.timezone, 'text'))} + ${DEFAULT_DUE_DAYS}),
                ${batch.param(dto.notes ?? null, 'text')}, n.at, n.at
           FROM invoice_no n
         RETURNING id`,
      );
      batch.add(
        'invoice_items',
        `INSERT INTO invoice_items (business_id, invoice_id, line_no, product_id, product_name, quantity, unit_price, total)
         SELECT ${businessId}, invoice.id, l.line_no, l.product_id, l.product_name, l.quantity, l.unit_price, l.total
           FROM invoice, unnest(${batch.param(dto.items.map((_, i) => i + 1), 'int[]')}, ${batch.param(dto.items.map((l) => l.product_id), 'uuid[]')},
                                ${batch.param(dto.items.map((l) => products.get(l.product_id)!), 'text[]')},
                                ${batch.param(priced.lines.map((l) => l.quantity), 'numeric[]')}, ${batch.param(priced.lines.map((l) => l.unitPrice), 'numeric[]')},
                                ${batch.param(priced.lines.map((l) => l.total), 'numeric[]')})
                AS l(line_no, product_id, product_name, quantity, unit_price, total)`,
      );
      const [row] = await batch.run<{ id: string }>(tx, 'SELECT id FROM invoice');
      return this.load(tx, biz.id, row.id);
    });
  }

  /**
   * PUT /invoices/:id: the row is locked, the transition decided by invoiceTransition (409 when
   * forbidden; the same status again changes nothing and emits nothing). Marking paid stores
   * paid_date (default today in the business zone), records invoice.paid once, and books a manual
   * invoice's income (an order's invoice was paid with the order, whose income is booked already).
   */
  async updateStatus(biz: BusinessContext, id: string, dto: UpdateInvoiceDto): Promise<InvoiceJson> {
    if (dto.paid_date !== undefined && dto.status !== 'paid') throw DomainError.validation('paid_date', 'paid_date goes only with status paid');
    return this.uow.run(async (tx) => {
      const invoice = await tx.one<LockedInvoice>(
        `SELECT id, invoice_number, customer_id, sale_id, status, total FROM invoices WHERE business_id = $1 AND id = $2 FOR UPDATE`,
        [biz.id, id],
      );
      if (!invoice) throw DomainError.notFound('Invoice');
      const transition = invoiceTransition(invoice.status, dto.status);
      if (transition === 'forbidden') {
        throw new DomainError('INVALID_STATUS_TRANSITION', `An invoice that is ${invoice.status} cannot become ${dto.status}`, [
          { from: invoice.status, to: dto.status },
        ]);
      }
      if (transition === 'change') await this.apply(tx, biz, invoice, dto);
      return this.load(tx, biz.id, id);
    });
  }

  /** An order's invoice when the order is cancelled (CONTRACT.md 5): cancelled whatever its status. Returns its id, if any. */
  async cancelForSale(tx: Tx, businessId: string, saleId: string): Promise<string | null> {
    const row = await tx.one<{ id: string }>(
      `UPDATE invoices SET status = 'cancelled', updated_at = now()
        WHERE business_id = $1 AND sale_id = $2 AND status <> 'cancelled'
       RETURNING id`,
      [businessId, saleId],
    );
    return row?.id ?? null;
  }

  private async apply(tx: Tx, biz: BusinessContext, invoice: LockedInvoice, dto: UpdateInvoiceDto): Promise<void> {
    const updated = await tx.one<{ paid_date: string | null }>(
      `UPDATE invoices
          SET status = $3, updated_at = now(),
              paid_date = CASE WHEN $3 = 'paid' THEN coalesce($4::date, ${localDateSql('now()', '$5::text')}) ELSE paid_date END
        WHERE business_id = $1 AND id = $2
       RETURNING paid_date::text AS paid_date`,
      [biz.id, invoice.id, dto.status, dto.paid_date ?? null, biz.timezone],
    );
    if (dto.status !== 'paid') return;
    const paidDate = updated!.paid_date!;
    if (!invoice.sale_id) {
      await this.finance.record(tx, {
        businessId: biz.id,
        type: 'income',
        category: 'invoices',
        amount: invoice.total,
        description: `Invoice ${invoice.invoice_number}`,
        invoiceId: invoice.id,
        occurredOn: paidDate,
        timezone: biz.timezone,
      });
    }
    tx.record(
      new InvoicePaidEvent(biz.id, {
        invoice_id: invoice.id,
        invoice_number: invoice.invoice_number,
        customer_id: invoice.customer_id,
        sale_id: invoice.sale_id,
        total: moneyNumber(invoice.total),
        paid_date: paidDate,
      }),
    );
  }

  /** The customer (422 UNKNOWN_CUSTOMER) and products (422 UNKNOWN_PRODUCT / INACTIVE_PRODUCT) of the business; product names by id. */
  private async checkReferences(tx: Tx, businessId: string, dto: CreateInvoiceDto): Promise<Map<string, string>> {
    const productIds = [...new Set(dto.items.map((line) => line.product_id))];
    const refs = await tx.one<{ customer_id: string | null; products: { id: string; name: string; is_active: boolean }[] | null }>(
      `SELECT (SELECT id FROM customers WHERE business_id = $1 AND id = $2) AS customer_id,
              (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'is_active', p.is_active))
                 FROM products p WHERE p.business_id = $1 AND p.id = ANY($3::uuid[])) AS products`,
      [businessId, dto.customer_id, productIds],
    );
    if (!refs?.customer_id) throw new DomainError('UNKNOWN_CUSTOMER', undefined, [{ customer_id: dto.customer_id }]);
    const products = new Map((refs.products ?? []).map((p) => [p.id, p]));
    const unknown = productIds.filter((pid) => !products.has(pid));
    if (unknown.length > 0) throw new DomainError('UNKNOWN_PRODUCT', 'One or more products do not exist', unknown.map((product_id) => ({ product_id })));
    const inactive = productIds.filter((pid) => !products.get(pid)!.is_active);
    if (inactive.length > 0) throw new DomainError('INACTIVE_PRODUCT', 'One or more products are inactive', inactive.map((product_id) => ({ product_id })));
    return new Map([...products].map(([pid, p]) => [pid, p.name]));
  }

  private async load(tx: Tx, businessId: string, id: string): Promise<InvoiceJson> {
    const [invoice] = await loadInvoices(tx, businessId, [id]);
    return invoice;
  }
}
