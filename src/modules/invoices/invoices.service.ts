import { activityOf } from '../../common/activity/activity-of';
import { changesBetween } from '../../common/activity/activity-changes';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { saleTaxLines } from '../taxes/refund-tax-lines.reader';
import { DomainError } from '../../common/errors/domain-error';
import { moneyNumber } from '../../common/money/money';
import { localDate } from '../../common/time/local-date';
import { LockRank } from '../../database/lock-order';
import { findInBusiness, presentFields, updateInBusiness } from '../../database/repository-helpers';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { FinanceService } from '../finance/finance.service';
import { CreateInvoiceDto } from './dto/create-invoice.dto';
import { UpdateInvoiceDto } from './dto/update-invoice.dto';
import { InvoiceItem } from './entities/invoice-item.entity';
import { Invoice } from './entities/invoice.entity';
import { InvoicePaidEvent } from './events/invoice-paid.event';
import { priceInvoice, PricedInvoice } from './invoice-pricing';
import { checkInvoiceReferences } from './invoice-references';
import { invoiceTransition, InvoiceStatus } from './invoice-status';
import { InvoiceJson, toInvoiceJson } from './invoice.mapper';
import { InvoiceEmail } from './entities/invoice-email.entity';
import { invoiceItemsOf, latestEmailsOf } from './invoices.reader';
import { issueManualInvoice } from './persistence/invoices-manual.sql';

/** A manual invoice is due this many days after it is issued, unless the request says otherwise. */
export const DEFAULT_DUE_DAYS = 30;

/**
 * Invoices: numbered INV-0001 per business without gaps (one counter for order and manual
 * invoices), created paid with an order or unpaid by hand, and moved through the states of invoiceTransition.
 */
@Injectable()
export class InvoicesService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly finance: FinanceService,
  ) {}

  /** POST /invoices: an unpaid invoice for a customer of the business, totals from its lines, no stock change. */
  async create(biz: BusinessContext, dto: CreateInvoiceDto): Promise<InvoiceJson> {
    const priced = priceInvoice(dto.items.map((line) => ({ quantity: line.quantity, unitPrice: line.price })));
    if (!priced) throw DomainError.validation('items', 'the invoice total is out of range');
    return this.uow.run((tx) => this.issue(tx, biz, dto, priced));
  }

  /**
   * References are checked first (a rejection takes no number), the items written under an id chosen
   * here, then the number and the invoice in one statement: the invoice counter, held until commit,
   * is the last thing taken.
   */
  async issue(tx: Tx, biz: BusinessContext, dto: CreateInvoiceDto, priced: PricedInvoice): Promise<InvoiceJson> {
    const productNames = await checkInvoiceReferences(tx, biz.id, dto);
    const invoiceId = randomUUID();
    const items = await this.insertItems(tx, biz.id, invoiceId, dto, priced, productNames);
    tx.locks.take(LockRank.Invoice);
    const [issued] = await tx.run(issueManualInvoice, [
      biz.id,
      invoiceId,
      dto.customer_id,
      biz.currency,
      priced.subtotal,
      priced.taxAmount,
      priced.total,
      dto.due_date ?? null,
      biz.timezone,
      DEFAULT_DUE_DAYS,
      dto.notes ?? null,
    ]);
    if (!issued) throw new Error(`invoice counter missing for business ${biz.id}`);
    const invoice = await findInBusiness(tx.getRepository(Invoice), biz.id, invoiceId, 'Invoice');
    tx.recordActivity(activityOf(biz, 'invoices.create', invoiceResource(invoice)));
    return toInvoiceJson(invoice, items);
  }

  private async insertItems(
    tx: Tx,
    businessId: string,
    invoiceId: string,
    dto: CreateInvoiceDto,
    priced: PricedInvoice,
    productNames: Map<string, string>,
  ): Promise<InvoiceItem[]> {
    const repo = tx.getRepository(InvoiceItem);
    const items = priced.lines.map((line, i) => {
      const productId = dto.items[i].product_id;
      return repo.create({ businessId, invoiceId, lineNo: i + 1, productId, productName: productNames.get(productId)!, ...line });
    });
    await repo.insert(items);
    return items;
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
      const invoice = await this.lock(tx, biz.id, id);
      const status = invoice.status as InvoiceStatus;
      const transition = invoiceTransition(status, dto.status);
      if (transition === 'forbidden') {
        throw new DomainError('INVALID_STATUS_TRANSITION', `An invoice that is ${status} cannot become ${dto.status}`, [{ from: status, to: dto.status }]);
      }
      const current = transition === 'change' ? await this.apply(tx, biz, invoice, dto) : invoice;
      const was = { status: invoice.status, paid_date: invoice.paidDate };
      tx.recordActivity(
        activityOf(biz, 'invoices.update', invoiceResource(current), changesBetween(was, { status: current.status, paid_date: current.paidDate })),
      );
      const items = await invoiceItemsOf(tx.getRepository(InvoiceItem), biz.id, [id]);
      const emails = await latestEmailsOf(tx.getRepository(InvoiceEmail), biz.id, [id]);
      const tax = current.saleId ? (await saleTaxLines(tx.manager, biz.id, [current.saleId])).get(current.saleId) : null;
      return toInvoiceJson(current, items.get(id) ?? [], emails.get(id) ?? null, tax ?? null);
    });
  }

  /** The invoice of the business, locked until commit (404 when there is none). */
  private async lock(tx: Tx, businessId: string, id: string): Promise<Invoice> {
    tx.locks.take(LockRank.Invoice);
    const invoice = await tx.getRepository(Invoice).findOne({ where: { businessId, id }, lock: { mode: 'pessimistic_write' } });
    if (!invoice) throw DomainError.notFound('Invoice');
    return invoice;
  }

  /** The new status, and for `paid` its date (default today in the business zone) and the payment's effects; the invoice as stored. */
  private async apply(tx: Tx, biz: BusinessContext, invoice: Invoice, dto: UpdateInvoiceDto): Promise<Invoice> {
    const paidDate = dto.status === 'paid' ? (dto.paid_date ?? localDate(new Date(), biz.timezone)) : undefined;
    const changes = presentFields<UpdateInvoiceDto, Invoice>({ ...dto, paid_date: paidDate }, { status: 'status', paid_date: 'paidDate' });
    const updated = await updateInBusiness(tx.getRepository(Invoice), biz.id, invoice.id, changes, 'Invoice');
    if (dto.status === 'paid') await this.recordPayment(tx, biz, updated);
    return updated;
  }

  /** invoice.paid, once; a manual invoice's income too (an order's invoice was paid with the order, whose income is booked already). */
  private async recordPayment(tx: Tx, biz: BusinessContext, invoice: Invoice): Promise<void> {
    const paidDate = invoice.paidDate!;
    if (!invoice.saleId) {
      await this.finance.record(tx, {
        businessId: biz.id,
        type: 'income',
        category: 'invoices',
        amount: invoice.total,
        description: `Invoice ${invoice.invoiceNumber}`,
        invoiceId: invoice.id,
        occurredOn: paidDate,
        timezone: biz.timezone,
      });
    }
    tx.record(
      new InvoicePaidEvent(biz.id, {
        invoice_id: invoice.id,
        invoice_number: invoice.invoiceNumber,
        customer_id: invoice.customerId,
        sale_id: invoice.saleId,
        total: moneyNumber(invoice.total),
        paid_date: paidDate,
      }),
    );
  }
}

/** An invoice as the activity log names it: by its number. */
function invoiceResource(invoice: Invoice) {
  return { type: 'invoice', id: invoice.id, label: invoice.invoiceNumber };
}
