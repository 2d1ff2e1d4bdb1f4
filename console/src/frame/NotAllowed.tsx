import { Link, Navigate } from '@tanstack/react-router';
import { HOME, PAGES, type PageEntry } from './pages';
import { mayUsePage } from './scopes';
import { useWho, whoLabel } from './who';

/**
 * A page the signed-in key's (or member's role's) scopes do not grant (frame/scopes.ts), reached by
 * its URL: a clear message and the pages it may use. The start page (the dashboard) leads to the
 * first allowed page instead (a till's `sales` key or a cashier lands on New sale).
 */
export function NotAllowed({ page }: { page: PageEntry }) {
  const who = useWho();
  const allowed = PAGES.filter((p) => p.name && mayUsePage(who.scopes, p.path));
  if (page.path === HOME && allowed.length > 0) return <Navigate to={allowed[0].path} replace />;
  return (
    <>
      <h1>{who.kind === 'key' ? 'Not allowed with this key' : 'Not allowed with your role'}</h1>
      <p>
        {whoLabel(who).replace(/^t/, 'T')} (scopes: {who.scopes.join(', ')}) may not use this page.{' '}
        {who.kind === 'key' ? 'Sign in with a key that has the scope it needs' : 'Ask an owner for a role that has the scope it needs'}
        {allowed.length > 0 ? ', or go to a page it may use:' : '.'}
      </p>
      {allowed.length > 0 && (
        <ul>
          {allowed.map((p) => (
            <li key={p.path}>
              <Link to={p.path}>{p.name}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
