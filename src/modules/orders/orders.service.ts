import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { moneyNumber, moneyString, quantityString } from '../../common/money/money';
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
import { OrderJson, SaleItemRow, toOrderItemJson, toOrderJson } from './order.mapper';
import { priceOrder } from './pricing/price-order';
import { checkSaleReferences, loadSaleReferences } from './sale-references';
import { addSaleItems, addSaleNumber, addSaleRow, SALE_NUMBER_PART, SaleDraft } from './sale-writer';

/**
 * POST /orders: the eleven effects of SPEC.md 1 in ONE transaction. Reads and checks come first (a
 * rejection writes nothing), then the locks in a fixed order (new customer row, stock rows in
 * product order, customer totals and loyalty account), and last the statement that takes the sale
 * and invoice numbers and writes every row that shows them, so the per-business counter is held
 * for that statement and the commit only (shared/notes/performance.md).
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
      return this.record(tx, biz, sale, dto.send_invoice === true);
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
    await this.stock.deductForSale(
      tx,
      biz.id,
      warehouseId,
      saleId,
      price.lines.map((line, i) => ({ lineNo: i + 1, productId: line.productId, quantity: quantityString(line.quantity) })),
    );
    const points = customer ? price.points : 0;
    return {
      id: saleId,
      status: 'completed',
      payment_status: 'paid',
      payment_method: dto.payment_method ?? 'cash',
      customer_id: customer?.id ?? null,
      warehouse_id: warehouseId,
      currency: biz.currency,
      subtotal: moneyString(price.subtotal),
      tax_amount: moneyString(price.taxAmount),
      shipping_amount: moneyString(price.shippingAmount),
      discount_amount: moneyString(price.discountAmount),
      total: moneyString(price.total),
      loyalty_points_earned: points,
      loyalty_transaction_id: points > 0 ? randomUUID() : null,
      invoice_id: null,
      notes: dto.notes ?? null,
      items: price.lines.map(
        (line): SaleItemRow => ({
          sale_id: saleId,
          product_id: line.productId,
          product_name: products.get(line.productId)!.name,
          sku: products.get(line.productId)!.sku,
          quantity: quantityString(line.quantity),
          unit_price: moneyString(line.unitPrice),
          discount: moneyString(line.discount),
          total: moneyString(line.total),
        }),
      ),
    };
  }

  /**
   * Two statements: the rows that need no number (items, customer totals, loyalty account), then the
   * numbered one (sale and invoice numbers, sale, earn transaction, invoice, income, outbox event).
   */
  private async record(tx: Tx, biz: BusinessContext, draft: SaleDraft, sendInvoice: boolean): Promise<OrderJson> {
    const sale: SaleDraft = { ...draft, invoice_id: sendInvoice ? randomUUID() : null };
    const beforeNumber = new SqlBatch();
    const withNumber = new SqlBatch();
    addSaleNumber(withNumber, biz.id);
    addSaleItems(beforeNumber, biz.id, sale);
    if (sale.customer_id) {
      this.customers.recordPurchase(beforeNumber, biz.id, sale.customer_id, sale.total);
      if (sale.loyalty_transaction_id) {
        this.loyalty.earnForSale(
          beforeNumber,
          withNumber,
          { businessId: biz.id, customerId: sale.customer_id, saleId: sale.id, points: sale.loyalty_points_earned, transactionId: sale.loyalty_transaction_id },
          SALE_NUMBER_PART,
        );
      }
    }
    if (sale.invoice_id) {
      this.invoices.createForSale(
        beforeNumber,
        withNumber,
        {
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
        },
        SALE_NUMBER_PART,
      );
    }
    addSaleRow(withNumber, biz.id, sale);
    this.finance.recordIncome(
      withNumber,
      { businessId: biz.id, saleId: sale.id, invoiceId: sale.invoice_id, amount: sale.total, timezone: biz.timezone },
      SALE_NUMBER_PART,
    );
    // events recorded so far (stock.low, stock.out) are written in the same statement, in order
    const pending = tx.eventsToPersist;
    const event = new SaleCompletedEvent(biz.id, {
      sale_id: sale.id,
      sale_number: '', // known once the numbered statement has run
      total: moneyNumber(sale.total),
      customer_id: sale.customer_id,
      items: sale.items.map(toOrderItemJson),
    });
    const saleNumberJson = `jsonb_build_object('sale_number', ${SALE_NUMBER_PART}.formatted)`;
    withNumber.add(
      'events',
      outboxInsertSql([
        ...pending.map((e) => outboxRowSql(withNumber, e)),
        outboxRowSql(withNumber, event, { from: SALE_NUMBER_PART, extraDataSql: saleNumberJson }),
      ]),
    );

    await beforeNumber.run(tx);
    const invoiceNumber = sale.invoice_id ? `(SELECT formatted FROM ${SALE_INVOICE_PART})` : 'NULL::text';
    const [numbers] = await withNumber.run<{ sale_number: string; invoice_number: string | null; created_at: Date }>(
      tx,
      `SELECT formatted AS sale_number, ${invoiceNumber} AS invoice_number, at AS created_at FROM ${SALE_NUMBER_PART}`,
    );
    if (!numbers) throw new Error(`sale counter missing for business ${biz.id}`);
    event.data.sale_number = numbers.sale_number;
    tx.markPersisted(pending);
    tx.recordPersisted(event);
    return toOrderJson({ ...sale, ...numbers }, sale.items);
  }
}
