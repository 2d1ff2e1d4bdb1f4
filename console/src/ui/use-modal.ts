import { useEffect, useRef } from 'react';

/**
 * A native `<dialog>` shown modal while its component is mounted (focus moves into it, the page behind
 * is inert) and closed when it goes, focus back on what had it before: the ref to put on the dialog.
 */
export function useModal() {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);
  return ref;
}
