import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  getClubLadders,
  getLadderMatches,
  getMatch,
  getRunningTournaments,
  getStandings,
  getTournament,
  type TvLadder,
  type TvMatch,
  type TvTournament,
} from '../api/tv';
import { createCoalescedReads } from '../../../lib/coalesced-reads';
import { madeDrawMatches, type ClubTvData } from '../views';

type LadderData = ClubTvData['ladders'][number];

export interface ClubTv {
  data: ClubTvData;
  /** The club's name, once a ladder named it. */
  clubName: string | undefined;
  loaded: boolean;
  ladderIds: string[];
  /** The running tournaments: club nights and knockouts. */
  tournamentIds: string[];
  /** The running knockouts' made draw matches (their rooms carry their points). */
  drawMatchIds: string[];
  reloadLadder(ladderId: string): void;
  reloadTournament(tournamentId: string): void;
  reloadMatch(matchId: string): void;
  /**
   * Reads the club's ladders and running tournaments again (new ones appear, finished ones go); `everything` reads
   * each ladder's data too (after a reconnect), else only a new ladder's.
   */
  reloadAll(everything: boolean): void;
}

/**
 * The club's screenful of data, composed from the public routes: its ladders (the public list, narrowed to the
 * company) with their standings and matches, its running club nights, and its running knockouts with their made
 * draw matches' scores. Each part is read again on its own (a push names a ladder, a tournament or a match), one
 * read of a part at a time: pushes that come while it is read bring one more read after it (lib/coalesced-reads.ts).
 */
export function useClubTv(companyId: string): ClubTv {
  const [ladders, setLadders] = useState<TvLadder[]>([]);
  const [ladderData, setLadderData] = useState<Record<string, LadderData>>({});
  const [tournaments, setTournaments] = useState<TvTournament[]>([]);
  const [drawMatches, setDrawMatches] = useState<Record<string, TvMatch>>({});
  const [loaded, setLoaded] = useState(false);
  const [reads] = useState(createCoalescedReads);
  const controller = useRef<AbortController>(new AbortController());
  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    return () => {
      current.abort();
      reads.forgetAll();
    };
  }, [reads]);

  /**
   * Reads `key` and applies its answer, or, while a read of it is in flight, once more after that one. A failed read
   * leaves what the screen shows; the next push, view change or reconnect reads again.
   */
  const latest = useCallback(
    <T>(key: string, read: (signal: AbortSignal) => Promise<T>, apply: (value: T) => void) =>
      void reads.read(key, () => read(controller.current.signal), apply),
    [reads],
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

  const reloadTournament = useCallback(
    (tournamentId: string) =>
      latest(
        `tournament:${tournamentId}`,
        (signal) => getTournament(tournamentId, signal),
        (tournament) =>
          setTournaments((before) =>
            tournament.status === 'running'
              ? before.map((shown) => (shown.tournamentId === tournamentId ? tournament : shown))
              : before.filter((shown) => shown.tournamentId !== tournamentId),
          ),
      ),
    [latest],
  );

  const reloadMatch = useCallback(
    (matchId: string) =>
      latest(
        `match:${matchId}`,
        (signal) => getMatch(matchId, signal),
        (match) => setDrawMatches((before) => ({ ...before, [matchId]: match })),
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
            if (everything || !reads.has(`ladder:${ladder.uuid}`)) reloadLadder(ladder.uuid);
          setLoaded(true);
        },
      );
      latest('tournaments', (signal) => getRunningTournaments(companyId, signal), setTournaments);
    },
    [companyId, latest, reloadLadder],
  );

  useEffect(() => reloadAll(true), [reloadAll]);

  const knockouts = useMemo(
    () => tournaments.filter((tournament) => tournament.format === 'KNOCKOUT' && tournament.draw),
    [tournaments],
  );
  const drawMatchIds = useMemo(
    () => knockouts.flatMap((knockout) => madeDrawMatches(knockout).map((match) => match.matchId)),
    [knockouts],
  );
  // A match made since (a winner placed) is read once; its room brings every change after. The scores of matches
  // no longer in a running knockout go, so a screen left on for days keeps only what it shows.
  useEffect(() => {
    const made = new Set(drawMatchIds);
    for (const matchId of made) if (!reads.has(`match:${matchId}`)) reloadMatch(matchId);
    for (const key of reads.keys())
      if (key.startsWith('match:') && !made.has(key.slice('match:'.length))) reads.forget(key);
    setDrawMatches((before) => {
      const kept = Object.entries(before).filter(([matchId]) => made.has(matchId));
      return kept.length === Object.keys(before).length ? before : Object.fromEntries(kept);
    });
  }, [drawMatchIds, reloadMatch, reads]);

  return {
    data: {
      ladders: ladders.map((ladder) => ladderData[ladder.uuid] ?? { completed: [], notCompleted: [] }),
      nights: tournaments.filter((tournament) => tournament.format !== 'KNOCKOUT'),
      knockouts,
      drawMatches,
    },
    clubName: ladders[0]?.company.name,
    loaded,
    ladderIds: ladders.map((ladder) => ladder.uuid),
    tournamentIds: tournaments.map((tournament) => tournament.tournamentId),
    drawMatchIds,
    reloadLadder,
    reloadTournament,
    reloadMatch,
    reloadAll,
  };
}
