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
    lazy: async () => {
      const [page, api] = await Promise.all([
        import('../components/StandingsPage'),
        import('../api/ladders'),
      ]);
      // The api renders the page's first paint with these answers (lib/first-data.ts).
      return { Component: page.StandingsPage, handle: { firstData: api.standingsFirstData } };
    },
  },
];
