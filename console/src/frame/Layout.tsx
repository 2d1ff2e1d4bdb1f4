import { Link, Outlet } from '@tanstack/react-router';
import { $api } from '../api/client';
import { session } from '../auth/session';
import { QueryState } from '../ui/States';
import { BusinessContext } from './business';
import { PAGES } from './pages';

/** Around every page: the business's name, the navigation landmark, Sign out, and the page. */
export function Layout() {
  const business = $api.useQuery('get', '/api/v1/business');
  const name = business.data?.data.name;
  return (
    <div className="frame">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="business">{name ?? 'Back office'}</p>
        <nav aria-label="Main">
          <ul>
            {PAGES.filter((page) => page.name).map((page) => (
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
              <Outlet />
            </BusinessContext.Provider>
          )}
        </QueryState>
      </main>
    </div>
  );
}
