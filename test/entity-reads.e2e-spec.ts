import { EntityClass } from '../src/database/entity-columns';
import { runStatement } from '../src/database/run-statement';
import { readLatestSalePage, readSale, readSalePage } from '../src/modules/orders/persistence/orders-read.sql';
import { Sale } from '../src/modules/orders/entities/sale.entity';
import { SaleItem } from '../src/modules/orders/entities/sale-item.entity';
import { Product } from '../src/modules/products/entities/product.entity';
import { readProductPage } from '../src/modules/products/persistence/product-page.sql';
import { seedProduct } from './helpers/orders-fixtures';
import { createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';

/**
 * The hand-written reads that mirror an entity carry every column of it, as the data source's
 * metadata names them: a column added to the entity and forgotten in the SQL fails here, not in a
 * client. products.page selects them from the metadata (selectEntityColumns); the orders' reads name
 * theirs, and what GET /orders deliberately does not read is listed below, so a new column of a sale
 * or a line is a decision (read it, or list it here). products.stock mirrors no entity (stock columns
 * joined to products read by the entity query) and is not checked.
 */
const SALE_COLUMNS_NOT_READ = ['business_id', 'number', 'shipping_refunded', 'cancelled_at', 'cancel_reason', 'updated_at'];
const SALE_ITEM_COLUMNS_NOT_READ = ['business_id', 'sale_id', 'line_no', 'returned_amount'];

describe('hand-written reads that mirror an entity', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let productId: string;
  let saleId: string;

  beforeAll(async () => {
    t = await startTestApp();
    biz = await createBusiness(t);
    productId = await seedProduct(t, biz, { stock: '10' });
    const order = await t
      .http()
      .post('/api/v1/orders')
      .set(biz.auth)
      .send({ items: [{ product_id: productId, quantity: 1 }] })
      .expect(201);
    saleId = (order.body as { data: { order_id: string } }).data.order_id;
  });
  afterAll(() => t.close());

  const columnsOf = (entity: EntityClass) => t.db.getMetadata(entity).columns;

  it('reads every column of Product on the plain page of products, with the entity values', async () => {
    const [row] = await runStatement(t.db, readProductPage, [biz.business_id, true, 20, 0]);
    const product = await t.db.getRepository(Product).findOneByOrFail({ id: productId });
    const missing = columnsOf(Product).filter((c) => !(c.propertyName in row));
    expect(missing.map((c) => c.databaseName)).toEqual([]);
    for (const { propertyName } of columnsOf(Product)) {
      expect([propertyName, row[propertyName as keyof typeof row]]).toEqual([propertyName, product[propertyName as keyof Product]]);
    }
  });

  it('reads every column of Sale in the orders reads, but those GET /orders does not show', async () => {
    const rows = {
      'orders.get': await runStatement(t.db, readSale, [biz.business_id, saleId]),
      'orders.latestPage': await runStatement(t.db, readLatestSalePage, [biz.business_id, 20, 0]),
      'orders.page': await runStatement(t.db, readSalePage, [biz.business_id, null, null, null, null, 'UTC', 20, 0, null, null]),
    };
    for (const [name, [row]] of Object.entries(rows)) {
      const unread = columnsOf(Sale)
        .map((c) => c.databaseName)
        .filter((column) => !SALE_COLUMNS_NOT_READ.includes(column) && !(column in row));
      expect([name, row.id, unread]).toEqual([name, saleId, []]);
      expect([name, SALE_COLUMNS_NOT_READ.filter((column) => column in row)]).toEqual([name, []]);
    }
  });

  it('reads every column of a sale line in the lines of the orders reads, but those GET /orders does not show', () => {
    for (const statement of [readSale, readLatestSalePage, readSalePage]) {
      // the line's tuple (SaleLineTuple): the arguments of the json_build_array the lines are aggregated from
      const tuple = /json_agg\(json_build_array\(([^)]*)\) ORDER BY/.exec(statement.text)?.[1] ?? '';
      const shown = new Set([...tuple.matchAll(/\bl\.([a-z_]+)/g)].map((m) => m[1]));
      const columns = columnsOf(SaleItem).map((c) => c.databaseName);
      const unread = columns.filter((column) => !SALE_ITEM_COLUMNS_NOT_READ.includes(column) && !shown.has(column));
      expect([statement.name, shown.size, unread]).toEqual([statement.name, columns.length - SALE_ITEM_COLUMNS_NOT_READ.length, []]);
    }
  });
});
