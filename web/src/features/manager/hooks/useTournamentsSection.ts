import { createContext, useContext, type ComponentType } from 'react';

/** What the manager screen's "Tournaments" section gets. */
export interface TournamentsSectionProps {
  companyId: string;
}

type SectionLoader = () => Promise<ComponentType<TournamentsSectionProps>>;

/**
 * The "Tournaments" section (DESIGN.md §16) belongs to the tournaments feature. Features never import each other, so
 * the app hands its loader to the manager's routes (`routes/manager-routes.tsx`), which provide it here; the shell
 * shows the section's button only with a loader, and loads the section when first opened.
 */
export const TournamentsSectionContext = createContext<SectionLoader | null>(null);

export function useTournamentsSectionLoader(): SectionLoader | null {
  return useContext(TournamentsSectionContext);
}
