import type { EventEnvelope } from '@courtside/events/envelope';
import {
  standingsOfHistory,
  type HistoryMatch,
  type SeasonHistoryState,
} from '@courtside/events/history/season-fold';
import { SeasonScrubber } from '@courtside/events/history/season-scrubber';
import { recalculate, type ScoredSet, type Special } from '@courtside/events/matches/scoring';

/** A standings row as the timeline shows it (the fields of `GET …/standings?at=` it uses). */
export interface TimelineStandingsRow {
  teamId: string;
  position: number;
  members: Array<{ fullName: string }>;
  played: number;
  won: number;
  lost: number;
  movement: number;
}

export interface TimelineMatchSide {
  teamId: string;
  members: Array<{ name: string }>;
  matchSets: ScoredSet[];
  winner: boolean;
  special: Special;
}

/** A match as the timeline shows it (the fields of `GET matches/{id}` it uses). */
export interface TimelineMatch {
  id: string;
  date: string | null;
  status: string;
  defender: TimelineMatchSide;
  challenger: TimelineMatchSide;
  confirmation: { state: string };
}

export interface SeasonView {
  standings: TimelineStandingsRow[];
  /** Oldest first. */
  matches: TimelineMatch[];
}

/** The name an account without one gets, as the api's history shows it. */
const NO_NAME = 'Player';

/**
 * The season as it stood, for the timeline: the standings and matches `GET …/standings?at=` answers (DESIGN.md §8),
 * built from the same fold in the page (tests/history/head-equals-live.test.ts compares the two).
 */
function seasonViewOf(
  state: SeasonHistoryState,
  names: Readonly<Record<string, string>>,
  // The fold keeps a match's object while it does not change (and a team's members never do): built once each.
  built = new WeakMap<HistoryMatch, TimelineMatch>(),
): SeasonView {
  const nameOf = (id: string) => names[id] ?? NO_NAME;
  const matchType = state.season?.matchType ?? 'BESTOFTHREE';
  const standings = standingsOfHistory(state).map(({ memberIds, ...row }) => ({
    teamId: row.teamId,
    position: row.position,
    members: memberIds.map((id) => ({ fullName: nameOf(id) })),
    played: row.played,
    won: row.won,
    lost: row.lost,
    movement: row.movement,
  }));
  const matches = Object.values(state.matches)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.matchId.localeCompare(b.matchId))
    .map((match) => {
      const known = built.get(match);
      if (known) return known;
      const scored = recalculate(match.defender, match.challenger, matchType);
      const side = (key: 'defender' | 'challenger', teamId: string): TimelineMatchSide => ({
        teamId,
        members: (state.teams[teamId]?.memberIds ?? []).map((id) => ({ name: nameOf(id) })),
        matchSets: scored[key].matchSets,
        winner: scored[key].winner,
        special: scored[key].special,
      });
      const view: TimelineMatch = {
        id: match.matchId,
        date: match.date,
        status: match.status,
        defender: side('defender', match.defenderId),
        challenger: side('challenger', match.challengerId),
        confirmation: { state: match.confirmation.state },
      };
      built.set(match, view);
      return view;
    });
  return { standings, matches };
}

/** The newest matches first, at most `limit`, and always the match the step is about. */
export function recentMatches(
  matches: readonly TimelineMatch[],
  limit: number,
  about?: string,
): TimelineMatch[] {
  const newest = matches.slice(-limit).reverse();
  const match = about === undefined ? undefined : matches.find((candidate) => candidate.id === about);
  return match && !newest.includes(match) ? [match, ...newest] : newest;
}

/** What `GET …/seasons/{seasonId}/history/events` answers (`api/season-history.ts` parses it). */
export interface SeasonEventsAnswer {
  events: ReadonlyArray<{ position: number; event: Pick<EventEnvelope, 'type' | 'occurredAt' | 'payload'> }>;
  names: Readonly<Record<string, string>>;
}

/** Folds a season's events once; `at(position)` is then the view after that event, without a request. */
export function seasonTimelineOf(answer: SeasonEventsAnswer): { at: (position: number) => SeasonView } {
  const scrubber = new SeasonScrubber(
    answer.events.map(({ position, event }) => ({ position, event: event as EventEnvelope })),
  );
  const built = new WeakMap<HistoryMatch, TimelineMatch>();
  return { at: (position) => seasonViewOf(scrubber.stateAt(position), answer.names, built) };
}
