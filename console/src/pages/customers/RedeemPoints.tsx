import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { formatQuantity } from '../../lib/money';
import { randomToken } from '../../lib/random-token';
import { ErrorView } from '../../ui/ErrorView';

interface Attempt {
  points: string;
  reason: string;
  key: string;
}

/**
 * Redeem points (POST /loyalty/redeem) with an Idempotency-Key made once per attempt: a retry of a
 * request that got no answer reuses it (the API replays rather than redeem twice); an answer, or a
 * changed form, starts a new attempt. The API's refusal (422
 * INSUFFICIENT_POINTS with the balance and the points asked) is shown on the form, which keeps what
 * was typed.
 */
export function RedeemPoints({ customerId }: { customerId: string }) {
  const [points, setPoints] = useState('');
  const [reason, setReason] = useState('');
  const [attempt, setAttempt] = useState<Attempt | null>(null);
  const redeem = useMutation({
    mutationFn: async (a: Attempt) =>
      dataOrThrow(
        await api.POST('/api/v1/loyalty/redeem', {
          headers: { 'Idempotency-Key': a.key },
          body: { customer_id: customerId, points: Number(a.points), ...(a.reason.trim() ? { reason: a.reason.trim() } : {}) },
        }),
      ),
    // an answer from the API ends the attempt (a refusal is final for its key); only a request left without an answer keeps its key for the retry
    onError: (error) => {
      if (shownError(error).code) setAttempt(null);
    },
    onSuccess: async () => {
      setPoints('');
      setReason('');
      setAttempt(null);
      await invalidatePaths('/api/v1/loyalty', '/api/v1/customers');
    },
  });

  function submit() {
    const same = attempt && attempt.points === points && attempt.reason === reason ? attempt : null;
    const next = same ?? { points, reason, key: randomToken() };
    setAttempt(next);
    redeem.mutate(next);
  }

  return (
    <form
      className="stacked"
      aria-labelledby="redeem-title"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h3 id="redeem-title">Redeem points</h3>
      <div className="field">
        <label htmlFor="redeem-points">Points to redeem</label>
        <input id="redeem-points" type="number" min={1} step={1} required inputMode="numeric" value={points} onChange={(e) => setPoints(e.target.value)} />
      </div>
      <div className="field">
        <label htmlFor="redeem-reason">Reason (optional)</label>
        <input id="redeem-reason" type="text" maxLength={255} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="actions">
        <button type="submit" disabled={redeem.isPending}>
          Redeem points
        </button>
      </div>
      {redeem.error && <ErrorView error={redeem.error} />}
      {redeem.data && (
        <p role="status" className="done">
          Redeemed {formatQuantity(redeem.data.data.points_redeemed)} points; the balance is now {formatQuantity(redeem.data.data.new_balance)} points.
        </p>
      )}
    </form>
  );
}
