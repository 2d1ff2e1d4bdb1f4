import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { useAttemptKey } from '../../api/attempt-key';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { useBusiness, useFormat } from '../../frame/business';
import { businessToday } from '../../lib/business-day';
import { ErrorView } from '../../ui/ErrorView';

interface ExpenseBody {
  amount: number;
  category: string;
  description?: string;
  date: string;
}

/** New expense: POST /expenses (an Idempotency-Key per attempt); the date defaults to today in the business zone. */
export function NewExpense() {
  const { timezone } = useBusiness();
  const format = useFormat();
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState('');
  const [description, setDescription] = useState('');
  const [date, setDate] = useState(() => businessToday(timezone));
  const attempt = useAttemptKey();
  const create = useMutation({
    mutationFn: async (body: ExpenseBody) => dataOrThrow(await api.POST('/api/v1/expenses', { headers: { 'Idempotency-Key': attempt.keyFor(body) }, body })),
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async () => {
      attempt.end();
      setAmount('');
      setDescription('');
      await invalidatePaths('/api/v1/finance', '/api/v1/expenses');
    },
  });

  return (
    <form
      className="stacked"
      aria-labelledby="expense-title"
      onSubmit={(e) => {
        e.preventDefault();
        create.mutate({ amount: Number(amount), category: category.trim(), date, ...(description.trim() ? { description: description.trim() } : {}) });
      }}
    >
      <h2 id="expense-title">New expense</h2>
      <div className="field">
        <label htmlFor="expense-amount">Amount</label>
        <input id="expense-amount" type="number" min={0} step="0.01" inputMode="decimal" required value={amount} onChange={(e) => setAmount(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="expense-category">Category</label>
        <input id="expense-category" type="text" required value={category} onChange={(e) => setCategory(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="expense-description">Description (optional)</label>
        <input id="expense-description" type="text" value={description} onChange={(e) => setDescription(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="expense-date">Date</label>
        <input id="expense-date" type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
      </div>
      <div className="actions">
        <button type="submit" disabled={create.isPending}>
          Create expense
        </button>
      </div>
      {create.error && <ErrorView error={create.error} />}
      {create.data && (
        <p role="status" className="done">
          Expense of {format.money(create.data.data.amount)} ({create.data.data.category}) recorded on {format.day(create.data.data.date)}.
        </p>
      )}
    </form>
  );
}
