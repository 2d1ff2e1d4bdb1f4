import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { queryClient } from './api/query-client';
import { call, type AuthSession } from './api/staff';
import { AcceptInvite, ResetPassword } from './auth/TokenPages';
import { SignIn } from './auth/SignIn';
import { session, useSession } from './auth/session';
import { preloadPageAt } from './frame/pages';
import { router } from './frame/router';
import { Loading } from './ui/States';

/** The pages a link in a mail opens, shown without signing in (their token is the credential). */
function publicPage(pathname: string): ReactNode | null {
  const path = pathname.replace(/\/$/, '');
  if (path === '/console/accept-invite') return <AcceptInvite />;
  if (path === '/console/reset-password') return <ResetPassword />;
  return null;
}

/**
 * On load without a key in the tab: is there a member's session (its HttpOnly cookie)? GET
 * /auth/session answers, with the CSRF token kept in memory from then on; a 401 shows the sign-in form.
 */
let resuming = false;
async function resumeSession(): Promise<void> {
  if (resuming) return;
  resuming = true;
  try {
    const result = await call<{ data: AuthSession }>('GET', '/auth/session');
    if (result.data) session.signedInAsUser(result.data.data.csrf_token);
    else session.noSession();
  } catch {
    session.noSession();
  }
}

/** Signed in: the router and its pages. Otherwise the sign-in form, whatever the URL (kept for after). */
export function App() {
  const { credential, checking, reason } = useSession();
  const shownPublic = publicPage(window.location.pathname);
  const isPublic = shownPublic !== null;
  useEffect(() => {
    if (checking && !isPublic) void resumeSession();
  }, [checking, isPublic]);
  useEffect(() => {
    if (credential !== null) return;
    queryClient.clear();
    // the page the URL names is fetched while the sign-in form is filled in, not after Sign in
    preloadPageAt(window.location.pathname);
  }, [credential]);
  let content: ReactNode;
  if (shownPublic) content = shownPublic;
  else if (checking)
    content = (
      <main className="sign-in">
        <Loading what="the console" />
      </main>
    );
  else content = credential ? <RouterProvider router={router} /> : <SignIn reason={reason} />;
  return <QueryClientProvider client={queryClient}>{content}</QueryClientProvider>;
}
