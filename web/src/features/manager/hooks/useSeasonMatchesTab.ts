import { createContext, useContext, type ComponentType } from 'react';

/** What the season screen's Matches tab gets (the ladder's and the season's ids). */
export interface SeasonMatchesTabProps {
  ladderId: string;
  seasonId: string;
}

/**
 * The Matches tab of the season screen belongs to the matches feature. Features never import each
 * other, so the app composes it in: the manager's routes (`routes/manager-routes.tsx`) are given a
 * loader of the tab and provide it here; `SeasonManager` renders whatever it finds (nothing without).
 */
export const SeasonMatchesTabContext = createContext<ComponentType<SeasonMatchesTabProps> | null>(null);

export function useSeasonMatchesTab(): ComponentType<SeasonMatchesTabProps> | null {
  return useContext(SeasonMatchesTabContext);
}
