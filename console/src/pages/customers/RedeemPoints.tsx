import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useAttemptKey } from '../../api/attempt-key';
import { api } from '../../api/client';
import { dataOrThrow, shownError } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { formatQuantity } from '../../lib/money';
import { ErrorView } from '../../ui/ErrorView';

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
  const attempt = useAttemptKey();
  const redeem = useMutation({
    mutationFn: async (body: { customer_id: string; points: number; reason?: string }) =>
      dataOrThrow(await api.POST('/api/v1/loyalty/redeem', { headers: { 'Idempotency-Key': attempt.keyFor(body) }, body })),
    // an answer from the API ends the attempt (a refusal is final for its key); only a request left without an answer keeps its key for the retry
    onError: (error) => {
      if (shownError(error).code) attempt.end();
    },
    onSuccess: async () => {
      setPoints('');
      setReason('');
      attempt.end();
      await invalidatePaths('/api/v1/loyalty', '/api/v1/customers');
    },
  });

  function submit() {
    redeem.mutate({ customer_id: customerId, points: Number(points), ...(reason.trim() ? { reason: reason.trim() } : {}) });
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
        <input id="redeem-reason" type="text" value={reason} onChange={(e) => setReason(e.target.value)} />
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
