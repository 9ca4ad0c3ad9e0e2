import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { GUARDS, type GuardLoader } from '../../../lib/guards';
import { matchesPageNeedsSignIn } from '../page-filter';
import type { SeasonMatchesTab } from '../components/SeasonMatchesTab';
import {
  MatchesPagePartsContext,
  type ChallengesSectionProps,
  type LiveMatchPanelProps,
  type MatchesPageParts,
} from '../hooks/useMatchesPageParts';

interface MatchesRoutesDeps {
  guard: GuardLoader;
  /** My matches' challenges (the challenges feature; see hooks/useMatchesPageParts.ts). */
  loadChallengesSection: () => Promise<ComponentType<ChallengesSectionProps>>;
  /** The live part of a match scored live (the live-scoring feature). */
  loadLiveMatchPanel: () => Promise<ComponentType<LiveMatchPanelProps>>;
}

/** `/matches/{locale}/` (DESIGN.md §2); `app/route-table.tsx` adds the locale loader. */
export function matchesRoutes({
  guard,
  loadChallengesSection,
  loadLiveMatchPanel,
}: MatchesRoutesDeps): RouteObject[] {
  const signedIn = guard(GUARDS.signedIn);
  // Only My matches shows challenges: the public matches pages do not load them (docs/performance.md).
  const parts: MatchesPageParts = {
    ChallengesSection: lazy(async () => ({ default: await loadChallengesSection() })),
    // The live part of a match page (score, timeline, momentum, statistics) loads only for a match scored live.
    LiveMatchPanel: lazy(async () => ({ default: await loadLiveMatchPanel() })),
  };
  return [
    {
      // Own matches need a session; `?event=`, `?player=` and `?match=` are public.
      index: true,
      loader: async (args) => (matchesPageNeedsSignIn(new URL(args.request.url)) ? signedIn(args) : null),
      lazy: async () => {
        const { MatchesPage } = await import('../components/MatchesPage');
        return {
          Component: () => (
            <MatchesPagePartsContext value={parts}>
              <MatchesPage />
            </MatchesPagePartsContext>
          ),
        };
      },
    },
  ];
}

/** `/player/{locale}/{playerId}` (public). */
export const playerRoutes: RouteObject[] = [
  {
    path: ':playerId',
    lazy: async () => ({
      Component: (await import('../components/PlayerPage')).PlayerPage,
    }),
  },
];

/** The children of the embeddable widget `/widget/{locale}/?event=` (outside the app layout). */
export const widgetRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => {
      const [page, firstData] = await Promise.all([
        import('../components/WidgetPage'),
        import('../api/widget-first-data'),
      ]);
      // The api renders the widget's first paint with these answers (lib/first-data.ts).
      return { Component: page.WidgetPage, handle: { firstData: firstData.widgetFirstData } };
    },
  },
];

/**
 * The manager's season screen shows this feature's Matches tab; the app hands this loader to the
 * manager's routes (features do not import each other).
 */
export async function loadSeasonMatchesTab(): Promise<ComponentType<Parameters<typeof SeasonMatchesTab>[0]>> {
  return (await import('../components/SeasonMatchesTab')).SeasonMatchesTab;
}
