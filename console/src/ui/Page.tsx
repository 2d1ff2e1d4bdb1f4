import { useEffect, type ReactNode } from 'react';
import { useBusiness } from '../frame/business';

/** A page's frame: its one h1 (the page's name, CONTRACT.md 16) and the tab's title. */
export function Page({ title, children }: { title: string; children: ReactNode }) {
  const business = useBusiness();
  useEffect(() => {
    document.title = `${title} · ${business.name}`;
  }, [title, business.name]);
  return (
    <>
      <h1 tabIndex={-1} id="page-title">
        {title}
      </h1>
      {children}
    </>
  );
}
