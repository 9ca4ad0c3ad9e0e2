import { createBrowserRouter, replace, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/layout/AppLayout';
import { BASENAME } from './basename';
import { localeLoader } from './routes/locale-loader';
import { NotFoundPage } from './routes/not-found';
import { PageFallback } from './routes/page-fallback';
import { RouteError } from './routes/route-error';
import { DEFAULT_LOCALE } from '../lib/locale';

/** Routes whose loader always redirects render nothing. */
function Redirecting() {
  return null;
}

/**
 * A page at `/{page}/{locale}/…`. The locale is checked (and set) by the loader; addresses under the
 * page that match none of its routes show Not found. Page components are loaded lazily, so a route
 * change shows up in `useNavigation()` (and thus the loading overlay) while the code arrives.
 */
function page(name: string, children: RouteObject[]): RouteObject {
  return {
    path: `${name}/:locale`,
    loader: localeLoader,
    HydrateFallback: PageFallback,
    children: [...children, { path: '*', Component: NotFoundPage }],
  };
}

/**
 * Pages (DESIGN.md §2). Features add theirs here: account, company, manager, matches, player,
 * widget, audit.
 */
const pages: RouteObject[] = [
  page('ladders', [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('../features/ladders/components/LaddersLanding')).LaddersLanding,
      }),
    },
  ]),
];

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: AppLayout,
    HydrateFallback: PageFallback,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors inside a page render within the layout.
        ErrorBoundary: RouteError,
        children: [
          { index: true, loader: () => replace(`/ladders/${DEFAULT_LOCALE}/`), Component: Redirecting },
          ...pages,
          {
            path: 'dev/mailbox',
            HydrateFallback: PageFallback,
            lazy: async () => ({ Component: (await import('./routes/dev-mailbox')).DevMailboxPage }),
          },
          // `/{page}` without a locale: add the default one.
          {
            path: ':page',
            loader: ({ params }) => replace(`/${params.page ?? ''}/${DEFAULT_LOCALE}/`),
            Component: Redirecting,
          },
          // An unknown page (its locale is still checked, so the page is in the right language).
          {
            path: ':page/:locale/*',
            loader: localeLoader,
            HydrateFallback: PageFallback,
            Component: NotFoundPage,
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: BASENAME });
