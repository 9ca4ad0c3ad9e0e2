import type { ComponentType } from 'react';
import { replace, type RouteObject } from 'react-router-dom';
import { Redirecting } from '../../../components/layout/Redirecting';
import { GUARDS, firstCompanyPath, type GuardLoader } from '../../../lib/guards';
import { pagePath, toLocale } from '../../../lib/locale';
import { SeasonMatchesTabContext, type SeasonMatchesTabProps } from '../hooks/useSeasonMatchesTab';
import type { TournamentsSectionLoader } from '../components/ManagerShell';

interface ManagerRoutesDeps {
  guard: GuardLoader;
  /** The season screen's Matches tab (from the matches feature; see hooks/useSeasonMatchesTab.ts). */
  loadSeasonMatchesTab: () => Promise<ComponentType<SeasonMatchesTabProps>>;
  /** The shell's "Tournaments" section (DESIGN.md §16), from the tournaments feature: handed over by the app. */
  loadTournamentsSection: TournamentsSectionLoader;
}

/** `/manager/{locale}/…` (spec §2 "Manager routes"); `app/route-table.tsx` adds the locale loader. */
export function managerRoutes({
  guard,
  loadSeasonMatchesTab,
  loadTournamentsSection,
}: ManagerRoutesDeps): RouteObject[] {
  const managerArea = guard(GUARDS.manager);
  // The ladder screen and its Matches tab arrive together (one route change, one overlay).
  const ladderScreen = async () => {
    const [{ ManagerLadderPage }, MatchesTab] = await Promise.all([
      import('../components/ManagerLadderPage'),
      loadSeasonMatchesTab(),
    ]);
    return {
      Component: () => (
        <SeasonMatchesTabContext value={MatchesTab}>
          <ManagerLadderPage />
        </SeasonMatchesTabContext>
      ),
    };
  };
  return [
    {
      // No company given: the manager's first company (spec §2 "App shell").
      index: true,
      loader: async (args) =>
        replace(
          firstCompanyPath(
            (await managerArea(args)).companies,
            toLocale(args.params.locale),
            'manager',
            'ladders',
          ),
        ),
      Component: Redirecting,
    },
    {
      // The manager shell (toolbar with the ladder selector) around the ladder screen.
      path: ':companyId',
      loader: managerArea,
      // The guard's facts hold per company: switching ladders does not ask again.
      shouldRevalidate: ({ currentParams, nextParams }) =>
        currentParams.companyId !== nextParams.companyId || currentParams.locale !== nextParams.locale,
      lazy: async () => {
        const { ManagerShell } = await import('../components/ManagerShell');
        return {
          Component: () => <ManagerShell loadTournamentsSection={loadTournamentsSection} />,
        };
      },
      children: [
        {
          index: true,
          loader: ({ params }) =>
            replace(pagePath('manager', toLocale(params.locale), params.companyId ?? '', 'ladders')),
          Component: Redirecting,
        },
        { path: 'ladders', lazy: ladderScreen },
        { path: 'ladders/:ladderName', lazy: ladderScreen },
      ],
    },
  ];
}
