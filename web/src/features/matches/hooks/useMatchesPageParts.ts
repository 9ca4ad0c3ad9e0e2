import { createContext, useContext, type ComponentType } from 'react';

/** What My matches hands the challenges section (features/challenges), and what it hears back. */
export interface ChallengesSectionProps {
  accountId: string | null | undefined;
  /** A challenge was accepted, declined or withdrawn there (a match may have been created). */
  onAnswered?: () => void;
  /** The challenges were loaded (or failed to load) the first time: what the section shows is settled. */
  onKnown?: () => void;
}

/** What a match page hands the live panel (features/live-scoring). */
export interface LiveMatchPanelProps {
  matchId: string;
  names: Record<'defender' | 'challenger', string>;
}

export interface MatchesPageParts {
  ChallengesSection: ComponentType<ChallengesSectionProps>;
  LiveMatchPanel: ComponentType<LiveMatchPanelProps>;
}

/**
 * Parts of the matches page that belong to other features. Features never import each other, so the app composes
 * them in: `matchesRoutes` is given their loaders and provides them here (lazily: they load when shown).
 */
export const MatchesPagePartsContext = createContext<MatchesPageParts | null>(null);

export function useMatchesPageParts(): MatchesPageParts | null {
  return useContext(MatchesPagePartsContext);
}
