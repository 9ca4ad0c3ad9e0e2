import type { RouteObject } from 'react-router-dom';

/**
 * `/tv/{locale}/{companyId}`: the club TV (public, DESIGN.md §16), one lazy chunk with its texts. Its module exports
 * the route's `Component` itself: the fewest bytes in the route table every page loads.
 */
export const tvRoutes: RouteObject[] = [
  { path: ':companyId', lazy: () => import('../components/ClubTvPage') },
];
