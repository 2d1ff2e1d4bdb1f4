import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BusinessContext } from '../../common/auth/business-context';
import { Tx } from '../../database/transaction';
import { searchCustomers, searchInvoices, searchOrders, searchProducts, searchSuppliers } from './persistence/search.sql';
import { readableKinds } from './search-kinds';
import { customerResult, invoiceResult, orderResult, productResult, SearchResultJson, supplierResult } from './search.mapper';
import { searchTerms } from './search-terms';

/**
 * GET /search (docs/api.md 21): at most 5 of each kind the caller's scopes read, in the order order,
 * product, customer, invoice, supplier; each kind's own order within it (search.sql.ts). The kinds
 * are read one after another on one pooled connection, reads only.
 */
@Injectable()
export class SearchService {
  constructor(private readonly dataSource: DataSource) {}

  async search(biz: BusinessContext, q: string): Promise<SearchResultJson[]> {
    const kinds = readableKinds(biz.scopes);
    const terms = searchTerms(q);
    const text = [biz.id, terms.exact, terms.contains, terms.prefix] as const;
    const runner = this.dataSource.createQueryRunner();
    try {
      const tx = new Tx(runner.manager);
      const results: SearchResultJson[] = [];
      if (kinds.has('order') && terms.orders.lo.length > 0) {
        results.push(...(await tx.run(searchOrders, [biz.id, terms.orders.lo, terms.orders.hi, biz.timezone])).map(orderResult));
      }
      if (kinds.has('product')) results.push(...(await tx.run(searchProducts, [...text])).map((row) => productResult(row, biz.currency)));
      if (kinds.has('customer')) {
        const phone = terms.phone;
        const rows = await tx.run(searchCustomers, [...text, phone?.contains ?? null, phone?.groupStart ?? null, phone?.prefix ?? null]);
        results.push(...rows.map(customerResult));
      }
      if (kinds.has('invoice') && terms.invoices.lo.length > 0) {
        results.push(...(await tx.run(searchInvoices, [biz.id, terms.invoices.lo, terms.invoices.hi])).map(invoiceResult));
      }
      if (kinds.has('supplier')) results.push(...(await tx.run(searchSuppliers, [...text])).map(supplierResult));
      return results;
    } finally {
      await runner.release();
    }
  }
}
