import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { BusinessContext } from '../../common/auth/business-context';
import { moneyNumber, quantityString } from '../../common/money/money';
import { CombinedStatement } from '../../database/combined-statement';
import { Tx } from '../../database/transaction';
import { UnitOfWork } from '../../database/unit-of-work';
import { CustomersSaleEffect, MatchedCustomer } from '../customers/customers-sale.effect';
import { StockService } from '../stock/stock.service';
import { CreateOrderDto } from './dto/create-order.dto';
import { SaleCompletedEvent, toSaleCompletedItem } from './events/sale-completed.event';
import { OrderJson, toOrderItemJson, toOrderJson } from './order.mapper';
import { activityOf } from '../../common/activity/activity-of';
import { composeSaleStatement } from './persistence/compose-sale-statement';
import { SaleReferenceRow, saleReferenceColumns, SaleTaxContextRow } from './persistence/sale-references.sql';
import { taxContextColumn } from '../taxes/persistence/tax-context.sql';
import { Taxing, taxingOf } from '../taxes/order-taxing';
import { OrderPrice } from './pricing/price-order';
import { computesTax, paymentOf, priceOf, saleFactsOf } from './order-facts';
import { PaymentMethods } from './payment-methods';
import { PAYMENTS } from './payment-sale.effect';
import { saleEffectInputsOf } from './sale-effect-inputs';
import { SaleEffects } from './sale-effects';
import { countOrder } from '../../common/metrics/service-metrics';
import { draftSale, SaleDraft } from './sale-draft';
import { checkSaleReferences, readSaleReferences, SaleProduct } from './sale-references';

interface CheckedReferences {
  products: Map<string, SaleProduct>;
  warehouseId: string;
  customer: MatchedCustomer | null;
  /** how the business taxes the order, when its tax is computed (docs/api.md 22) */
  taxing: Taxing | null;
}

/**
 * POST /orders: the sale and all its effects in ONE transaction of three round trips: the BEGIN with
 * the products' stock locks, the references and the customer's find-or-create; the stock deduction;
 * the effects' checks, if any (each its own statements: none of today's has one; the payment method's
 * tender rule runs in memory); the numbered
 * statement that takes the sale number and writes the sale, every effect's rows and the events, with
 * the COMMIT in the same message (with an Idempotency-Key, the key's claim carries the
 * BEGIN and one more round trip writes the outcome with the COMMIT). A rejection (unknown product, short stock, an effect's
 * check) happens before any number is taken.
 */
@Injectable()
export class OrdersService {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly customers: CustomersSaleEffect,
    private readonly stock: StockService,
    private readonly effects: SaleEffects,
    private readonly payments: PaymentMethods,
  ) {}

  async create(biz: BusinessContext, dto: CreateOrderDto): Promise<OrderJson> {
    const saleId = randomUUID();
    let total = '0';
    const order = await this.uow.run(async (tx) => {
      const refs = await this.checkReferences(tx, biz, dto);
      const price = priceOf(dto, refs.products, refs.taxing);
      // the payment method's tender rule, in memory: a refusal (INSUFFICIENT_TENDER) before the stock is taken
      const payment = paymentOf(this.payments, dto, price);
      const unitCosts = await this.stock.deductForSale(tx, biz.id, refs.warehouseId, saleId, stockLinesOf(price));
      const sale = draftSale(
        saleFactsOf(biz, dto, {
          saleId,
          price,
          ...payment,
          products: refs.products,
          warehouseId: refs.warehouseId,
          customerId: refs.customer?.id ?? null,
          unitCosts,
        }),
      );
      // the payment method's fields are the order's body: the payments effect's input
      const inputs = new Map(saleEffectInputsOf(dto, this.effects.withInput)).set(PAYMENTS, dto);
      for (const effect of this.effects.checks) await effect.checkSale!(tx, biz, sale, inputs.get(effect.module));
      const recorded = await this.record(tx, biz, sale, inputs);
      total = sale.total;
      return recorded;
    });
    countOrder(biz.currency, total);
    return order;
  }

  /**
   * The order's first statement: its products' stock locks, its products and warehouse (422 unless
   * they are the business's and active) and its customer, found or created.
   */
  private async checkReferences(tx: Tx, biz: BusinessContext, dto: CreateOrderDto): Promise<CheckedReferences> {
    const productIds = dto.items.map((line) => line.product_id);
    const first = new CombinedStatement();
    this.stock.lockProductsInto(first, biz.id, [...new Set(productIds)]);
    const withTax = computesTax(dto);
    const refs = saleReferenceColumns(first, biz.id, productIds, dto.warehouse_id, withTax);
    const match = dto.customer ? this.customers.matchInto(first, biz.id, dto.customer) : null;
    const tax = withTax ? taxContextColumn(first, biz.id) : 'NULL::json';
    const row = await first.run<SaleReferenceRow & SaleTaxContextRow & { customer: MatchedCustomer | null }>(tx, {
      columns: { ...refs, tax, customer: match?.column ?? 'NULL::json' },
    });
    const checked = checkSaleReferences(productIds, dto.warehouse_id, readSaleReferences(row!));
    return { ...checked, customer: match ? await match.resolve(tx, row!.customer) : null, taxing: taxingOf(row!.tax) };
  }

  /**
   * The numbered statement, the last before commit: the sale number, the sale and each effect's
   * rows in lock order, and the events recorded so far with sale.completed, stamped with its number.
   */
  private async record(tx: Tx, biz: BusinessContext, sale: SaleDraft, inputs: ReadonlyMap<string, unknown>): Promise<OrderJson> {
    const stmt = composeSaleStatement(biz, sale, this.effects.all, inputs);
    const completed = saleCompletedEvent(biz.id, sale);
    tx.record(completed);
    stmt.stampSaleNumber(completed);
    // the entry's label is the number the statement takes: written by it, no round trip of its own
    const activity = activityOf(biz, 'orders.create', { type: 'order', id: sale.id, label: null });
    tx.recordActivity(activity);
    stmt.stampSaleNumberAsLabel(activity);
    const numbers = await stmt.record(tx);
    return toOrderJson({ ...sale, ...numbers }, sale.items);
  }
}

function stockLinesOf(price: OrderPrice) {
  return price.lines.map((line, i) => ({ lineNo: i + 1, productId: line.productId, quantity: quantityString(line.quantity) }));
}

/** sale.completed; its sale_number is stamped by the numbered statement. */
function saleCompletedEvent(businessId: string, sale: SaleDraft): SaleCompletedEvent {
  return new SaleCompletedEvent(businessId, {
    sale_id: sale.id,
    sale_number: '',
    total: moneyNumber(sale.total),
    customer_id: sale.customer_id,
    items: sale.items.map((item) => toSaleCompletedItem(toOrderItemJson(item))),
  });
}
