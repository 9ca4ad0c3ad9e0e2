import { useCallback, useEffect, useState } from 'react';
import { useErrorText } from '../../../hooks/useAction';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { createCoalescedReads } from '../../../lib/coalesced-reads';
import { isApiError } from '../../../lib/http';
import { liveRooms } from '../../../lib/live';
import { getTournament, type Tournament } from '../api/tournaments';

export interface TournamentState {
  tournament: Tournament | undefined;
  /** The failure's text; `notFound` when the tournament does not exist (or was deleted). */
  failure: string | undefined;
  notFound: boolean;
  reload(): Promise<void>;
}

/**
 * A tournament, loaded and followed live (DESIGN.md §16): every `tournament.updated` of its public room, and a
 * resync after a lost connection, loads it again; asked while a load is in flight, one more load follows it
 * (lib/coalesced-reads.ts), so a burst of pushes is two requests at most.
 */
export function useTournament(tournamentId: string): TournamentState {
  const failureText = useErrorText();
  const [tournament, setTournament] = useState<Tournament>();
  const [failure, setFailure] = useState<string>();
  const [notFound, setNotFound] = useState(false);
  const [reads] = useState(createCoalescedReads);

  const reload = useCallback(
    () =>
      reads.read(
        tournamentId,
        () => getTournament(tournamentId),
        (answer) => {
          setTournament(answer);
          setFailure(undefined);
          setNotFound(false);
        },
        (error) => {
          if (isApiError(error) && error.status === 404) setNotFound(true);
          else setFailure(failureText(error));
        },
      ),
    [reads, tournamentId, failureText],
  );

  useEffect(() => {
    void reload();
    // Another tournament, or the page gone: what is still read of this one is not shown.
    return () => reads.forget(tournamentId);
  }, [reads, tournamentId, reload]);

  useLiveRoom(liveRooms.tournament(tournamentId), {
    'tournament.updated': (payload) => {
      if (payload.tournamentId === tournamentId) void reload();
    },
    onResync: () => void reload(),
  });

  return { tournament, failure, notFound, reload };
}
