import { DomainEvent } from '../common/events/domain-event';
import { CombinedStatement } from './combined-statement';
import { LockOrderViolation, LockRank } from './lock-order';
import { addNumber } from './numbering';
import { Statement } from './statement';
import { Tx } from './transaction';

class SomethingHappened extends DomainEvent<{ id: string; number: string }> {
  readonly name = 'sale.completed' as const;
}

/** A Tx whose connection answers every command of a message with `row`, keeping the messages it was sent. */
function fakeTx(row: Record<string, unknown>): { tx: Tx; sent: string[] } {
  const sent: string[] = [];
  const client = {
    query: (message: string) => {
      sent.push(message);
      return Promise.resolve(message.startsWith('PREPARE ') ? { rows: [] } : message.split('; ').map(() => ({ rows: [{ ...row }] })));
    },
  };
  const queryRunner = { connect: () => Promise.resolve(client) };
  return { tx: new Tx({ queryRunner } as never), sent };
}

describe('CombinedStatement', () => {
  it('numbers parameters across parts and joins them, under quoted module names, into one WITH statement', () => {
    const stmt = new CombinedStatement();
    const one = stmt.add('orders.one', `SELECT ${stmt.param('biz', 'uuid')} AS id`);
    const two = stmt.add('orders.two', `SELECT id, ${stmt.param(5)} AS n FROM ${one.from}`);
    const { text, values } = stmt.compose({ columns: { n: two.column('n') }, from: two });
    expect(text).toBe(
      'WITH "orders.one" AS (SELECT $1::uuid AS id),\n"orders.two" AS (SELECT id, $2 AS n FROM "orders.one")\nSELECT "orders.two".n AS "n" FROM "orders.two"',
    );
    expect(values).toEqual(['biz', 5]);
    expect(stmt.has('orders.one')).toBe(true);
    expect(stmt.has('orders.three')).toBe(false);
  });

  it('is just the SELECT without parts', () => {
    expect(new CombinedStatement().compose({ columns: { two: '2' } }).text).toBe('SELECT 2 AS "two"');
  });

  it('refuses a part name twice, a name outside <module>.<part>, and, within a module, another module', () => {
    const stmt = new CombinedStatement();
    stmt.add('customers.totals', 'SELECT 1');
    expect(() => stmt.add('customers.totals', 'SELECT 2')).toThrow('statement part customers.totals is added twice');
    expect(() => stmt.add('totals', 'SELECT 2')).toThrow('is not named <module>.<camelCaseName>');
    expect(() => stmt.add('customers.sale_no', 'SELECT 2')).toThrow('is not named');
    expect(() => stmt.add('outbox.events', 'SELECT 2')).toThrow("the outbox module is the statement's own");
    stmt.within('loyalty', () => stmt.add('loyalty.account', 'SELECT 1'));
    expect(() => stmt.within('loyalty', () => stmt.add('customers.other', 'SELECT 1'))).toThrow('outside module loyalty');
    expect(stmt.has('customers.other')).toBe(false);
  });

  it('takes ranked parts in ascending order only, naming both parts', () => {
    const stmt = new CombinedStatement();
    const counter = stmt.add('orders.counter', 'SELECT 1', { lock: LockRank.SaleCounter });
    expect(() => stmt.add('stock.levels', `SELECT 1 FROM ${counter.from}`, { lock: LockRank.StockLevels })).toThrow(LockOrderViolation);
    expect(() => stmt.add('stock.levels', `SELECT 1 FROM ${counter.from}`, { lock: LockRank.StockLevels })).toThrow(
      'lock order: part stock.levels (StockLevels) added after orders.counter (SaleCounter)',
    );
    expect(stmt.has('stock.levels')).toBe(false);
  });

  it('requires a ranked part to read the part holding the previous rank', () => {
    const stmt = new CombinedStatement();
    stmt.add('orders.counter', 'SELECT 1', { lock: LockRank.SaleCounter });
    stmt.add('orders.unranked', 'SELECT 2');
    expect(() => stmt.add('customers.totals', 'SELECT 3 FROM "orders.unranked"', { lock: LockRank.CustomerTotals })).toThrow(
      'lock order: part customers.totals (CustomerTotals) must read orders.counter, which takes the previous lock',
    );
    const totals = stmt.add('customers.totals', `SELECT 3 WHERE ${stmt.afterLastLock()}`, { lock: LockRank.CustomerTotals });
    expect(stmt.lastLock).toBe(totals);
    stmt.add('loyalty.account', `SELECT 4 FROM ${totals.from}`, { lock: LockRank.LoyaltyAccount });
    expect(stmt.afterLastLock()).toBe('EXISTS (SELECT 1 FROM "loyalty.account")');
  });

  it('a first ranked part reads nothing before it, and the same rank may come again', () => {
    const stmt = new CombinedStatement();
    expect(stmt.afterLastLock()).toBe('true');
    const a = stmt.add('stock.a', 'SELECT 1', { lock: LockRank.StockLevels });
    expect(() => stmt.add('stock.b', `SELECT 1 FROM ${a.from}`, { lock: LockRank.StockLevels })).not.toThrow();
  });

  it('numbers chain after the last lock and give typed references to their columns', () => {
    const stmt = new CombinedStatement();
    const biz = stmt.param('b', 'uuid');
    const sale = addNumber(stmt, 'orders.saleNumber', biz, 'sale', 'S');
    const invoice = addNumber(stmt, 'invoices.number', biz, 'invoice', 'INV');
    expect(sale.formatted).toBe('"orders.saleNumber".formatted');
    expect(sale.at).toBe('"orders.saleNumber".at');
    expect(invoice.number).toBe('"invoices.number".number');
    const { text } = stmt.compose({ columns: { n: invoice.part.scalar(invoice.formatted) } });
    expect(text).toContain('"invoices.number" AS (UPDATE business_counters c SET value = c.value + 1');
    expect(text).toContain(`AND EXISTS (SELECT 1 FROM "orders.saleNumber")`);
    expect(() => addNumber(stmt, 'orders.again', biz, 'sale', 'S')).toThrow(LockOrderViolation);
  });

  it('writes the events it is given in one part, stamping values only the statement knows', () => {
    const stmt = new CombinedStatement();
    const n = stmt.add('orders.n', `SELECT 'S-0001'::text AS formatted`);
    const event = new SomethingHappened('biz', { id: 'x', number: '' });
    stmt.stamp(event, 'number', n.scalar(n.column('formatted')));
    const { text, values } = stmt.compose({ columns: { one: '1' } }, [event]);
    expect(text).toContain('"outbox.events" AS (INSERT INTO outbox_events');
    expect(text).toContain(
      `e.data || CASE e.id WHEN $1::uuid THEN jsonb_build_object('number', (SELECT "orders.n".formatted FROM "orders.n")) ELSE '{}'::jsonb END`,
    );
    expect(text).toContain('jsonb_to_recordset($2::jsonb)');
    expect(JSON.parse(values[1] as string)).toEqual([
      {
        id: event.id,
        business_id: 'biz',
        type: 'sale.completed',
        data: { id: 'x', number: '' },
        created_at: event.occurredAt.toISOString(),
        trace_parent: null,
      },
    ]);
  });

  it('run: writes the unwritten events, takes its locks on the transaction, and settles stamps and conditional events', async () => {
    const { tx, sent } = fakeTx({ answer: 42, 'stamp 0': 'S-0007', 'event 0': true });
    const pending = new SomethingHappened('biz', { id: 'p', number: '' });
    const conditional = new SomethingHappened('biz', { id: 'c', number: '' });
    tx.record(pending);
    tx.locks.take(LockRank.StockLevels);
    const stmt = new CombinedStatement();
    const n = stmt.add('orders.n', 'SELECT 1 AS formatted', { lock: LockRank.SaleCounter });
    stmt.stamp(pending, 'number', n.scalar(n.column('formatted')));
    stmt.writeEventIf(conditional, n);
    const row = await stmt.run<{ answer: number }>(tx, { columns: { answer: '42' }, from: n });
    expect(row).toEqual({ answer: 42 });
    expect(pending.data.number).toBe('S-0007');
    expect(tx.events).toEqual([pending, conditional]);
    expect(tx.takeEventsToWrite()).toEqual([]);
    expect(tx.locks.highest).toBe(LockRank.SaleCounter);
    expect(sent[0]).toMatch(/^PREPARE g_s_[0-9a-f]+ AS WITH /);
    expect(sent[0]).toContain('"outbox.eventIf0" AS (INSERT INTO outbox_events');
    expect(sent[0]).toContain('"outbox.events" AS (INSERT INTO outbox_events');
    // on its generic plan made of key probes, the planner settings restored after it
    expect(sent[1]).toMatch(
      /^SET LOCAL plan_cache_mode TO force_generic_plan; .*SET LOCAL enable_seqscan TO off; .*EXECUTE g_s_[0-9a-f]+\(.*\); SET LOCAL plan_cache_mode TO DEFAULT/,
    );
  });

  it('lockFirst: the lead statement runs just before the statement, in its message, both prepared once', async () => {
    const { tx, sent } = fakeTx({ answer: 1 });
    const lead: Statement<[string], unknown> = { name: 'check.lead', text: 'SELECT 1 FROM business_counters WHERE business_id = $1 FOR UPDATE' };
    const stmt = new CombinedStatement();
    stmt.lockFirst(lead, ['biz']);
    stmt.add('orders.n', 'SELECT 1 AS formatted', { lock: LockRank.SaleCounter });
    expect(await stmt.run<{ answer: number }>(tx, { columns: { answer: '1' } })).toEqual({ answer: 1 });
    expect(sent[0]).toMatch(/^PREPARE g_s_[0-9a-f]+ AS SELECT 1 FROM business_counters WHERE business_id = \$1 FOR UPDATE$/);
    expect(sent[1]).toMatch(/^PREPARE g_s_[0-9a-f]+ AS WITH "orders.n"/);
    const leadName = sent[0].split(' ')[1];
    const mainName = sent[1].split(' ')[1];
    expect(sent[2]).toContain(`; EXECUTE ${leadName}('biz'); EXECUTE ${mainName}`);
    expect(sent).toHaveLength(3);
  });

  it('run: refuses a ranked part below a lock the transaction took in an earlier statement', async () => {
    const { tx } = fakeTx({});
    tx.locks.take(LockRank.SaleCounter);
    const stmt = new CombinedStatement();
    stmt.add('stock.levels', 'SELECT 1', { lock: LockRank.StockLevels });
    await expect(stmt.run(tx, { columns: { one: '1' } })).rejects.toThrow('lock order: StockLevels taken after SaleCounter');
  });
});
