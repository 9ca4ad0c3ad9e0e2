import { replace, type RouteObject } from 'react-router-dom';
import { localeLoader } from './routes/locale-loader';
import { NotFoundPage } from './routes/not-found';
import { AppShell } from './routes/app-shell';
import { PageFallback } from './routes/page-fallback';
import { RouteError } from './routes/route-error';
import { guardLoader } from './routes/guard-loader';
import { DEFAULT_LOCALE } from '../lib/locale';
import { Redirecting } from '../components/layout/Redirecting';
import { accountRoutes } from '../features/account/routes/account-routes';
import { auditRoutes } from '../features/audit/routes/audit-routes';
import { accessibilityRoutes } from '../features/accessibility/routes/accessibility-routes';
import { companyRoutes } from '../features/company/routes/company-routes';
import { laddersRoutes } from '../features/ladders/routes/ladders-routes';
import { loadTournamentsSection, tournamentsRoutes } from '../features/tournaments/routes/tournaments-routes';
import { notificationsRoutes } from '../features/notifications/routes/notifications-routes';
import { managerRoutes } from '../features/manager/routes/manager-routes';
import { loadChallengesSection } from '../features/challenges/routes/challenges-routes';
import {
  loadSeasonMatchesTab,
  matchesRoutes,
  playerRoutes,
  widgetRoutes,
} from '../features/matches/routes/matches-routes';
import { loadLiveMatchPanel, scorerRoutes } from '../features/live-scoring/routes/live-scoring-routes';
import { tvRoutes } from '../features/tv/routes/tv-routes';

/** Marks the routes of addresses that name no page: the server answers them 404 (web/src/first-paint.tsx). */
export const NOT_FOUND = { notFound: true } as const;
const notFoundRoute: RouteObject = { path: '*', Component: NotFoundPage, handle: NOT_FOUND };

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
    children: [...children, notFoundRoute],
  };
}

/**
 * Pages (DESIGN.md §2). Each feature exports its route objects (`features/<feature>/routes/`); this
 * table only assembles them. Features never import each other: where one shows another's piece
 * (the manager's season screen shows the matches feature's Matches tab), it is handed over here.
 */
const pages: RouteObject[] = [
  page('account', [...accountRoutes(guardLoader), ...notificationsRoutes(guardLoader)]),
  page('company', companyRoutes(guardLoader)),
  page('manager', managerRoutes({ guard: guardLoader, loadSeasonMatchesTab, loadTournamentsSection })),
  page('audit', auditRoutes(guardLoader)),
  page('ladders', laddersRoutes),
  page('tournaments', tournamentsRoutes),
  page('matches', matchesRoutes({ guard: guardLoader, loadChallengesSection, loadLiveMatchPanel })),
  page('player', playerRoutes),
  page('accessibility', accessibilityRoutes),
];

/** The embeddable widget (`/widget/{locale}/?event=`): outside the app layout, no top bar or footer. */
const widgetRoute: RouteObject = {
  path: 'widget/:locale',
  loader: localeLoader,
  HydrateFallback: Redirecting,
  ErrorBoundary: RouteError,
  children: [...widgetRoutes, notFoundRoute],
};

/** The live scorer (`/matches/{locale}/score/{matchId}`): a full screen of its own, outside the app layout. */
const scorerRoute: RouteObject = {
  path: 'matches/:locale/score',
  loader: localeLoader,
  HydrateFallback: Redirecting,
  ErrorBoundary: RouteError,
  children: [...scorerRoutes(guardLoader), notFoundRoute],
};

/** The club TV (`/tv/{locale}/{companyId}`): the clubhouse screen, outside the app layout. */
const tvRoute: RouteObject = {
  path: 'tv/:locale',
  loader: localeLoader,
  HydrateFallback: Redirecting,
  ErrorBoundary: RouteError,
  children: [...tvRoutes, notFoundRoute],
};

export const routes: RouteObject[] = [
  widgetRoute,
  scorerRoute,
  tvRoute,
  {
    id: 'root',
    Component: AppShell,
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
            handle: NOT_FOUND,
          },
        ],
      },
    ],
  },
];
