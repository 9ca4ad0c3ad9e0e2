import type { ComponentType } from 'react';
import type { TournamentsSectionProps } from '../components/TournamentsSection';
import type { RouteObject } from 'react-router-dom';

const pages = () => import('./tournaments-pages');

/** `/tournaments/{locale}/?companyId=` and `/tournaments/{locale}/{tournamentId}` (public, DESIGN.md §16). */
export const tournamentsRoutes: RouteObject[] = [
  { index: true, lazy: async () => ({ Component: (await pages()).TournamentsPage }) },
  { path: ':tournamentId', lazy: async () => ({ Component: (await pages()).TournamentPage }) },
];

/** The manager screen's "Tournaments" section, handed to the manager feature by the app (app/route-table.tsx). */
export const loadTournamentsSection = async (): Promise<ComponentType<TournamentsSectionProps>> =>
  (await pages()).TournamentsSection;
