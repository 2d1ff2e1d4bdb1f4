import { useEffect, useId, useRef, type ReactNode } from 'react';

/**
 * A confirmation before a destructive action: a modal <dialog role="alertdialog"> (focus moves in and
 * stays there, Escape closes it), the question, and two buttons. `open` is the caller's state.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirm,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirm: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} role="alertdialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId} onClose={onClose} className="confirm">
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      <p>
        <button type="button" onClick={onClose}>
          Keep it
        </button>{' '}
        <button
          type="button"
          onClick={() => {
            onConfirm();
            onClose();
          }}
        >
          {confirm}
        </button>
      </p>
    </dialog>
  );
}
