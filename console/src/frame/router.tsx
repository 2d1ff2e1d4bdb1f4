import { createRootRoute, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { parseSearch, stringifySearch } from '../lib/url-state';
import { ErrorView } from '../ui/ErrorView';
import { Loading } from '../ui/States';
import { Layout } from './Layout';
import { NotFound } from './NotFound';
import { HOME, PAGES } from './pages';

/** The router: the layout around every page of frame/pages.ts, below /console, plain search params. */
const root = createRootRoute({ component: Layout, notFoundComponent: NotFound });

const index = createRoute({
  getParentRoute: () => root,
  path: '/',
  beforeLoad: () => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error
    throw redirect({ to: HOME });
  },
});

const pages = PAGES.map((page) => createRoute({ getParentRoute: () => root, path: page.path, component: lazyRouteComponent(page.load) }));

export const router = createRouter({
  routeTree: root.addChildren([index, ...pages]),
  basepath: '/console',
  parseSearch,
  stringifySearch,
  defaultPendingComponent: () => <Loading what="the page" />,
  defaultErrorComponent: ({ error, reset }) => <ErrorView error={error} onRetry={reset} />,
  defaultPendingMs: 200,
});
