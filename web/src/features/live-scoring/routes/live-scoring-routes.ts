import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { GUARDS, type GuardLoader } from '../../../lib/guards';
import type { LiveMatchPanel } from '../components/LiveMatchPanel';

/**
 * The scorer `/matches/{locale}/score/{matchId}` (DESIGN.md §7): `app/route-table.tsx` mounts it outside the app
 * layout (a full screen for one thumb, no loading veil over its buttons); signed-in players and managers only.
 */
export function scorerRoutes(guard: GuardLoader): RouteObject[] {
  return [
    {
      path: ':matchId',
      loader: guard(GUARDS.signedIn),
      lazy: async () => ({
        Component: (await import('../components/ScorerPage')).ScorerPage,
      }),
    },
  ];
}

/**
 * The match page `?match={id}` (the matches feature) shows this feature's live panel for a match scored live; the
 * app hands this loader to the matches routes (features do not import each other).
 */
export async function loadLiveMatchPanel(): Promise<ComponentType<Parameters<typeof LiveMatchPanel>[0]>> {
  return (await import('../components/LiveMatchPanel')).LiveMatchPanel;
}
