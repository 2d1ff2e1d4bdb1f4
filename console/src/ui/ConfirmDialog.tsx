import './dialog.css';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useModal } from './use-modal';

/**
 * A confirmation before an action that changes money or stock: a modal `<dialog>` (role dialog,
 * focus moves into it, Escape and the dismiss button close it, focus goes back where it was).
 * `onConfirm` runs on the confirm button; the dialog stays open while `busy`, and shows `children`
 * (the choices and any error) above its buttons; the confirm button waits for `ready` (a figure the
 * user confirms has arrived).
 */
export function ConfirmDialog({
  title,
  confirm,
  dismiss = 'Go back',
  busy = false,
  ready = true,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirm: string;
  dismiss?: string;
  busy?: boolean;
  ready?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useModal();
  const titleId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy && ready) onConfirm();
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className="confirm"
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
    >
      <form method="dialog" onSubmit={submit}>
        <h2 id={titleId}>{title}</h2>
        {children}
        <p className="actions">
          <button type="submit" disabled={busy || !ready}>
            {confirm}
          </button>{' '}
          <button type="button" onClick={onClose} disabled={busy}>
            {dismiss}
          </button>
        </p>
      </form>
    </dialog>
  );
}
