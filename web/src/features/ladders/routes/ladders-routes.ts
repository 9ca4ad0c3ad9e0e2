import type { RouteObject } from 'react-router-dom';

/** `/ladders/{locale}/` and `/ladders/{locale}/{ladderId}` (public); `app/route-table.tsx` adds the locale loader. */
export const laddersRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({
      Component: (await import('../components/LaddersPage')).LaddersPage,
    }),
  },
  {
    path: ':ladderId',
    lazy: async () => ({
      Component: (await import('../components/StandingsPage')).StandingsPage,
    }),
  },
];
