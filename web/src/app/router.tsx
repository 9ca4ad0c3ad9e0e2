import { createBrowserRouter, replace, type RouteObject } from 'react-router-dom';
import { AppLayout } from '../components/layout/AppLayout';
import { BASENAME } from './basename';
import { localeLoader } from './routes/locale-loader';
import { NotFoundPage } from './routes/not-found';
import { PageFallback } from './routes/page-fallback';
import { RouteError } from './routes/route-error';
import { guardLoader } from './routes/guard-loader';
import { installSession } from './session';
import { DEFAULT_LOCALE, pagePath, toLocale } from '../lib/locale';
import type { GuardSpec } from '../lib/guards';
import { matchesPageNeedsSignIn } from '../features/matches/page-filter';

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

/** Page guards (spec §4 "Guards"). */
const anonymousOnly: GuardSpec = { anonymousOnly: true };
const signedIn: GuardSpec = { login: true };
const withMinimalAccount: GuardSpec = { login: true, minimalAccount: true };
const manager: GuardSpec = { login: true, minimalAccount: true, manager: 'strict' };

const managerArea = guardLoader(manager);

/**
 * Pages (DESIGN.md §2). Features add theirs here: account, company, manager, matches, player,
 * widget, audit.
 */
const pages: RouteObject[] = [
  page('account', [
    {
      index: true,
      loader: guardLoader(withMinimalAccount),
      lazy: async () => ({
        Component: (await import('../features/account/components/AccountPage')).AccountPage,
      }),
    },
    {
      path: 'login',
      loader: guardLoader(anonymousOnly),
      lazy: async () => ({ Component: (await import('../features/account/components/LoginPage')).LoginPage }),
    },
    {
      path: 'register',
      loader: guardLoader(anonymousOnly),
      lazy: async () => ({
        Component: (await import('../features/account/components/RegisterPage')).RegisterPage,
      }),
    },
    {
      path: 'verify',
      loader: guardLoader(anonymousOnly),
      lazy: async () => ({
        Component: (await import('../features/account/components/VerifyPage')).VerifyPage,
      }),
    },
    {
      path: 'onboarding',
      loader: guardLoader(signedIn),
      lazy: async () => ({
        Component: (await import('../features/account/components/OnboardingPage')).OnboardingPage,
      }),
    },
  ]),
  page('company', [
    {
      index: true,
      loader: guardLoader(withMinimalAccount),
      lazy: async () => ({
        Component: (await import('../features/company/components/CompanyPage')).CompanyPage,
      }),
    },
    {
      path: 'onboarding',
      loader: guardLoader(withMinimalAccount),
      lazy: async () => ({
        Component: (await import('../features/company/components/CompanyOnboardingPage'))
          .CompanyOnboardingPage,
      }),
    },
  ]),
  page('manager', [
    {
      // No company given: the manager's first company (spec §2 "App shell").
      index: true,
      loader: async (args) => {
        const facts = await managerArea(args);
        const first = facts.companies?.[0];
        return replace(
          first
            ? pagePath('manager', toLocale(args.params.locale), first.id, 'ladders')
            : pagePath('company', toLocale(args.params.locale), 'onboarding'),
        );
      },
      Component: Redirecting,
    },
    {
      // The manager shell (toolbar with the ladder selector) around the ladder screen.
      path: ':companyId',
      loader: managerArea,
      // The guard's facts hold per company: switching ladders does not ask again.
      shouldRevalidate: ({ currentParams, nextParams }) =>
        currentParams.companyId !== nextParams.companyId || currentParams.locale !== nextParams.locale,
      lazy: async () => ({
        Component: (await import('../features/manager/components/ManagerShell')).ManagerShell,
      }),
      children: [
        {
          index: true,
          loader: ({ params }) =>
            replace(pagePath('manager', toLocale(params.locale), params.companyId ?? '', 'ladders')),
          Component: Redirecting,
        },
        {
          path: 'ladders',
          lazy: async () => ({
            Component: (await import('../features/manager/components/ManagerLadderPage')).ManagerLadderPage,
          }),
        },
        {
          path: 'ladders/:ladderName',
          lazy: async () => ({
            Component: (await import('../features/manager/components/ManagerLadderPage')).ManagerLadderPage,
          }),
        },
      ],
    },
  ]),
  page('audit', [
    {
      // No company given: the manager's first company.
      index: true,
      loader: async (args) => {
        const facts = await managerArea(args);
        const first = facts.companies?.[0];
        return replace(
          first
            ? pagePath('audit', toLocale(args.params.locale), first.id)
            : pagePath('company', toLocale(args.params.locale), 'onboarding'),
        );
      },
      Component: Redirecting,
    },
    {
      path: ':companyId',
      loader: managerArea,
      lazy: async () => ({ Component: (await import('../features/audit/components/AuditPage')).AuditPage }),
    },
  ]),
  page('ladders', [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('../features/ladders/components/LaddersPage')).LaddersPage,
      }),
    },
    {
      path: ':ladderId',
      lazy: async () => ({
        Component: (await import('../features/ladders/components/StandingsPage')).StandingsPage,
      }),
    },
  ]),
  page('matches', [
    {
      // Own matches need a session; `?event=`, `?player=` and `?match=` are public.
      index: true,
      loader: async (args) =>
        matchesPageNeedsSignIn(new URL(args.request.url)) ? guardLoader(signedIn)(args) : null,
      lazy: async () => ({
        Component: (await import('../features/matches/components/MatchesPage')).MatchesPage,
      }),
    },
  ]),
  page('player', [
    {
      path: ':playerId',
      lazy: async () => ({
        Component: (await import('../features/matches/components/PlayerPage')).PlayerPage,
      }),
    },
  ]),
];

/** The embeddable widget (`/widget/{locale}/?event=`): outside the app layout, no top bar or footer. */
const widgetRoute: RouteObject = {
  path: 'widget/:locale',
  loader: localeLoader,
  HydrateFallback: Redirecting,
  ErrorBoundary: RouteError,
  children: [
    {
      index: true,
      lazy: async () => ({
        Component: (await import('../features/matches/components/WidgetPage')).WidgetPage,
      }),
    },
    { path: '*', Component: NotFoundPage },
  ],
};

export const routes: RouteObject[] = [
  widgetRoute,
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

// The session (token refresh, logout and redirect on 401) is wired before the first loader runs.
installSession(() => router);

export const router = createBrowserRouter(routes, { basename: BASENAME });
