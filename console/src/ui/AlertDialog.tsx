import { useEffect, useId, useRef, type ReactNode } from 'react';
import { ErrorView } from './ErrorView';
import { useModal } from './use-modal';
import './part2-forms.css';

/**
 * A confirmation before a destructive action: a modal `alertdialog` (the native <dialog>, so focus
 * stays inside and the page behind is inert), focus on Cancel when it opens, Escape or Cancel closes
 * it, the action's error shown inside it (the dialog stays open so nothing is lost).
 */
export function AlertDialog({
  title,
  children,
  confirmLabel,
  closeLabel = 'Cancel',
  busy,
  error,
  onConfirm,
  onClose,
}: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The button that closes without acting (default "Cancel"). */
  closeLabel?: string;
  busy?: boolean;
  error?: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useModal();
  const cancel = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => cancel.current?.focus(), []);

  return (
    <dialog
      ref={dialog}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      className="confirm"
      onCancel={(event) => {
        // Escape: React closes it by unmounting, so the opener gets its focus back
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      {error !== undefined && error !== null && <ErrorView error={error} />}
      <div className="actions">
        <button type="button" ref={cancel} onClick={onClose} disabled={busy}>
          {closeLabel}
        </button>
        <button type="button" className="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
