import { useEffect, useRef, type ReactNode } from 'react';
import { useBusiness } from '../frame/business';

/** The h1 of the first page shown in this tab (undefined before it): that one is never focused here. */
let firstHeading: HTMLHeadingElement | null | undefined;

/**
 * A page's frame: its one h1 (the page's name, docs/api.md 16) and the tab's title. When a page comes
 * after a client-side navigation, focus moves to its h1 (tabindex -1), so a screen reader announces
 * it and the next Tab starts from the top of the page: not on the first page shown, not when only the
 * URL's query changes (filters, paging: the page stays), and not when focus is already in the page
 * (New sale's Scan or search, or a link of the page's own sub-navigation that stayed).
 */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const business = useBusiness();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${title} · ${business.name}`;
  }, [title, business.name]);
  useEffect(() => {
    // on mount only, whatever the title becomes once the page's data arrives
    if (firstHeading === undefined) firstHeading = heading.current;
    if (heading.current === firstHeading) return; // also StrictMode's second run of the first page's effect
    const focused = document.activeElement;
    if (focused && focused !== document.body && document.getElementById('main')?.contains(focused)) return;
    heading.current?.focus();
  }, []);
  return (
    <>
      <h1 tabIndex={-1} id="page-title" ref={heading}>
        {title}
      </h1>
      {children}
    </>
  );
}
