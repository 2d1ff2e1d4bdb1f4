import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { moneyNumber, quantityString } from '../../common/money/money';
import { outboxInsertSql, outboxRowSql } from '../../database/outbox-writer';
import { SqlBatch } from '../../database/sql-batch';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CustomersService } from '../customers/customers.service';
import { FinanceService } from '../finance/finance.service';
import { InvoicesService, SALE_INVOICE_PART } from '../invoices/invoices.service';
import { LoyaltyService } from '../loyalty/loyalty.service';
import { StockService } from '../stock/stock.service';
import { CreateOrderDto } from './dto/create-order.dto';
import { SaleCompletedEvent } from './events/sale-completed.event';
import { OrderJson, toOrderItemJson, toOrderJson } from './order.mapper';
import { priceOrder } from './pricing/price-order';
import { checkSaleReferences, loadSaleReferences } from './sale-references';
import { addSaleItems, addSaleNumber, addSaleRow, draftSale, SALE_NUMBER_PART, SaleDraft } from './sale-writer';

interface SaleStatements {
  /** rows that need no number: lines, customer totals, loyalty account, invoice items */
  beforeNumber: SqlBatch;
  /** the last statement: sale and invoice numbers and every row that shows them */
  withNumber: SqlBatch;
}

/**
 * POST /orders: the eleven effects of SPEC.md 1 in ONE transaction. Reads and checks come first (a
 * rejection writes nothing), then the locks in a fixed order (a new customer's row, stock rows in
 * product order, customer totals and loyalty account), and last the statement that takes the sale
 * and invoice numbers and writes every row that shows them, so the per-business counter is held
 * for that statement and the commit only (shared/notes/performance.md). Six round trips with
 * BEGIN and COMMIT, seven with a customer.
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

  /** Everything before the numbers: references, prices, customer, stock. */
  private async prepare(tx: Tx, biz: BusinessContext, saleId: string, dto: CreateOrderDto): Promise<SaleDraft> {
    const productIds = dto.items.map((line) => line.product_id);
    const refs = await loadSaleReferences(tx, biz.id, productIds, dto.warehouse_id);
    const { products, warehouseId } = checkSaleReferences(productIds, dto.warehouse_id, refs);
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
    const customer = dto.customer ? await this.customers.findOrCreate(tx, biz.id, dto.customer) : null;
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

  private async record(tx: Tx, biz: BusinessContext, sale: SaleDraft): Promise<OrderJson> {
    const statements = this.statementsFor(biz, sale);
    const pending = tx.eventsToPersist;
    const completed = this.addEvents(statements.withNumber, biz, sale, pending);
    await statements.beforeNumber.run(tx);
    const invoiceNumber = sale.invoice_id ? `(SELECT formatted FROM ${SALE_INVOICE_PART})` : 'NULL::text';
    const [numbers] = await statements.withNumber.run<{ sale_number: string; invoice_number: string | null; created_at: Date }>(
      tx,
      `SELECT formatted AS sale_number, ${invoiceNumber} AS invoice_number, at AS created_at FROM ${SALE_NUMBER_PART}`,
    );
    if (!numbers) throw new Error(`sale counter missing for business ${biz.id}`);
    completed.data.sale_number = numbers.sale_number;
    tx.markPersisted(pending);
    tx.recordPersisted(completed);
    return toOrderJson({ ...sale, ...numbers }, sale.items);
  }

  /** Each collaborator adds its rows to the two statements. */
  private statementsFor(biz: BusinessContext, sale: SaleDraft): SaleStatements {
    const beforeNumber = new SqlBatch();
    const withNumber = new SqlBatch();
    addSaleNumber(withNumber, biz.id);
    addSaleItems(beforeNumber, biz.id, sale);
    if (sale.customer_id) this.customers.recordPurchase(beforeNumber, biz.id, sale.customer_id, sale.total);
    if (sale.customer_id && sale.loyalty_transaction_id) {
      const earning = {
        businessId: biz.id,
        customerId: sale.customer_id,
        saleId: sale.id,
        points: sale.loyalty_points_earned,
        transactionId: sale.loyalty_transaction_id,
      };
      this.loyalty.earnForSale(beforeNumber, withNumber, earning, SALE_NUMBER_PART);
    }
    if (sale.invoice_id) {
      const invoice = {
        businessId: biz.id,
        invoiceId: sale.invoice_id,
        saleId: sale.id,
        customerId: sale.customer_id,
        currency: sale.currency,
        subtotal: sale.subtotal,
        taxAmount: sale.tax_amount,
        total: sale.total,
        timezone: biz.timezone,
        lines: sale.items.map((i) => ({ productId: i.product_id, productName: i.product_name, quantity: i.quantity, unitPrice: i.unit_price, total: i.total })),
      };
      this.invoices.createForSale(beforeNumber, withNumber, invoice, SALE_NUMBER_PART);
    }
    addSaleRow(withNumber, biz.id, sale);
    const income = { businessId: biz.id, saleId: sale.id, invoiceId: sale.invoice_id, amount: sale.total, timezone: biz.timezone };
    this.finance.recordIncome(withNumber, income, SALE_NUMBER_PART);
    return { beforeNumber, withNumber };
  }

  /**
   * sale.completed, and the events recorded so far (stock.low, stock.out), written in the numbered
   * statement in that order: no outbox round trip after it. The sale number is merged in by SQL.
   */
  private addEvents(withNumber: SqlBatch, biz: BusinessContext, sale: SaleDraft, pending: Tx['events']): SaleCompletedEvent {
    const completed = new SaleCompletedEvent(biz.id, {
      sale_id: sale.id,
      sale_number: '', // known once the numbered statement has run
      total: moneyNumber(sale.total),
      customer_id: sale.customer_id,
      items: sale.items.map(toOrderItemJson),
    });
    const saleNumber = `jsonb_build_object('sale_number', ${SALE_NUMBER_PART}.formatted)`;
    const rows = [
      ...pending.map((e) => outboxRowSql(withNumber, e)),
      outboxRowSql(withNumber, completed, { from: SALE_NUMBER_PART, extraDataSql: saleNumber }),
    ];
    withNumber.add('events', outboxInsertSql(rows));
    return completed;
  }
}
