import { useCallback, useEffect, useRef, useState } from 'react';
import { useErrorText } from '../../../hooks/useAction';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
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
 * resync after a lost connection, loads it again. An answer that arrives after a newer one was asked for is dropped.
 */
export function useTournament(tournamentId: string): TournamentState {
  const failureText = useErrorText();
  const [tournament, setTournament] = useState<Tournament>();
  const [failure, setFailure] = useState<string>();
  const [notFound, setNotFound] = useState(false);
  const asked = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++asked.current;
    try {
      const answer = await getTournament(tournamentId);
      if (mine !== asked.current) return;
      setTournament(answer);
      setFailure(undefined);
      setNotFound(false);
    } catch (error) {
      if (mine !== asked.current) return;
      if (isApiError(error) && error.status === 404) setNotFound(true);
      else setFailure(failureText(error));
    }
  }, [tournamentId, failureText]);

  useEffect(() => {
    void reload();
  }, [reload]);

  useLiveRoom(liveRooms.tournament(tournamentId), {
    'tournament.updated': (payload) => {
      if (payload.tournamentId === tournamentId) void reload();
    },
    onResync: () => void reload(),
  });

  return { tournament, failure, notFound, reload };
}
