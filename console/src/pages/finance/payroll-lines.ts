/** The lines of the New payroll run form, as typed (text), and the request's items made of them. */
export interface PayrollLine {
  id: number;
  employee_name: string;
  amount: string;
}

let nextId = 1;
export function newLine(): PayrollLine {
  return { id: nextId++, employee_name: '', amount: '' };
}

export function isBlank(line: PayrollLine): boolean {
  return line.employee_name.trim() === '' && line.amount.trim() === '';
}

/**
 * The items of POST /payroll/runs: the lines in order, entirely blank lines left out (Enter in the last
 * line adds one that may stay empty). An amount goes as the JSON number of its text; the API refuses
 * what is not money (400), and the form shows that.
 */
export function payrollItems(lines: PayrollLine[]): { employee_name: string; amount: number }[] {
  return lines
    .filter((line) => !isBlank(line))
    .map((line) => ({ employee_name: line.employee_name.trim(), amount: line.amount.trim() === '' ? Number.NaN : Number(line.amount) }));
}
