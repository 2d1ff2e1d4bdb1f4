import { Link, Outlet, useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type FormEvent } from 'react';
import { queryClient } from '../api/query-client';
import { errorCode } from '../lib/field-errors';
import { $api } from '../api/client';
import { call, useApiRead, type AuthSession, type Membership } from '../api/staff';
import { session, useSession } from '../auth/session';
import { ErrorView } from '../ui/ErrorView';
import { Loading, QueryState } from '../ui/States';
import { BusinessContext, type Business } from './business';
import { NotAllowed } from './NotAllowed';
import { pageAt, PAGES } from './pages';
import { Menu } from './Menu';
import { mayUsePage } from './scopes';
import { SearchButton } from './search/SearchButton';
import './frame.css';
import { WhoContext, type Who } from './who';

/**
 * Around every page: the business's name (and, for a member of several, the business switcher), the
 * navigation landmark (the pages the key's or the member's role's scopes allow, frame/scopes.ts),
 * Search (Ctrl+K), Sign out, and the page. One row from a counter tablet up; on a phone the
 * navigation and Sign out fold behind Menu (frame/Menu.tsx, frame/frame.css).
 */
export function Layout() {
  const kind = useSession().credential?.kind ?? 'key';
  const business = $api.useQuery('get', '/api/v1/business');
  const me = useApiRead<{ data: AuthSession }>('/auth/session', undefined, kind === 'user');
  const who = whoOf(kind, business.data?.data, me.data?.data);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const shown = pageAt(pathname);
  return (
    <div className="frame">
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top">
        <p className="business">{business.data?.data.name ?? 'Back office'}</p>
        {who && <SearchButton />}
        <Menu>
          <nav aria-label="Main">
            <ul>
              {PAGES.filter((page) => page.name && who && mayUsePage(who.scopes, page.path)).map((page) => (
                <li key={page.path}>
                  <Link to={page.path} activeProps={{ 'aria-current': 'page' }}>
                    {page.name}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="account">
            {who?.kind === 'user' && (
              <p className="who">
                {who.user.name} <span className="hint">({who.role})</span> <Link to="/security">Security</Link>
              </p>
            )}
            {who?.kind === 'user' && who.memberships.length > 1 && <BusinessSwitcher current={who.businessId} memberships={who.memberships} />}
            <SignOut />
          </div>
        </Menu>
      </header>
      <main id="main">
        {kind === 'user' && errorCode(business.error) === 'TWO_FACTOR_SETUP_REQUIRED' ? (
          <TwoFactorRequired />
        ) : (
          <QueryState query={business} what="the business">
            {(body) =>
              kind === 'user' && !who ? (
                <QueryState query={me} what="your session">
                  {() => null}
                </QueryState>
              ) : (
                who && (
                  <BusinessContext.Provider value={body.data}>
                    <WhoContext.Provider value={who}>
                      {shown && !mayUsePage(who.scopes, shown.path) ? <NotAllowed page={shown} /> : <Outlet />}
                    </WhoContext.Provider>
                  </BusinessContext.Provider>
                )
              )
            }
          </QueryState>
        )}
      </main>
    </div>
  );
}

/**
 * docs/api.md 19: the business requires two-factor and this person has not turned it on: every route
 * but /auth/* answers 403 TWO_FACTOR_SETUP_REQUIRED, so the console offers the setup itself; once on,
 * every read is asked again.
 */
// its own chunk (with the QR code drawing): the frame's initial JavaScript stays small
const TwoFactor = lazy(() => import('../pages/settings/SecurityView').then((m) => ({ default: m.TwoFactor })));

function TwoFactorRequired() {
  useEffect(() => {
    document.title = 'Set up two-factor · Back office';
  }, []);
  return (
    <>
      <h1>Set up two-factor</h1>
      <p>This business requires two-factor authentication. Turn it on for your account to continue.</p>
      <Suspense fallback={<Loading what="two-factor" />}>
        <TwoFactor onEnabled={() => void queryClient.invalidateQueries()} />
      </Suspense>
    </>
  );
}

function whoOf(kind: 'key' | 'user', business: Business | undefined, me: AuthSession | undefined): Who | null {
  if (kind === 'user') {
    if (!me) return null;
    return { kind: 'user', user: me.user, role: me.role, scopes: me.scopes, businessId: me.business_id, memberships: me.memberships ?? [] };
  }
  const key = business?.key;
  return key ? { kind: 'key', id: key.id, name: key.name, scopes: key.scopes } : null;
}

/** Sign out: a member's session ends on the server (POST /auth/sign-out); a key is forgotten by the tab. */
function SignOut() {
  const [busy, setBusy] = useState(false);
  async function signOut() {
    setBusy(true);
    try {
      if (session.kind() === 'user') await call('POST', '/auth/sign-out');
    } finally {
      session.signOut();
    }
  }
  return (
    <button type="button" disabled={busy} onClick={() => void signOut()}>
      Sign out
    </button>
  );
}

/** A member of several businesses changes the one this session works in (POST /auth/session/business), then the console starts again there. */
function BusinessSwitcher({ current, memberships }: { current: string; memberships: Membership[] }) {
  const [chosen, setChosen] = useState(current);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (chosen === current) return;
    setBusy(true);
    setError(null);
    const result = await call('POST', '/auth/session/business', { body: { business_id: chosen } });
    if (result.response.ok) {
      window.location.assign('/console');
      return;
    }
    setBusy(false);
    setError(result.error ?? new Error(`The server answered ${result.response.status}.`));
  }
  return (
    <form className="switcher" aria-label="Switch business" onSubmit={(e) => void submit(e)}>
      <label htmlFor="business-switch">Business</label>{' '}
      <select id="business-switch" value={chosen} onChange={(e) => setChosen(e.target.value)}>
        {memberships.map((m) => (
          <option key={m.business_id} value={m.business_id}>
            {m.business_name} ({m.role})
          </option>
        ))}
      </select>{' '}
      <button type="submit" disabled={busy || chosen === current}>
        Switch
      </button>
      {error !== null && <ErrorView error={error} />}
    </form>
  );
}
