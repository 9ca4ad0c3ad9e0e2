import { useCallback, useEffect, useRef, useState } from 'react';
import { liveRooms } from '../../../lib/live';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { listMyChallenges, type Challenge } from '../../../lib/challenges-api';
import { ladderTeamNames, listMyTeams } from '../api/challenge-teams';

interface MyChallenges {
  state: 'loading' | 'ready' | 'error';
  challenges: Challenge[];
  myTeamIds: ReadonlySet<string>;
  /** teamId → the members' names (from the standings of the ladders involved). */
  names: ReadonlyMap<string, string>;
  reload: () => void;
}

/**
 * The signed-in player's challenges with their teams and the names of the teams involved; loaded
 * again on `challenge.updated` in the account's own room (and after a resync).
 */
export function useMyChallenges(accountId: string | null | undefined): MyChallenges {
  const [state, setState] = useState<MyChallenges['state']>('loading');
  const [challenges, setChallenges] = useState<Challenge[]>([]);
  const [myTeamIds, setMyTeamIds] = useState<ReadonlySet<string>>(new Set());
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  const [version, setVersion] = useState(0);
  const loadedNames = useRef(new Map<string, string>());
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const [list, teams] = await Promise.all([listMyChallenges(signal), listMyTeams(signal)]);
      const seasons = new Set(list.map((challenge) => challenge.seasonId));
      const ladders = new Set(
        teams.filter((team) => seasons.has(team.seasonId) && team.ladderId).map((team) => team.ladderId!),
      );
      const needed = list.flatMap((c) => [c.challengerTeamId, c.defenderTeamId]);
      if (needed.some((id) => !loadedNames.current.has(id))) {
        const maps = await Promise.all(
          [...ladders].map((id) => ladderTeamNames(id, signal).catch(() => new Map<string, string>())),
        );
        for (const map of maps) for (const [id, name] of map) loadedNames.current.set(id, name);
      }
      if (signal.aborted) return;
      setChallenges(list);
      setMyTeamIds(new Set(teams.map((team) => team.teamId)));
      setNames(new Map(loadedNames.current));
      setState('ready');
    })().catch(() => {
      if (!signal.aborted) setState('error');
    });
    return () => controller.abort();
  }, [version]);

  useLiveRoom(accountId ? liveRooms.account(accountId) : null, {
    'challenge.updated': reload,
    onResync: reload,
  });

  return { state, challenges, myTeamIds, names, reload };
}
