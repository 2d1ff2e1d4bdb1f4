import { describe, expect, it } from 'vitest';
import { tillFigures, type Answer, type OrderQuote } from './till-quote';
import type { CreateOrder } from './sale-lines';

const body = (quantity: number, cash?: number): CreateOrder => ({
  items: [{ product_id: 'p1', quantity }],
  payment_method: 'cash',
  ...(cash !== undefined ? { cash_tendered: cash } : {}),
});
const quote = (total: string, change: string | null = null): OrderQuote => ({
  items: [],
  subtotal: total,
  tax_amount: '0.00',
  discount_amount: '0.00',
  shipping_amount: '0.00',
  total,
  cash_tendered: null,
  change_due: change,
});
const answered = (b: CreateOrder, q: OrderQuote, short = false): Answer => ({ key: JSON.stringify(b), body: b, quote: { quote: q, short } });
const refused = (b: CreateOrder, error: unknown): Answer => ({ key: JSON.stringify(b), body: b, error });

describe('tillFigures: never a stale figure shown as current', () => {
  it('shows the figures of the lines as they are as current', () => {
    const a = answered(body(2), quote('25.00'));
    expect(tillFigures(a, a, body(2))).toMatchObject({ quote: { total: '25.00' }, current: true, changeCurrent: true, error: null });
  });

  it('marks the figures of older lines as not current while the newer ones are asked', () => {
    const a = answered(body(2), quote('25.00'));
    expect(tillFigures(a, a, body(3))).toMatchObject({ quote: { total: '25.00' }, current: false, changeCurrent: false });
  });

  it('keeps the total current while only the tender is typed, but not its change', () => {
    const a = answered(body(2, 30), quote('25.00', '5.00'));
    expect(tillFigures(a, a, body(2, 50))).toMatchObject({ current: true, changeCurrent: false });
    expect(tillFigures(a, a, body(2, 30))).toMatchObject({ current: true, changeCurrent: true, short: false });
  });

  it('says the tender is short only for the tender it was asked with', () => {
    const a = answered(body(2, 20), quote('25.00'), true);
    expect(tillFigures(a, a, body(2, 20))).toMatchObject({ short: true, changeCurrent: true });
    expect(tillFigures(a, a, body(2, 200))).toMatchObject({ short: false, changeCurrent: false });
  });

  it('shows the error of the lines as they are, and forgets it once they change', () => {
    const good = answered(body(2), quote('25.00'));
    const bad = refused(body(-1), { error: { code: 'VALIDATION_FAILED', message: 'no' } });
    expect(tillFigures(good, bad, body(-1))).toMatchObject({ current: false, error: bad.error });
    expect(tillFigures(good, bad, body(2))).toMatchObject({ current: true, error: null });
  });

  it('shows nothing without lines', () => {
    const a = answered(body(2), quote('25.00'));
    expect(tillFigures(a, a, null)).toEqual({ quote: null, current: false, changeCurrent: false, short: false, error: null });
  });
});
