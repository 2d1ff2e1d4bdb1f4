import { DomainError } from '../../common/errors/domain-error';
import { CashPayment } from './cash.payment';

describe('CashPayment.tender: the change, exact, or the refusal', () => {
  const cash = new CashPayment();

  it.each([
    // exact decimal strings, as SQL parameters (moneyString): no float's 0.19999999999999998
    ['29.75', 50, { tendered: '50', change: '20.25' }],
    ['29.75', 29.75, { tendered: '29.75', change: '0' }],
    ['0.30', 0.3, { tendered: '0.3', change: '0' }],
    ['0.10', 0.3, { tendered: '0.3', change: '0.2' }],
    ['0.00', 0, { tendered: '0', change: '0' }],
    ['999999999999.98', 999_999_999_999.99, { tendered: '999999999999.99', change: '0.01' }],
  ])('total %s, tendered %d', (total, tendered, expected) => {
    expect(cash.tender(total, { cash_tendered: tendered })).toEqual(expected);
  });

  it('is null without a tender', () => {
    expect(cash.tender('10.00', {})).toBeNull();
  });

  it('refuses a cent short, naming the total and the tender', () => {
    let thrown: unknown;
    try {
      cash.tender('29.75', { cash_tendered: 29.74 });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ code: 'INSUFFICIENT_TENDER', details: [{ total: 29.75, cash_tendered: 29.74 }] });
  });
});
