import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { useEffect } from 'react';
import { queryClient } from './api/query-client';
import { SignIn } from './auth/SignIn';
import { useSession } from './auth/session';
import { preloadPageAt } from './frame/pages';
import { router } from './frame/router';

/** Signed in: the router and its pages. Otherwise the sign-in form, whatever the URL (kept for after). */
export function App() {
  const { key, reason } = useSession();
  useEffect(() => {
    if (key !== null) return;
    queryClient.clear();
    // the page the URL names is fetched while the key is typed, not after Sign in
    preloadPageAt(window.location.pathname);
  }, [key]);
  return <QueryClientProvider client={queryClient}>{key ? <RouterProvider router={router} /> : <SignIn reason={reason} />}</QueryClientProvider>;
}
