import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getClubLadders,
  getLadderMatches,
  getRunningClubNights,
  getStandings,
  getTournament,
  type TvLadder,
} from '../api/tv';
import type { ClubTvData } from '../views';

type LadderData = ClubTvData['ladders'][number];

export interface ClubTv {
  data: ClubTvData;
  /** The club's name, once a ladder named it. */
  clubName: string | undefined;
  loaded: boolean;
  ladderIds: string[];
  nightIds: string[];
  reloadLadder(ladderId: string): void;
  reloadNight(tournamentId: string): void;
  /**
   * Reads the club's ladders and club nights again (new ones appear, finished ones go); `everything` reads each
   * ladder's data too (after a reconnect), else only a new ladder's.
   */
  reloadAll(everything: boolean): void;
}

/**
 * The club's screenful of data, composed from the public routes: its ladders (the public list, narrowed to the
 * company) with their standings and matches, and its running club nights. Each part is read again on its own
 * (a push names a ladder or a tournament); an answer older than the last one asked for is dropped.
 */
export function useClubTv(companyId: string): ClubTv {
  const [ladders, setLadders] = useState<TvLadder[]>([]);
  const [ladderData, setLadderData] = useState<Record<string, LadderData>>({});
  const [nights, setNights] = useState<ClubTvData['nights']>([]);
  const [loaded, setLoaded] = useState(false);
  const asked = useRef(new Map<string, number>());
  const controller = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => current.abort();
  }, []);

  /** Runs `read` and applies its answer only if no later read of the same `key` was asked for since. */
  const latest = useCallback(
    <T>(key: string, read: (signal: AbortSignal) => Promise<T>, apply: (value: T) => void) => {
      const turn = (asked.current.get(key) ?? 0) + 1;
      asked.current.set(key, turn);
      const { signal } = controller.current;
      read(signal).then(
        (value) => {
          if (!signal.aborted && asked.current.get(key) === turn) apply(value);
        },
        // A failed read leaves what the screen shows; the next push, view change or reconnect reads again.
        () => undefined,
      );
    },
    [],
  );

  const reloadLadder = useCallback(
    (ladderId: string) =>
      latest(
        `ladder:${ladderId}`,
        (signal) =>
          Promise.all([
            getStandings(ladderId, signal),
            getLadderMatches(ladderId, true, signal),
            getLadderMatches(ladderId, false, signal),
          ]),
        ([standings, completed, notCompleted]) =>
          setLadderData((before) => ({ ...before, [ladderId]: { standings, completed, notCompleted } })),
      ),
    [latest],
  );

  const reloadNight = useCallback(
    (tournamentId: string) =>
      latest(
        `night:${tournamentId}`,
        (signal) => getTournament(tournamentId, signal),
        (night) =>
          setNights((before) =>
            night.status === 'running'
              ? before.map((shown) => (shown.tournamentId === tournamentId ? night : shown))
              : before.filter((shown) => shown.tournamentId !== tournamentId),
          ),
      ),
    [latest],
  );

  const reloadAll = useCallback(
    (everything: boolean) => {
      latest(
        'ladders',
        (signal) => getClubLadders(companyId, signal),
        (found) => {
          setLadders(found);
          for (const ladder of found)
            if (everything || !asked.current.has(`ladder:${ladder.uuid}`)) reloadLadder(ladder.uuid);
          setLoaded(true);
        },
      );
      latest('nights', (signal) => getRunningClubNights(companyId, signal), setNights);
    },
    [companyId, latest, reloadLadder],
  );

  useEffect(() => reloadAll(true), [reloadAll]);

  return {
    data: {
      ladders: ladders.map((ladder) => ladderData[ladder.uuid] ?? { completed: [], notCompleted: [] }),
      nights,
    },
    clubName: ladders[0]?.company.name,
    loaded,
    ladderIds: ladders.map((ladder) => ladder.uuid),
    nightIds: nights.map((night) => night.tournamentId),
    reloadLadder,
    reloadNight,
    reloadAll,
  };
}
