import './dialog.css';
import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';

/**
 * A confirmation before an action that changes money or stock: a modal `<dialog>` (role dialog,
 * focus moves into it, Escape and the dismiss button close it, focus goes back where it was).
 * `onConfirm` runs on the confirm button; the dialog stays open while `busy`, and shows `children`
 * (the choices and any error) above its buttons.
 */
export function ConfirmDialog({
  title,
  confirm,
  dismiss = 'Go back',
  busy = false,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirm: string;
  dismiss?: string;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) onConfirm();
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
          <button type="submit" disabled={busy}>
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
