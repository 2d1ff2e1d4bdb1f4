import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../api/client';
import { useAttemptKey } from '../../api/attempt-key';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { useFormat } from '../../frame/business';
import { ErrorView } from '../../ui/ErrorView';
import { TableScroll } from '../../ui/list/ListPage';
import { newLine, payrollItems, type PayrollLine } from './payroll-lines';

interface PayrollBody {
  period_start: string;
  period_end: string;
  items: { employee_name: string; amount: number }[];
}

/**
 * New payroll run (POST /payroll/runs, an Idempotency-Key per attempt), its lines typed by keyboard:
 * Enter in a line goes to the next one, Enter in the last line adds a line (focus on its name);
 * "Add line" (reachable by Tab) does the same. Blank lines are left out of the request.
 */
export function NewPayrollRun() {
  const format = useFormat();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [lines, setLines] = useState<PayrollLine[]>(() => [newLine()]);
  const [focusLine, setFocusLine] = useState<number | null>(null);
  const names = useRef(new Map<number, HTMLInputElement>());
  const attempt = useAttemptKey();
  const create = useMutation({
    mutationFn: async (body: PayrollBody) =>
      dataOrThrow(await api.POST('/api/v1/payroll/runs', { headers: { 'Idempotency-Key': attempt.keyFor(body) }, body })),
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async () => {
      attempt.end();
      setLines([newLine()]);
      await invalidatePaths('/api/v1/finance', '/api/v1/payroll');
    },
  });

  useEffect(() => {
    if (focusLine === null) return;
    names.current.get(focusLine)?.focus();
    setFocusLine(null);
  }, [focusLine]);

  function addLine() {
    const line = newLine();
    setLines((current) => [...current, line]);
    setFocusLine(line.id);
  }

  function update(id: number, patch: Partial<PayrollLine>) {
    setLines((current) => current.map((line) => (line.id === id ? { ...line, ...patch } : line)));
  }

  function remove(index: number) {
    const next = lines.filter((_, i) => i !== index);
    setLines(next.length > 0 ? next : [newLine()]);
    const neighbour = next[Math.min(index, next.length - 1)];
    if (neighbour) setFocusLine(neighbour.id);
  }

  function onLineKey(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== 'Enter' || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    if (index === lines.length - 1) addLine();
    else setFocusLine(lines[index + 1].id);
  }

  return (
    <form
      className="stacked"
      aria-labelledby="payroll-title"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ period_start: start, period_end: end, items: payrollItems(lines) });
      }}
    >
      <h2 id="payroll-title">New payroll run</h2>
      <div className="filters">
        <div className="field">
          <label htmlFor="payroll-start">Period start</label>
          <input id="payroll-start" type="date" required value={start} onChange={(e) => setStart(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="payroll-end">Period end</label>
          <input id="payroll-end" type="date" required value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
      </div>
      <TableScroll label="Employees">
        <table>
          <caption>Employees (Enter in the last line adds a line)</caption>
          <thead>
            <tr>
              <th scope="col">Employee</th>
              <th scope="col">Amount</th>
              <th scope="col">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, index) => (
              <tr key={line.id}>
                <td>
                  <input
                    ref={(el) => {
                      if (el) names.current.set(line.id, el);
                      else names.current.delete(line.id);
                    }}
                    aria-label={`Employee name, line ${index + 1}`}
                    type="text"
                    value={line.employee_name}
                    onChange={(e) => update(line.id, { employee_name: e.target.value })}
                    onKeyDown={(e) => onLineKey(e, index)}
                  />
                </td>
                <td>
                  <input
                    aria-label={`Amount, line ${index + 1}`}
                    type="number"
                    min={0}
                    step="0.01"
                    inputMode="decimal"
                    value={line.amount}
                    onChange={(e) => update(line.id, { amount: e.target.value })}
                    onKeyDown={(e) => onLineKey(e, index)}
                  />
                </td>
                <td>
                  <button type="button" onClick={() => remove(index)} aria-label={`Remove line ${index + 1}`}>
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <div className="actions">
        <button type="button" onClick={addLine}>
          Add line
        </button>
        <button type="submit" disabled={create.isPending}>
          Create payroll run
        </button>
      </div>
      {create.error && <ErrorView error={create.error} />}
      {create.data && (
        <p role="status" className="done">
          Payroll run of {format.money(create.data.data.total)} for {create.data.data.employee_count} employees ({format.day(create.data.data.period_start)} to{' '}
          {format.day(create.data.data.period_end)}) recorded.
        </p>
      )}
    </form>
  );
}
