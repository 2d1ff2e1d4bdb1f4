import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client';
import { dataOrThrow } from '../../api/errors';
import { invalidatePaths } from '../../api/invalidate';
import { AlertDialog } from '../../ui/AlertDialog';
import { ErrorView } from '../../ui/ErrorView';
import type { Webhook } from './webhook-events';

/** Pause or resume (PUT /webhooks/:id {is_active}) and delete after a confirmation (DELETE, 204). */
export function WebhookActions({ webhook, onDeleted }: { webhook: Webhook; onDeleted?: () => void }) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  const toggle = useMutation({
    mutationFn: async (isActive: boolean) =>
      dataOrThrow(await api.PUT('/api/v1/webhooks/{id}', { params: { path: { id: webhook.id } }, body: { is_active: isActive } })),
    onSuccess: () => invalidatePaths('/api/v1/webhooks'),
  });
  const remove = useMutation({
    mutationFn: async () => {
      const result = await api.DELETE('/api/v1/webhooks/{id}', { params: { path: { id: webhook.id } } });
      if (!result.response.ok) dataOrThrow(result);
    },
    onSuccess: async () => {
      setConfirmDelete(false);
      onDeleted?.();
      await invalidatePaths('/api/v1/webhooks');
    },
  });

  return (
    <>
      <div className="actions">
        <button
          type="button"
          disabled={toggle.isPending}
          aria-label={`${webhook.is_active ? 'Pause' : 'Resume'} ${webhook.url}`}
          onClick={() => toggle.mutate(!webhook.is_active)}
        >
          {webhook.is_active ? 'Pause' : 'Resume'}
        </button>
        <button type="button" className="danger" aria-label={`Delete ${webhook.url}`} onClick={() => setConfirmDelete(true)}>
          Delete
        </button>
      </div>
      {toggle.error && <ErrorView error={toggle.error} />}
      {confirmDelete && (
        <AlertDialog
          title="Delete this webhook?"
          confirmLabel="Delete webhook"
          closeLabel="Keep webhook"
          busy={remove.isPending}
          error={remove.error}
          onConfirm={() => remove.mutate()}
          onClose={() => {
            remove.reset();
            setConfirmDelete(false);
          }}
        >
          <p>
            Events stop going to <code>{webhook.url}</code> and its delivery log goes with it.
          </p>
        </AlertDialog>
      )}
    </>
  );
}
