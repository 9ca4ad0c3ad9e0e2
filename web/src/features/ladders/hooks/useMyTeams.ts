import { useCallback, useEffect, useState } from 'react';
import { getCookie } from '../../../lib/cookies';
import { isLoggedIn } from '../../../lib/session';
import { getMyTeams, type MyTeam } from '../api/ladders';

/** The signed-in player's teams (none when signed out); `reload` after a registration. */
export function useMyTeams(): { loggedIn: boolean; teams: MyTeam[]; reload(): Promise<void> } {
  const loggedIn = isLoggedIn(getCookie);
  const [teams, setTeams] = useState<MyTeam[]>([]);
  const reload = useCallback(async () => {
    if (!isLoggedIn(getCookie)) return;
    try {
      setTeams(await getMyTeams());
    } catch {
      // Not essential for the page: the list simply stays as it was.
    }
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { loggedIn, teams, reload };
}
