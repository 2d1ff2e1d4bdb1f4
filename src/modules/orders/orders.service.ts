import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { moneyNumber, quantityString } from '../../common/money/money';
import { outboxInsertSql, outboxRowSql } from '../../database/outbox-writer';
import { SqlBatch } from '../../database/sql-batch';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CustomersService, MatchedCustomer } from '../customers/customers.service';
import { FinanceService } from '../finance/finance.service';
import { InvoicesService, SALE_INVOICE_PART, SaleInvoice } from '../invoices/invoices.service';
import { LoyaltyService } from '../loyalty/loyalty.service';
import { StockService } from '../stock/stock.service';
import { CreateOrderDto } from './dto/create-order.dto';
import { SaleCompletedEvent } from './events/sale-completed.event';
import { OrderJson, toOrderItemJson, toOrderJson } from './order.mapper';
import { priceOrder } from './pricing/price-order';
import { checkSaleReferences, readSaleReferences, saleReferencesInto, SaleReferenceRow } from './sale-references';
import { addSaleItems, addSaleNumber, addSaleRow, draftSale, SALE_NUMBER_PART, SaleDraft } from './sale-writer';

/**
 * POST /orders: the eleven effects of SPEC.md 1 in ONE transaction of five round trips: BEGIN; the
 * products, the warehouse and the customer's find-or-create in one statement (checks follow: a
 * rejection writes nothing); the stock deduction (rows locked in product order); the numbered
 * statement that takes the sale and invoice numbers and writes every other row; COMMIT. The
 * per-business counter is held for that last statement and the commit only, and the locks are
 * taken in one order: a new customer's row, stock rows, the counter, then the rest
 * (shared/notes/performance.md).
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly customers: CustomersService,
    private readonly stock: StockService,
    private readonly loyalty: LoyaltyService,
    private readonly invoices: InvoicesService,
    private readonly finance: FinanceService,
  ) {}

  async create(biz: BusinessContext, dto: CreateOrderDto): Promise<OrderJson> {
    const saleId = randomUUID();
    return this.uow.run(async (tx) => {
      const sale = await this.prepare(tx, biz, saleId, dto);
      return this.record(tx, biz, sale);
    });
  }

  /** Everything before the numbers: references and customer (one statement), prices, stock. */
  private async prepare(tx: Tx, biz: BusinessContext, saleId: string, dto: CreateOrderDto): Promise<SaleDraft> {
    const productIds = dto.items.map((line) => line.product_id);
    const first = new SqlBatch();
    const refsColumns = saleReferencesInto(first, biz.id, productIds, dto.warehouse_id);
    const match = dto.customer ? this.customers.matchInto(first, biz.id, dto.customer) : null;
    const [row] = await first.run<SaleReferenceRow & { customer: MatchedCustomer | null }>(tx, `SELECT ${refsColumns}, ${match?.column ?? 'NULL'} AS customer`);
    const { products, warehouseId } = checkSaleReferences(productIds, dto.warehouse_id, readSaleReferences(row));
    const price = priceOrder(
      dto.items.map((line) => ({
        productId: line.product_id,
        quantity: line.quantity,
        productPrice: products.get(line.product_id)!.price,
        price: line.price,
        discount: line.discount,
      })),
      { taxAmount: dto.tax_amount, shippingAmount: dto.shipping_amount, discountAmount: dto.discount_amount },
    );
    const customer = match ? await match.resolve(tx, row.customer) : null;
    const stockLines = price.lines.map((line, i) => ({ lineNo: i + 1, productId: line.productId, quantity: quantityString(line.quantity) }));
    await this.stock.deductForSale(tx, biz.id, warehouseId, saleId, stockLines);
    return draftSale({
      saleId,
      price,
      products,
      warehouseId,
      customerId: customer?.id ?? null,
      currency: biz.currency,
      paymentMethod: dto.payment_method ?? 'cash',
      notes: dto.notes ?? null,
      sendInvoice: dto.send_invoice === true,
    });
  }

  /**
   * The numbered statement, the last before commit: the sale counter first, then, each collaborator
   * adding its rows, every write of the order. Every row it locks (customer totals, loyalty account,
   * invoice counter) is locked after the sale counter, so orders of one business pass it in turn
   * and never wait on each other in a cycle.
   */
  private async record(tx: Tx, biz: BusinessContext, sale: SaleDraft): Promise<OrderJson> {
    const batch = new SqlBatch();
    addSaleNumber(batch, biz.id);
    addSaleItems(batch, biz.id, sale);
    addSaleRow(batch, biz.id, sale);
    if (sale.customer_id) this.customers.recordPurchase(batch, biz.id, sale.customer_id, sale.total, SALE_NUMBER_PART);
    if (sale.customer_id && sale.loyalty_transaction_id) {
      const earning = {
        businessId: biz.id,
        customerId: sale.customer_id,
        saleId: sale.id,
        points: sale.loyalty_points_earned,
        transactionId: sale.loyalty_transaction_id,
      };
      this.loyalty.earnForSale(batch, earning, SALE_NUMBER_PART);
    }
    if (sale.invoice_id) this.invoices.createForSale(batch, this.invoiceOf(biz, sale, sale.invoice_id), SALE_NUMBER_PART);
    const income = { businessId: biz.id, saleId: sale.id, invoiceId: sale.invoice_id, amount: sale.total, timezone: biz.timezone };
    this.finance.recordIncome(batch, income, SALE_NUMBER_PART);
    const pending = tx.eventsToPersist;
    const completed = this.addEvents(batch, biz, sale, pending);

    const invoiceNumber = sale.invoice_id ? `(SELECT formatted FROM ${SALE_INVOICE_PART})` : 'NULL::text';
    const [numbers] = await batch.run<{ sale_number: string; invoice_number: string | null; created_at: Date }>(
      tx,
      `SELECT formatted AS sale_number, ${invoiceNumber} AS invoice_number, at AS created_at FROM ${SALE_NUMBER_PART}`,
    );
    if (!numbers || (sale.invoice_id && !numbers.invoice_number)) throw new Error(`number counters missing for business ${biz.id}`);
    completed.data.sale_number = numbers.sale_number;
    tx.markPersisted(pending);
    tx.recordPersisted(completed);
    return toOrderJson({ ...sale, ...numbers }, sale.items);
  }

  private invoiceOf(biz: BusinessContext, sale: SaleDraft, invoiceId: string): SaleInvoice {
    return {
      businessId: biz.id,
      invoiceId,
      saleId: sale.id,
      customerId: sale.customer_id,
      currency: sale.currency,
      subtotal: sale.subtotal,
      taxAmount: sale.tax_amount,
      total: sale.total,
      timezone: biz.timezone,
      lines: sale.items.map((i) => ({ productId: i.product_id, productName: i.product_name, quantity: i.quantity, unitPrice: i.unit_price, total: i.total })),
    };
  }

  /**
   * sale.completed, and the events recorded so far (stock.low, stock.out), written in the numbered
   * statement in that order: no outbox round trip after it. The sale number is merged in by SQL.
   */
  private addEvents(batch: SqlBatch, biz: BusinessContext, sale: SaleDraft, pending: Tx['events']): SaleCompletedEvent {
    const completed = new SaleCompletedEvent(biz.id, {
      sale_id: sale.id,
      sale_number: '', // known once the numbered statement has run
      total: moneyNumber(sale.total),
      customer_id: sale.customer_id,
      items: sale.items.map(toOrderItemJson),
    });
    const saleNumber = `jsonb_build_object('sale_number', ${SALE_NUMBER_PART}.formatted)`;
    const rows = [
      ...pending.map((e) => outboxRowSql(batch, e)),
      outboxRowSql(batch, completed, { from: SALE_NUMBER_PART, extraDataSql: saleNumber }),
    ];
    batch.add('events', outboxInsertSql(rows));
    return completed;
  }
}
