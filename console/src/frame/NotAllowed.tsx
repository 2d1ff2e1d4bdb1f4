import { Link, Navigate } from '@tanstack/react-router';
import { useBusiness } from './business';
import { HOME, PAGES, type PageEntry } from './pages';
import { mayUsePage } from './scopes';

/**
 * A page the signed-in key's scopes do not grant (frame/scopes.ts), reached by its URL: a clear
 * message and the pages it may use. The start page (the dashboard) leads a key that may not see it
 * to its first allowed page instead (a till's `sales` key lands on New sale).
 */
export function NotAllowed({ page }: { page: PageEntry }) {
  const { key } = useBusiness();
  const allowed = PAGES.filter((p) => p.name && mayUsePage(key.scopes, p.path));
  if (page.path === HOME && allowed.length > 0) return <Navigate to={allowed[0].path} replace />;
  return (
    <>
      <h1>Not allowed with this key</h1>
      <p>
        The key “{key.name}” (scopes: {key.scopes.join(', ')}) may not use this page. Sign in with a key that has the scope it needs
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
