import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';

/** `/tournaments/{locale}/?companyId=` and `/tournaments/{locale}/{tournamentId}` (public, DESIGN.md §16). */
export const tournamentsRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../components/TournamentsPage')).TournamentsPage }),
  },
  {
    path: ':tournamentId',
    lazy: async () => ({ Component: (await import('../components/TournamentPage')).TournamentPage }),
  },
];

/** What the manager screen's "Tournaments" section gets. */
export interface TournamentsSectionProps {
  companyId: string;
}

/** The manager screen's "Tournaments" section, handed to the manager feature by the app (app/route-table.tsx). */
export const loadTournamentsSection = async (): Promise<ComponentType<TournamentsSectionProps>> =>
  (await import('../components/TournamentsSection')).default;
