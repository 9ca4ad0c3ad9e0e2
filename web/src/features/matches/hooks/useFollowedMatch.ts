import { useCallback, useEffect, useState, type RefObject } from 'react';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { liveRooms } from '../../../lib/live';
import { getMatch, matchSchema, type Match } from '../api/matches';
import { withLiveUpdate, withViewerFlags } from '../model';

interface FollowedMatch {
  match: Match;
  /** Shows this match (an answer of a command) and tells the parent. */
  show: (next: Match) => void;
  /** Reads the match again. */
  reload: () => Promise<Match>;
  /** Shows the match a command answered; only a late projection (202, no match in the answer) reads it again. */
  adopt: (answered: Match | undefined) => Promise<Match>;
}

/**
 * The match a card shows, kept up to date: a new match from the parent (a list reload or a live update it follows)
 * and, when `live`, the `match.updated` and `live.updated` pushes on `match:{id}` replace it (the viewer's own
 * `editable` and `itsMe` flags are kept), except while `editing`.
 */
export function useFollowedMatch(
  given: Match,
  {
    live,
    editing,
    onChange,
  }: { live: boolean; editing: RefObject<boolean>; onChange?: (match: Match) => void },
): FollowedMatch {
  const [match, setMatch] = useState<Match>(given);

  useEffect(() => {
    if (!editing.current) setMatch(given);
  }, [given, editing]);

  const show = useCallback(
    (next: Match) => {
      setMatch(next);
      onChange?.(next);
    },
    [onChange],
  );

  const reload = useCallback(async () => {
    const fresh = await getMatch(given.id);
    show(fresh);
    return fresh;
  }, [given.id, show]);

  const adopt = useCallback(
    async (answered: Match | undefined) => {
      if (!answered) return reload();
      show(answered);
      return answered;
    },
    [show, reload],
  );

  useLiveRoom(live ? liveRooms.match(given.id) : null, {
    'match.updated': (payload) => {
      const parsed = matchSchema.safeParse(payload.match);
      if (!parsed.success || parsed.data.id !== given.id || editing.current) return;
      const next = withViewerFlags(parsed.data, match);
      show(next);
      // A push never carries why a result is disputed: a side or a manager reads the match again to see it.
      if (next.editable && next.confirmation.state === 'disputed' && !next.confirmation.reason)
        void reload().catch(() => undefined);
    },
    'live.updated': (payload) => {
      const next = withLiveUpdate(match, payload);
      if (!next || editing.current) return;
      show(next);
    },
    onResync: () => {
      if (!editing.current) void reload().catch(() => undefined);
    },
  });

  return { match, show, reload, adopt };
}
