import { DomainError } from '../../common/errors/domain-error';
import { pricePayrollRun } from './payroll-run';

function failure(fn: () => unknown): DomainError {
  try {
    fn();
  } catch (err) {
    return err as DomainError;
  }
  throw new Error('expected a DomainError');
}

describe('pricePayrollRun', () => {
  it('sums the amounts exactly', () => {
    const run = pricePayrollRun({
      period_start: '2026-11-01',
      period_end: '2026-11-30',
      items: [
        { employee_name: 'A', amount: 0.1 },
        { employee_name: 'B', amount: 0.2 },
        { employee_name: 'C', amount: 1000.05 },
      ],
    });
    expect(run).toEqual({
      periodStart: '2026-11-01',
      periodEnd: '2026-11-30',
      items: [
        { employee_name: 'A', amount: '0.1' },
        { employee_name: 'B', amount: '0.2' },
        { employee_name: 'C', amount: '1000.05' },
      ],
      total: '1000.35',
    });
  });

  it('accepts a one-day period', () => {
    expect(pricePayrollRun({ period_start: '2026-11-30', period_end: '2026-11-30', items: [{ employee_name: 'A', amount: 1 }] }).total).toBe('1');
  });

  it('refuses a period that ends before it starts', () => {
    const err = failure(() => pricePayrollRun({ period_start: '2026-11-30', period_end: '2026-11-29', items: [{ employee_name: 'A', amount: 1 }] }));
    expect(err).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ field: 'period_end', message: 'period_end must not be before period_start' }],
    });
  });

  it('refuses a total above the largest money amount, and takes one equal to it', () => {
    const big = { employee_name: 'A', amount: 999_999_999_999.99 };
    const err = failure(() => pricePayrollRun({ period_start: '2026-11-01', period_end: '2026-11-30', items: [big, { employee_name: 'B', amount: 0.01 }] }));
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ field: 'items', message: 'the total must not exceed 999999999999.99' }] });
    expect(pricePayrollRun({ period_start: '2026-11-01', period_end: '2026-11-30', items: [big] }).total).toBe('999999999999.99');
  });
});
