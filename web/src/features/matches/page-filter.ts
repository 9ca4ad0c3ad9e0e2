import type { MatchListItem } from './api/matches';

/**
 * What the matches page `/matches/{locale}/?event=&player=&match=` shows (DESIGN.md §2): one match
 * (`match`), the matches of a ladder and/or a player or team (`event`, `player` → `TAGS`; readable
 * without signing in), or else the signed-in user's own matches (`OWN=TRUE`).
 */
type MatchesPageView =
  | { kind: 'match'; matchId: string }
  | { kind: 'filtered'; eventId: string | null; playerId: string | null; tags: string[] }
  | { kind: 'own' };

const ID = /^[0-9A-Za-z-]{1,64}$/;

function idParam(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.trim() ?? '';
  return ID.test(value) ? value : null;
}

export function matchesPageView(params: URLSearchParams): MatchesPageView {
  const matchId = idParam(params, 'match');
  if (matchId) return { kind: 'match', matchId };
  const eventId = idParam(params, 'event');
  const playerId = idParam(params, 'player');
  if (eventId || playerId) {
    return {
      kind: 'filtered',
      eventId,
      playerId,
      tags: [eventId, playerId].filter((id): id is string => !!id),
    };
  }
  return { kind: 'own' };
}

/**
 * The widget's display flags from its URL (spec §2 "Display flags"), for narrow iframes: `?short=1`
 * shows first names with an initial, `?one=1` only a team's first member ("+1" for the rest).
 */
export function widgetDisplay(params: URLSearchParams): { shortName: boolean; onlyOne: boolean } {
  const on = (name: string) => ['1', 'true'].includes(params.get(name)?.trim().toLowerCase() ?? '');
  return { shortName: on('short'), onlyOne: on('one') };
}

/** Only the own-matches view needs a session; filtered views and single matches are public. */
export function matchesPageNeedsSignIn(url: URL): boolean {
  return matchesPageView(url.searchParams).kind === 'own';
}

/** The name of a player as their first match shows it (a member entry with the player's id). */
export function playerNameIn(items: readonly MatchListItem[], playerId: string): string | null {
  for (const { match } of items) {
    const member = [...match.defender.members, ...match.challenger.members].find((m) => m.id === playerId);
    if (member) return member.name;
  }
  return null;
}
