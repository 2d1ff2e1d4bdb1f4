import { Injectable } from '@nestjs/common';
import { randomUUID } from 'crypto';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../../common/auth/business-context';
import { CombinedStatement } from '../../../database/combined-statement';
import { onOneConnection } from '../../../database/run-statement';
import { CustomersSaleEffect } from '../../customers/customers-sale.effect';
import { CreateOrderDto } from '../dto/create-order.dto';
import { computesTax, paymentOf, priceOf, saleFactsOf } from '../order-facts';
import { PaymentMethods } from '../payment-methods';
import { SaleReferenceRow, saleReferenceColumns, SaleTaxContextRow } from '../persistence/sale-references.sql';
import { taxContextColumn } from '../../taxes/persistence/tax-context.sql';
import { taxingOf } from '../../taxes/order-taxing';
import { draftSale } from '../sale-draft';
import { checkSaleReferences, readSaleReferences } from '../sale-references';
import { QuoteStockRow, quoteStockColumn } from './persistence/quote-stock.sql';
import { QuoteJson, toQuoteJson } from './quote.mapper';

type QuoteRow = SaleReferenceRow & SaleTaxContextRow & { customer: { id: string } | null; stock: QuoteStockRow[] | null };

/**
 * POST /orders/quote (docs/api.md 21): what POST /orders would make of the body, by its own steps
 * (the references and their refusals, priceOf, saleFactsOf, draftSale, the order's mapper), in ONE
 * read statement outside any transaction: no lock, no number, no row, no event, no activity entry.
 * The customer is only looked up (the order would create one otherwise: a quote earns the points a
 * customer would). Short stock is shown (`available`), not refused; the effects' checks, which lock
 * what they read, belong to placing the order.
 */
@Injectable()
export class OrderQuoteService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly customers: CustomersSaleEffect,
    private readonly payments: PaymentMethods,
  ) {}

  async quote(biz: BusinessContext, dto: CreateOrderDto): Promise<QuoteJson> {
    const productIds = dto.items.map((line) => line.product_id);
    const stmt = new CombinedStatement();
    const withTax = computesTax(dto);
    const refs = saleReferenceColumns(stmt, biz.id, productIds, dto.warehouse_id, withTax);
    const customer = dto.customer ? this.customers.findInto(stmt, biz.id, dto.customer) : 'NULL::json';
    const stock = quoteStockColumn(stmt, biz.id, productIds, refs.warehouse_id);
    const tax = withTax ? taxContextColumn(stmt, biz.id) : 'NULL::json';
    const row = (await onOneConnection(this.dataSource, (tx) => stmt.run<QuoteRow>(tx, { columns: { ...refs, tax, customer, stock } })))!;
    const checked = checkSaleReferences(productIds, dto.warehouse_id, readSaleReferences(row));
    const price = priceOf(dto, checked.products, taxingOf(row.tax));
    // the order's tender rule too: cash below the total is its 422 INSUFFICIENT_TENDER here as well
    const payment = paymentOf(this.payments, dto, price);
    const stockRows = row.stock ?? [];
    // a customer the order would create gets its id then; the quote earns its points all the same
    const customerId = row.customer?.id ?? (dto.customer ? randomUUID() : null);
    const sale = draftSale(
      saleFactsOf(biz, dto, {
        saleId: randomUUID(),
        price,
        ...payment,
        products: checked.products,
        warehouseId: checked.warehouseId,
        customerId,
        unitCosts: new Map(stockRows.map((s) => [s.product_id, s.average_cost])),
      }),
    );
    return toQuoteJson(sale, row.customer?.id ?? null, new Map(stockRows.map((s) => [s.product_id, s.available])));
  }
}
