import { useRouterState } from '@tanstack/react-router';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

/**
 * The header's navigation and account controls, folded behind a **Menu** button on a narrow screen
 * (docs/api.md 21): a disclosure (aria-expanded, aria-controls) whose panel follows it, so Tab walks
 * from the button into the links; Escape closes it and focus goes back to the button; opening a page
 * closes it. On a wide screen the button is hidden (CSS) and the panel is always shown in the row.
 */
export function Menu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => setOpen(false), [pathname]);

  function close() {
    const inside = panel.current?.contains(document.activeElement);
    setOpen(false);
    if (inside) button.current?.focus();
  }

  return (
    <>
      <button
        ref={button}
        type="button"
        className="menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.preventDefault();
            setOpen(false);
          }
        }}
      >
        Menu
      </button>
      <div
        ref={panel}
        id={panelId}
        className="menu-panel"
        data-open={open || undefined}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && open) {
            e.preventDefault();
            close();
          }
        }}
      >
        {children}
      </div>
    </>
  );
}
