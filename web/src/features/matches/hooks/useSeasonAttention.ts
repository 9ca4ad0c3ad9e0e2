import { useCallback, useEffect, useState } from 'react';
import { liveRooms } from '../../../lib/live';
import { useLiveRoom } from '../../../hooks/useLiveRoom';
import { getMatch, listMatches, type MatchListItem } from '../api/matches';
import {
  isOverdue,
  listSeasonChallengesWithOverdue,
  overdueCandidates,
  type SeasonChallenge,
} from '../overdue-challenges';

export type AttentionItem =
  | { kind: 'disputed'; item: MatchListItem }
  | { kind: 'overdue'; item: MatchListItem; challenge: SeasonChallenge };

/** Pages of results read to find disputed ones (20 a page). */
const MAX_PAGES = 10;

/**
 * What the manager's season Matches tab shows first (DESIGN.md §5): disputed results and overdue
 * challenge matches (accepted, no result after play-by, judged by the server's clock). Loaded again on
 * `season.updated`.
 */
export function useSeasonAttention(seasonId: string): { items: AttentionItem[]; reload: () => void } {
  const [items, setItems] = useState<AttentionItem[]>([]);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((n) => n + 1), []);

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    (async () => {
      const challenges = await listSeasonChallengesWithOverdue(seasonId, signal).catch(
        () => [] as SeasonChallenge[],
      );
      const overdue: AttentionItem[] = [];
      for (const challenge of overdueCandidates(challenges)) {
        const match = await getMatch(challenge.matchId!, signal).catch(() => null);
        if (match && isOverdue(challenge, match))
          overdue.push({ kind: 'overdue', item: { match }, challenge });
      }
      const disputed: AttentionItem[] = [];
      for (let page = 0; page < MAX_PAGES; page++) {
        const found = await listMatches(page, { tags: [seasonId], completed: true }, signal);
        for (const item of found) {
          if (item.match.confirmation.state === 'disputed') disputed.push({ kind: 'disputed', item });
        }
        if (found.length === 0) break;
      }
      if (!signal.aborted) setItems([...disputed, ...overdue]);
    })().catch(() => undefined);
    return () => controller.abort();
  }, [seasonId, version]);

  useLiveRoom(liveRooms.season(seasonId), { 'season.updated': reload, onResync: reload });
  return { items, reload };
}
