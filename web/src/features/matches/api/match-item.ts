import { useEffect, useState } from 'react';
import { isApiError } from '../../../lib/http';
import { getMatch, listMatches, type EventInfo, type Match, type MatchListItem } from './matches';

/**
 * One match with its event info (spec §3 "Matches list item"), for the `?match={id}` page: its card
 * shows event, part and round like every other card, and its calendar download carries the same
 * description. `GET matches/{id}` answers the match only (spec §7), so the event comes from the list
 * of the matches between the match's two teams (`TAGS` = both team ids, planned and completed),
 * page by page until the match is found or a page comes back empty.
 */

/** At most this many pages of the two teams' matches are read to find the event. */
export const EVENT_LOOKUP_PAGES = 5;

/** The event of match `matchId` in a page of list items, when the page holds it. */
function eventIn(items: readonly MatchListItem[], matchId: string): EventInfo | undefined {
  return items.find((item) => item.match.id === matchId)?.event;
}

/** The event info of a match, or undefined when the list does not give one. */
export async function getMatchEvent(match: Match, signal?: AbortSignal): Promise<EventInfo | undefined> {
  const filter = {
    tags: [match.defender.teamId, match.challenger.teamId],
    completed: true,
    notCompleted: true,
  };
  for (let page = 0; page < EVENT_LOOKUP_PAGES; page++) {
    const items = await listMatches(page, filter, signal);
    const event = eventIn(items, match.id);
    if (event || items.length === 0) return event;
  }
  return undefined;
}

/** The match and its event. */
async function getMatchItem(id: string, signal?: AbortSignal): Promise<MatchListItem> {
  const match = await getMatch(id, signal);
  const event = await getMatchEvent(match, signal);
  return event ? { match, event } : { match };
}

type MatchItemState =
  { status: 'loading' } | { status: 'loaded'; item: MatchListItem } | { status: 'failed'; notFound: boolean };

/**
 * Loads the match of the `?match=` page with its event; `setMatch` replaces the match shown (after
 * an edit or a live update) and keeps the event.
 */
export function useMatchItem(id: string): {
  state: MatchItemState;
  setMatch: (match: Match) => void;
} {
  const [state, setState] = useState<MatchItemState>({ status: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    getMatchItem(id, controller.signal)
      .then((item) => setState({ status: 'loaded', item }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'failed', notFound: isApiError(error) && error.status === 404 });
      });
    return () => controller.abort();
  }, [id]);
  const setMatch = (match: Match) =>
    setState((previous) =>
      previous.status === 'loaded' ? { status: 'loaded', item: { ...previous.item, match } } : previous,
    );
  return { state, setMatch };
}
