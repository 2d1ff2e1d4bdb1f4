import { Injectable, Module } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { IsString, MaxLength } from 'class-validator';
import { Client } from 'pg';
import { BusinessContext } from '../src/common/auth/business-context';
import { DomainError } from '../src/common/errors/domain-error';
import { dec, moneyString } from '../src/common/money/money';
import { IsMoney } from '../src/common/validation/decorators';
import { Tx } from '../src/database/transaction';
import type { SaleStatement } from '../src/modules/orders/persistence/sale-statement';
import type { SaleEffect, SaleReversal, SaleShape } from '../src/modules/orders/sale-effect';
import { SaleEffectProvider } from '../src/modules/orders/sale-effects';
import { SaleDraft } from '../src/modules/orders/sale-draft';
import { seedProduct } from './helpers/orders-fixtures';
import { apiAs, createBusiness, startTestApp, TestApp, TestBusiness } from './helpers/test-app';
import { createTenantTable } from './helpers/tenant-table';

/** The test effect's own field of POST /orders: `voucher: {code, amount}`. */
class VoucherInput {
  @ApiProperty({ example: 'SPRING-5', maxLength: 20 })
  @IsString()
  @MaxLength(20)
  code: string;

  @IsMoney({ required: true })
  amount: number;
}

/** What the effect was handed, per call, for the assertions. */
const seen: { phase: string; input: unknown }[] = [];

/**
 * A test-only sale effect (never shipped in src): a voucher paid towards the order. Its check
 * refuses a voucher worth more than the order (422 OVERPAYMENT); its part writes the voucher's use
 * with the sale; its undo notes what it gave back, finding its row by the sale's id.
 */
@Injectable()
@SaleEffectProvider()
class VoucherSaleEffect implements SaleEffect<VoucherInput> {
  readonly module = 'testVouchers';
  readonly lock = null;
  readonly shapes: SaleShape[] = [{}, { inputs: ['testVouchers'] }];
  readonly refusals = ['OVERPAYMENT'] as const;
  readonly input = {
    key: 'voucher',
    type: VoucherInput,
    description: 'a voucher paid towards the order (a test effect)',
    example: { code: 'SPRING-5', amount: 5 },
  };

  checkSale(_tx: Tx, _business: BusinessContext, sale: SaleDraft, input: VoucherInput | undefined): Promise<void> {
    seen.push({ phase: 'check', input });
    if (input && dec(input.amount).gt(sale.total)) throw new DomainError('OVERPAYMENT', 'The voucher is worth more than the order');
    return Promise.resolve();
  }

  addToSale(stmt: SaleStatement, sale: SaleDraft, input: VoucherInput | undefined): void {
    seen.push({ phase: 'add', input });
    if (!input) return;
    stmt.add(
      'testVouchers.use',
      `INSERT INTO test_voucher_uses (business_id, sale_id, code, amount)
       SELECT ${stmt.businessId}, ${stmt.param(sale.id, 'uuid')}, ${stmt.param(input.code, 'text')}, ${stmt.param(moneyString(input.amount), 'numeric')}
         FROM ${stmt.saleNumber.from}`,
    );
  }

  async reverseSale(tx: Tx, reversal: SaleReversal): Promise<void> {
    await tx.query(`UPDATE test_voucher_uses SET undone = undone || $3::text WHERE business_id = $1 AND sale_id = $2`, [
      reversal.businessId,
      reversal.sale.id,
      reversal.wholeSale ? 'cancel' : `return ${reversal.returned!.returnNumber}`,
    ]);
  }
}

@Module({ providers: [VoucherSaleEffect] })
class TestVouchersModule {}

/**
 * Issue 32: an order effect's own input, declared by the effect (SaleEffect.input), not by the orders
 * DTO: validated like the rest, documented under POST /orders' body, handed to the check and the
 * part, and an order that carries none sends what it sent before (three messages on its connection).
 */
describe('a sale effect with its own input in the order body', () => {
  let t: TestApp;
  let biz: TestBusiness;
  let api: ReturnType<typeof apiAs>;
  let product: string;

  beforeAll(async () => {
    t = await startTestApp({}, { modules: [TestVouchersModule] });
    await createTenantTable(
      t.db,
      'test_voucher_uses',
      `CREATE TABLE test_voucher_uses (business_id uuid NOT NULL, sale_id uuid NOT NULL, code text NOT NULL, amount numeric(12,2) NOT NULL, undone text[] NOT NULL DEFAULT '{}')`,
    );
    biz = await createBusiness(t);
    api = apiAs(t, biz);
    product = await seedProduct(t, biz, { price: '20.00', stock: '50' });
  });
  afterAll(() => t.close());

  const uses = (): Promise<{ sale_id: string; code: string; amount: string; undone: string[] }[]> =>
    t.db.query(`SELECT sale_id, code, amount::text, undone FROM test_voucher_uses WHERE business_id = $1`, [biz.business_id]);
  const sales = async () => Number((await t.db.query(`SELECT count(*) AS n FROM sales WHERE business_id = $1`, [biz.business_id]))[0].n);

  it('is documented under POST /orders’ request body, with its refusal', async () => {
    const doc = (await t.http().get('/docs-json').expect(200)).body;
    const op = doc.paths['/api/v1/orders'].post;
    const ref: string = op.requestBody.content['application/json'].schema.$ref;
    const body = doc.components.schemas[ref.split('/').pop()!];
    const voucher = body.properties.voucher;
    expect(voucher.description).toBe('a voucher paid towards the order (a test effect)');
    expect(body.required).not.toContain('voucher');
    const target = JSON.stringify(voucher).match(/#\/components\/schemas\/(\w+)/)![1];
    expect(doc.components.schemas[target].required).toEqual(expect.arrayContaining(['code', 'amount']));
    expect(Object.keys(doc.components.schemas[target].properties).sort()).toEqual(['amount', 'code']);
    expect(JSON.stringify(op.responses['422'])).toContain('OVERPAYMENT');
  });

  it('hands the check and the part the validated input, and writes its row with the sale', async () => {
    seen.length = 0;
    const res = await api.post('/orders', { items: [{ product_id: product, quantity: 1 }], voucher: { code: 'SPRING-5', amount: 5 } });
    expect(res.status).toBe(201);
    expect(seen.map((s) => s.phase)).toEqual(['check', 'add']);
    for (const s of seen) {
      expect(s.input).toBeInstanceOf(VoucherInput);
      expect(s.input).toEqual({ code: 'SPRING-5', amount: 5 });
    }
    expect(await uses()).toEqual([{ sale_id: res.body.data.order_id, code: 'SPRING-5', amount: '5.00', undone: [] }]);
  });

  it('an order without it hands them undefined and writes no row of the effect', async () => {
    seen.length = 0;
    const before = (await uses()).length;
    const res = await api.post('/orders', { items: [{ product_id: product, quantity: 1 }] });
    expect(res.status).toBe(201);
    expect(seen).toEqual([
      { phase: 'check', input: undefined },
      { phase: 'add', input: undefined },
    ]);
    expect(await uses()).toHaveLength(before);
  });

  it.each([
    ['an unknown field in it', { code: 'X', amount: 1, extra: true }, 'voucher.extra'],
    ['a missing field', { code: 'X' }, 'voucher.amount'],
    ['a wrong type', { code: 'X', amount: '1' }, 'voucher.amount'],
    ['three decimals', { code: 'X', amount: 1.001 }, 'voucher.amount'],
    ['a code too long', { code: 'X'.repeat(21), amount: 1 }, 'voucher.code'],
    ['a string instead of an object', 'SPRING-5', 'voucher'],
  ])('%s is a 400 naming the field, and writes nothing', async (_label, voucher, field) => {
    const before = [await sales(), (await uses()).length];
    const res = await api.post('/orders', { items: [{ product_id: product, quantity: 1 }], voucher });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_FAILED');
    expect(res.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
    expect([await sales(), (await uses()).length]).toEqual(before);
  });

  it('an unknown top-level field is still a 400', async () => {
    const res = await api.post('/orders', { items: [{ product_id: product, quantity: 1 }], gift_card: { code: 'X', amount: 1 } });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([expect.objectContaining({ field: 'gift_card' })]);
  });

  it('its check refuses: 422, no sale, no number taken, no stock moved', async () => {
    const stock = async () =>
      (await t.db.query(`SELECT quantity::text FROM stock_levels WHERE business_id = $1 AND product_id = $2`, [biz.business_id, product]))[0].quantity;
    const [salesBefore, stockBefore] = [await sales(), await stock()];
    const refused = await api.post('/orders', { items: [{ product_id: product, quantity: 1 }], voucher: { code: 'BIG', amount: 20.01 } });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'OVERPAYMENT']);
    expect([await sales(), await stock()]).toEqual([salesBefore, stockBefore]);
    const next = await api.post('/orders', { items: [{ product_id: product, quantity: 1 }], voucher: { code: 'ALL', amount: 20 } });
    expect(next.status).toBe(201);
    expect(next.body.data.order_number).toBe(`S-${String(salesBefore + 1).padStart(4, '0')}`);
  });

  it('its undo runs on a return and on the cancellation, finding its row by the sale', async () => {
    const order = await api.post('/orders', { items: [{ product_id: product, quantity: 2 }], voucher: { code: 'UNDO', amount: 3 } });
    const { order_id, items } = order.body.data;
    const returned = await api.post(`/orders/${order_id}/returns`, { items: [{ sale_item_id: items[0].id, quantity: 1 }] });
    expect(returned.status).toBe(201);
    expect((await api.post(`/orders/${order_id}/cancel`, {})).status).toBe(200);
    const mine = (await uses()).find((u) => u.sale_id === order_id)!;
    expect(mine.undone).toEqual([`return ${returned.body.data.return_number}`, 'cancel']);
  });

  it('an order with or without the input sends three messages on its connection (the check reads nothing)', async () => {
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
      // the order's transaction, up to its COMMIT (the pooled connection serves others afterwards)
      return own.slice(0, own.findIndex((text) => /\bCOMMIT$/.test(text)) + 1);
    };
    const items = [{ product_id: product, quantity: 1 }];
    for (const body of [{ items }, { items, voucher: { code: 'RT', amount: 1 } }, { items }]) {
      const sent = await messages(body);
      expect(sent).toHaveLength(3);
      expect(sent[0]).toMatch(/^BEGIN; /);
      expect(sent[2]).toMatch(/; COMMIT$/);
    }
  });
});
