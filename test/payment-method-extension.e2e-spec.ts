import { Injectable, Module } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsDefined, IsString, ValidateNested } from 'class-validator';
import { Client } from 'pg';
import { BusinessContext } from '../src/common/auth/business-context';
import { DomainError } from '../src/common/errors/domain-error';
import { dec, moneyNumber, moneyString } from '../src/common/money/money';
import { MaxChars } from '../src/common/validation/text-length';
import { LockOrder, LockRank } from '../src/database/lock-order';
import { Tx } from '../src/database/transaction';
import type { SaleStatement } from '../src/modules/orders/persistence/sale-statement';
import type { PaymentMethod } from '../src/modules/orders/payment-method';
import { PaymentMethodProvider } from '../src/modules/orders/payment-methods';
import { SaleDraft } from '../src/modules/orders/sale-draft';
import type { SaleReversal } from '../src/modules/orders/sale-effect';
import { orderStateOf, seedProduct, stockOf } from './helpers/orders-fixtures';
import { arrangeShape, orderBodyOf, registeredSaleShapes, shapeName } from './helpers/sale-shapes';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { createTenantTable } from './helpers/tenant-table';

/** The store credit account an order is paid from. */
class StoreCreditAccount {
  @ApiProperty({ example: 'SC-1', maxLength: 20 })
  @IsString()
  @MaxChars(20)
  code: string;
}

/** The method's own field of POST /orders: an object, required when the order is paid with store credit. */
class StoreCreditFields {
  @ApiProperty({ type: StoreCreditAccount, description: 'the store credit account that pays' })
  @IsDefined()
  @ValidateNested()
  @Type(() => StoreCreditAccount)
  store_credit: StoreCreditAccount;
}

/**
 * A test-only payment method (never shipped in src), added to the app as a module of its own with no
 * edit of orders/ or returns/: store credit. Its check locks the account and refuses an order above its
 * balance (422 INSUFFICIENT_TENDER); its parts debit the account and note the use with the sale; its
 * undo credits back what a return or a cancellation gives back; finance books it as `store_credit`.
 */
@Injectable()
@PaymentMethodProvider()
class StoreCreditPayment implements PaymentMethod<StoreCreditFields> {
  readonly name = 'store_credit';
  readonly fields = StoreCreditFields;
  readonly example = { store_credit: { code: 'EXAMPLE' } };
  readonly locks = true;
  readonly refusals = ['INSUFFICIENT_TENDER'] as const;
  readonly booking = { category: 'store_credit' };

  async checkSale(tx: Tx, business: BusinessContext, sale: SaleDraft, fields: StoreCreditFields): Promise<void> {
    tx.locks.take(LockRank.PaymentMethod);
    const [account] = await tx.query<{ balance: string }>(`SELECT balance::text FROM test_store_credit WHERE business_id = $1 AND code = $2 FOR UPDATE`, [
      business.id,
      fields.store_credit.code,
    ]);
    const balance = account?.balance ?? '0.00';
    if (dec(balance).lt(sale.total)) {
      throw new DomainError('INSUFFICIENT_TENDER', 'The store credit is less than the order total', [
        { total: moneyNumber(sale.total), store_credit_balance: moneyNumber(balance) },
      ]);
    }
  }

  addToSale(stmt: SaleStatement, sale: SaleDraft, fields: StoreCreditFields): void {
    const n = stmt.saleNumber;
    const code = stmt.param(fields.store_credit.code, 'text');
    const amount = stmt.param(moneyString(sale.total), 'numeric');
    stmt.add(
      'payments.storeCreditDebit',
      `UPDATE test_store_credit a SET balance = a.balance - ${amount} FROM ${n.from}
        WHERE a.business_id = ${stmt.businessId} AND a.code = ${code} RETURNING a.code`,
    );
    stmt.add(
      'payments.storeCreditUse',
      `INSERT INTO test_store_credit_uses (business_id, sale_id, code, amount)
       SELECT ${stmt.businessId}, ${stmt.param(sale.id, 'uuid')}, ${code}, ${amount} FROM ${n.from}`,
    );
  }

  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    tx.locks.take(LockRank.PaymentMethod);
    const [use] = await tx.query<{ code: string }>(`SELECT code FROM test_store_credit_uses WHERE business_id = $1 AND sale_id = $2`, [
      reversal.businessId,
      reversal.sale.id,
    ]);
    await tx.query(`SELECT 1 FROM test_store_credit WHERE business_id = $1 AND code = $2 FOR UPDATE`, [reversal.businessId, use.code]);
    await tx.query(`UPDATE test_store_credit SET balance = balance + $3 WHERE business_id = $1 AND code = $2`, [
      reversal.businessId,
      use.code,
      moneyString(reversal.amount),
    ]);
    await tx.query(`UPDATE test_store_credit_uses SET given_back = given_back + $3, undone = undone || $4::text WHERE business_id = $1 AND sale_id = $2`, [
      reversal.businessId,
      reversal.sale.id,
      moneyString(reversal.amount),
      reversal.wholeSale ? 'cancel' : `return ${reversal.returned!.returnNumber}`,
    ]);
  }
}

@Module({ providers: [StoreCreditPayment] })
class TestStoreCreditModule {}

/**
 * Issue 42: a payment method is an extension point. The app built with one more module (above) takes
 * `payment_method: store_credit` and its own body field, runs its check, its rows, its undo and its
 * finance booking through orders, returns and cancellations, and documents it, without any edit of
 * the orders or returns modules; cash, card and bank transfer still work beside it.
 */
describe('a payment method added by a module of its own (store credit)', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let product: string;

  beforeAll(async () => {
    t = await startTestApp({}, { modules: [TestStoreCreditModule] });
    await createTenantTable(
      t.db,
      'test_store_credit',
      `CREATE TABLE test_store_credit (business_id uuid NOT NULL, code text NOT NULL, balance numeric(12,2) NOT NULL, PRIMARY KEY (business_id, code))`,
    );
    await createTenantTable(
      t.db,
      'test_store_credit_uses',
      `CREATE TABLE test_store_credit_uses (business_id uuid NOT NULL, sale_id uuid NOT NULL, code text NOT NULL, amount numeric(12,2) NOT NULL,
                                            given_back numeric(12,2) NOT NULL DEFAULT 0, undone text[] NOT NULL DEFAULT '{}')`,
    );
    biz = await createBusiness(t);
    api = apiAs(t, biz);
    product = await seedProduct(t, biz, { price: '20.00', stock: '1000' });
    await credit('EXAMPLE', '100000.00');
  });
  afterAll(() => t.close());

  async function credit(code: string, balance: string): Promise<void> {
    await t.db.query(`INSERT INTO test_store_credit (business_id, code, balance) VALUES ($1, $2, $3)`, [biz.business_id, code, balance]);
  }
  const balanceOf = async (code: string) =>
    (await t.db.query(`SELECT balance::text FROM test_store_credit WHERE business_id = $1 AND code = $2`, [biz.business_id, code]))[0].balance as string;
  const financeOf = (saleId: string) =>
    t.db.query(`SELECT type, category, amount::text FROM finance_transactions WHERE business_id = $1 AND sale_id = $2 ORDER BY created_at, type`, [
      biz.business_id,
      saleId,
    ]);
  const items = (quantity = 1) => [{ product_id: product, quantity }];

  it('is documented: a value of payment_method, its field under the order body, its refusal', async () => {
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    const dto = doc.components.schemas.CreateOrderDto;
    expect(dto.properties.payment_method.enum).toEqual(['cash', 'card', 'bank_transfer', 'store_credit']);
    expect(doc.components.schemas.OrderJson.properties.payment_method.enum).toEqual(['cash', 'card', 'bank_transfer', 'store_credit']);
    expect(JSON.stringify(dto.properties.store_credit)).toContain('StoreCreditAccount');
    expect(dto.properties.store_credit.description).toContain('only with payment_method store_credit');
    expect(dto.required).toEqual(['items']);
    expect(doc.components.schemas.StoreCreditAccount.required).toEqual(['code']);
    expect(JSON.stringify(doc.paths['/api/v1/orders'].post.responses['422'])).toContain('INSUFFICIENT_TENDER');
  });

  it('pays an order: the account debited, its use written with the sale, booked as store_credit income', async () => {
    await credit('PAY-1', '50.00');
    const order = (await api.post('/orders', { items: items(2), payment_method: 'store_credit', store_credit: { code: 'PAY-1' } }).expect(201)).body.data;
    expect(order).toMatchObject({ payment_method: 'store_credit', total: 40, cash_tendered: null, change_due: null });
    expect(await balanceOf('PAY-1')).toBe('10.00');
    const uses = await t.db.query(`SELECT code, amount::text FROM test_store_credit_uses WHERE business_id = $1 AND sale_id = $2`, [
      biz.business_id,
      order.order_id,
    ]);
    expect(uses).toEqual([{ code: 'PAY-1', amount: '40.00' }]);
    expect(await financeOf(order.order_id)).toEqual([{ type: 'income', category: 'store_credit', amount: '40.00' }]);
  });

  it('a return and then the cancellation give the credit back and book store_credit refunds', async () => {
    await credit('UNDO-1', '60.00');
    const order = (await api.post('/orders', { items: items(3), payment_method: 'store_credit', store_credit: { code: 'UNDO-1' } }).expect(201)).body.data;
    expect(await balanceOf('UNDO-1')).toBe('0.00');
    const returned = (await api.post(`/orders/${order.order_id}/returns`, { items: [{ sale_item_id: order.items[0].id, quantity: 1 }] }).expect(201)).body.data;
    expect(await balanceOf('UNDO-1')).toBe('20.00');
    const cancelled = (await api.post(`/orders/${order.order_id}/cancel`, {}).expect(200)).body.data;
    expect(cancelled).toMatchObject({ status: 'cancelled', payment_method: 'store_credit', refunded_amount: 60 });
    expect(await balanceOf('UNDO-1')).toBe('60.00');
    const [use] = await t.db.query(`SELECT given_back::text, undone FROM test_store_credit_uses WHERE business_id = $1 AND sale_id = $2`, [
      biz.business_id,
      order.order_id,
    ]);
    expect(use).toEqual({ given_back: '60.00', undone: [`return ${returned.return_number}`, 'cancel'] });
    expect(await financeOf(order.order_id)).toEqual([
      { type: 'income', category: 'store_credit', amount: '60.00' },
      { type: 'refund', category: 'store_credit', amount: '20.00' },
      { type: 'refund', category: 'store_credit', amount: '40.00' },
    ]);
  });

  it('its check refuses an order above the balance: 422, nothing written, no number taken', async () => {
    await credit('SHORT-1', '19.99');
    const before = await orderStateOf(t, biz.business_id);
    const stock = await stockOf(t, biz, product);
    const count = Number((await t.db.query(`SELECT count(*) AS n FROM sales WHERE business_id = $1`, [biz.business_id]))[0].n);
    const res = await api.post('/orders', { items: items(), payment_method: 'store_credit', store_credit: { code: 'SHORT-1' } }).expect(422);
    expect(res.body.error).toMatchObject({ code: 'INSUFFICIENT_TENDER', details: [{ total: 20, store_credit_balance: 19.99 }] });
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
    expect([await stockOf(t, biz, product), await balanceOf('SHORT-1')]).toEqual([stock, '19.99']);
    const next = (await api.post('/orders', { items: items(), payment_method: 'card' }).expect(201)).body.data;
    expect(next.order_number).toBe(`S-${String(count + 1).padStart(4, '0')}`);
  });

  it.each([
    ['paid with store credit without its field', { payment_method: 'store_credit' }, 'store_credit'],
    ['with an unknown field in store_credit', { payment_method: 'store_credit', store_credit: { code: 'EXAMPLE', extra: 1 } }, 'store_credit.extra'],
    ['with a store credit code too long', { payment_method: 'store_credit', store_credit: { code: 'X'.repeat(21) } }, 'store_credit.code'],
    ['with a string for store_credit', { payment_method: 'store_credit', store_credit: 'EXAMPLE' }, 'store_credit'],
    ['with store_credit, paid in cash (the default)', { store_credit: { code: 'EXAMPLE' } }, 'store_credit'],
    ['with store_credit, paid by card', { payment_method: 'card', store_credit: { code: 'EXAMPLE' } }, 'store_credit'],
    ['with cash_tendered, paid with store credit', { payment_method: 'store_credit', store_credit: { code: 'EXAMPLE' }, cash_tendered: 50 }, 'cash_tendered'],
  ])('an order %s is a 400 naming the field, and writes nothing', async (_label, extra, field) => {
    const before = await orderStateOf(t, biz.business_id);
    const res = await api.post('/orders', { items: items(), ...extra }).expect(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(await orderStateOf(t, biz.business_id)).toEqual(before);
  });

  it('the field with another method names the method it belongs to', async () => {
    const res = await api.post('/orders', { items: items(), payment_method: 'card', store_credit: { code: 'EXAMPLE' } }).expect(400);
    expect(res.body.error.details).toEqual([{ field: 'store_credit', message: 'store_credit is only accepted when payment_method is store_credit' }]);
  });

  it('cash, card and bank transfer still sell beside it, cash with its tender', async () => {
    const cash = (await api.post('/orders', { items: items(), cash_tendered: 25 }).expect(201)).body.data;
    expect(cash).toMatchObject({ payment_method: 'cash', cash_tendered: 25, change_due: 5 });
    for (const method of ['card', 'bank_transfer']) {
      const order = (await api.post('/orders', { items: items(), payment_method: method }).expect(201)).body.data;
      expect(await financeOf(order.order_id)).toEqual([{ type: 'income', category: 'sales', amount: '20.00' }]);
    }
  });

  it("every shape of the registered effects, store credit's among them, goes through an order, a return and a cancellation in lock order", async () => {
    const shapes = registeredSaleShapes(t);
    expect(shapes.some((shape) => shape.paymentMethod === 'store_credit')).toBe(true);
    const takes = jest.spyOn(LockOrder.prototype, 'take');
    const taken: Record<string, Set<LockRank>> = { order: new Set(), return: new Set(), cancel: new Set() };
    const note = (path: string) => {
      for (const [rank] of takes.mock.calls) taken[path].add(rank);
      takes.mockClear();
    };
    try {
      for (const [i, shape] of shapes.entries()) {
        const tag = `ext${i}`;
        const inputs = await arrangeShape(t, biz, shape, tag);
        takes.mockClear();
        const order = await api.post('/orders', orderBodyOf(shape, items(3), tag, inputs));
        expect([shapeName(shape), order.status, order.body.error?.message]).toEqual([shapeName(shape), 201, undefined]);
        note('order');
        const { order_id, items: lines } = order.body.data as { order_id: string; items: { id: string }[] };
        const returned = await api.post(`/orders/${order_id}/returns`, { items: [{ sale_item_id: lines[0].id, quantity: 1 }] });
        expect([shapeName(shape), returned.status, returned.body.error?.message]).toEqual([shapeName(shape), 201, undefined]);
        note('return');
        const cancelled = await api.post(`/orders/${order_id}/cancel`, {});
        expect([shapeName(shape), cancelled.status, cancelled.body.error?.message]).toEqual([shapeName(shape), 200, undefined]);
        note('cancel');
      }
    } finally {
      takes.mockRestore();
    }
    for (const path of ['order', 'return', 'cancel']) expect([path, taken[path].has(LockRank.PaymentMethod)]).toEqual([path, true]);
  });

  it('a cash order sends its three messages, tender or not; a store credit order one more, for its check', async () => {
    const messages = async (body: object) => {
      const sent: { client: Client; text: string }[] = [];
      // eslint-disable-next-line @typescript-eslint/unbound-method -- applied to the client it was called on
      const original = Client.prototype.query as (this: Client, ...args: unknown[]) => unknown;
      const spy = jest.spyOn(Client.prototype, 'query').mockImplementation(function (this: Client, ...args: unknown[]) {
        const [query] = args as [string | { text: string }];
        sent.push({ client: this, text: typeof query === 'string' ? query : query.text });
        return original.apply(this, args) as never;
      });
      try {
        expect((await api.post('/orders', body)).status).toBe(201);
      } finally {
        spy.mockRestore();
      }
      const first = sent.findIndex((m) => m.text.startsWith('BEGIN'));
      const own = sent.filter((m, i) => i >= first && m.client === sent[first].client && !m.text.startsWith('PREPARE ')).map((m) => m.text);
      return own.slice(0, own.findIndex((text) => /\bCOMMIT$/.test(text)) + 1);
    };
    for (const body of [{ items: items() }, { items: items(), cash_tendered: 50 }, { items: items(), payment_method: 'card' }]) {
      expect(await messages(body)).toHaveLength(3);
    }
    const paid = await messages({ items: items(), payment_method: 'store_credit', store_credit: { code: 'EXAMPLE' } });
    expect(paid).toHaveLength(4);
    expect(paid[2]).toContain('test_store_credit');
  });
});
