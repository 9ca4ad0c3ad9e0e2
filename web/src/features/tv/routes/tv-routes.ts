import type { RouteObject } from 'react-router-dom';

/** `/tv/{locale}/{companyId}`: the club TV (public, DESIGN.md §16), one lazy chunk with its texts. */
export const tvRoutes: RouteObject[] = [
  {
    path: ':companyId',
    lazy: async () => ({ Component: (await import('../components/ClubTvPage')).ClubTvPage }),
  },
];
