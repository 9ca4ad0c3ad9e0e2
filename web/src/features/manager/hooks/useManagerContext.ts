import { useOutletContext } from 'react-router-dom';
import type { Ladder } from '../api/ladders';

/** What the manager shell hands to the ladder screen (react-router outlet context). */
export interface ManagerContext {
  companyId: string;
  companyName: string;
  /** The company's ladders; null while loading. */
  ladders: Ladder[] | null;
  reloadLadders(): Promise<Ladder[]>;
  /** The router path of a ladder of this company (or of the add-ladder screen without a name). */
  ladderPath(name?: string): string;
}

export function useManagerContext(): ManagerContext {
  return useOutletContext<ManagerContext>();
}
