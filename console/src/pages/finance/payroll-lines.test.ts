import { describe, expect, it } from 'vitest';
import { newLine, payrollItems } from './payroll-lines';

describe('payrollItems', () => {
  it('keeps the lines in order, trimmed, and leaves out the blank ones', () => {
    const lines = [
      { ...newLine(), employee_name: ' Grace ', amount: '2500.10' },
      newLine(),
      { ...newLine(), employee_name: 'Alan', amount: '0.30' },
      { ...newLine(), employee_name: '  ', amount: ' ' },
    ];
    expect(payrollItems(lines)).toEqual([
      { employee_name: 'Grace', amount: 2500.1 },
      { employee_name: 'Alan', amount: 0.3 },
    ]);
  });

  it('keeps a half-typed line with no amount (null in JSON, never 0) so the API says what is missing', () => {
    const items = payrollItems([{ ...newLine(), employee_name: 'Edsger' }]);
    expect(JSON.stringify(items)).toBe('[{"employee_name":"Edsger","amount":null}]');
  });

  it('gives each new line its own id', () => {
    expect(newLine().id).not.toBe(newLine().id);
  });
});
