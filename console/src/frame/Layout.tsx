import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { $api } from '../api/client';
import { session } from '../auth/session';
import { QueryState } from '../ui/States';
import { BusinessContext } from './business';
import { NotAllowed } from './NotAllowed';
import { pageAt, PAGES } from './pages';
import { mayUsePage } from './scopes';

/** Around every page: the business's name, the navigation landmark (the pages the key's scopes allow, frame/scopes.ts), Sign out, and the page. */
export function Layout() {
  const business = $api.useQuery('get', '/api/v1/business');
  const name = business.data?.data.name;
  const scopes = business.data?.data.key.scopes ?? [];
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const shown = pageAt(pathname);
  return (
    <div className="frame">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="business">{name ?? 'Back office'}</p>
        <nav aria-label="Main">
          <ul>
            {PAGES.filter((page) => page.name && mayUsePage(scopes, page.path)).map((page) => (
              <li key={page.path}>
                <Link to={page.path} activeProps={{ 'aria-current': 'page' }}>
                  {page.name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" onClick={() => session.signOut()}>
          Sign out
        </button>
      </header>
      <main id="main">
        <QueryState query={business} what="the business">
          {(body) => (
            <BusinessContext.Provider value={body.data}>
              {shown && !mayUsePage(body.data.key.scopes, shown.path) ? <NotAllowed page={shown} /> : <Outlet />}
            </BusinessContext.Provider>
          )}
        </QueryState>
      </main>
    </div>
  );
}
