import type { RouteObject } from 'react-router-dom';
import { GUARDS, type GuardLoader } from '../../../lib/guards';

/** `/account/{locale}/preferences` (DESIGN.md §6): mounted by `app/route-table.tsx` beside the account pages. */
export function notificationsRoutes(guard: GuardLoader): RouteObject[] {
  return [
    {
      path: 'preferences',
      loader: guard(GUARDS.signedIn),
      lazy: async () => ({
        Component: (await import('../components/PreferencesPage')).PreferencesPage,
      }),
    },
  ];
}
