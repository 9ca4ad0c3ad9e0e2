import type { EventEnvelope } from '../envelope.ts';
import type { LadderEvent } from '../ladders/events.ts';
import type { MatchType, SportsCategory } from '../ladders/model.ts';
import type { MatchEvent } from '../matches/events.ts';
import { recalculate } from '../matches/scoring.ts';
import type { TeamEvent } from '../teams/events.ts';
import type { TournamentDomainEvent } from '../tournaments/events.ts';
import { KNOCKOUT_MATCH_TYPE } from '../tournaments/knockout.ts';
import { expectedScore, INITIAL_RATING, ratePeriod, sideOf, type Rating } from './glicko2.ts';
import { PersistentList, PersistentMap } from './persistent.ts';

type Side = 'defender' | 'challenger';

/** How one result moved one player (DESIGN.md §11); names are added beside it, at the read. */
export interface RatingChange {
  matchId: string;
  /** When the result first counted: its place in the order. */
  at: string;
  before: number;
  after: number;
  deviationBefore: number;
  deviationAfter: number;
  /** Glickman's E before the match: the chance to win, 0..1. */
  expected: number;
  won: boolean;
  /** The other side, with their ratings before the match. */
  opponents: Array<{ playerId: string; rating: number }>;
}

export interface PlayerRating extends Rating {
  playerId: string;
  sportsCategory: SportsCategory;
  /** Rated matches. */
  matches: number;
  /** Oldest first. */
  changes: RatingChange[];
}

/** A result that counts, as the ratings see it: who played on each side, and who won. */
export interface CountedResult {
  matchId: string;
  sportsCategory: SportsCategory;
  at: string;
  players: Record<Side, string[]>;
  /** No winner (a draw, one set) and walkovers change no rating. */
  winner: Side | null;
  walkover: boolean;
}

interface RatedMatch {
  ladderId: string;
  seasonId: string;
  defenderId: string;
  challengerId: string;
  cancelled: boolean;
  /** The result as entered, and whether it counts now (confirmed, or entered by a manager or the system). */
  result?: { winner: Side | null; walkover: boolean; counts: boolean };
  /** The ladder's sports category when the first result came in: the rating it counts for, for good. */
  sportsCategory?: SportsCategory;
  /** When its result first counted: its place in the order for good, also after a change (DESIGN.md §15). */
  countedAt?: string;
}

/** The ratings of one company (DESIGN.md §11): Glicko-2 per sports category over all its seasons and ladders. */
export interface RatingsState {
  categories: Readonly<Record<string, SportsCategory>>;
  matchTypes: Readonly<Record<string, MatchType>>;
  teams: PersistentMap<readonly string[]>;
  matches: PersistentMap<RatedMatch>;
  /** Matches in the order their results first counted. */
  order: PersistentList<string>;
  /** By `ratingKey`. */
  players: PersistentMap<PlayerRating>;
}

type RatingsFoldEvent = LadderEvent | TeamEvent | MatchEvent | TournamentDomainEvent;
/** The events that change ratings; the fold passes every other event by (`ratingFoldTypes`). */
type RatedEvent = Extract<
  RatingsFoldEvent,
  {
    type:
      | 'LadderCreated'
      | 'LadderUpdated'
      | 'SeasonCreated'
      | 'SeasonUpdated'
      | 'TeamRegistered'
      | 'TournamentCreated'
      | 'TournamentEntered'
      | 'MatchCreated'
      | 'MatchResultRecorded'
      | 'ResultConfirmed'
      | 'MatchCancelled';
  }
>;

export const ratingKey = (sportsCategory: SportsCategory, playerId: string) =>
  `${sportsCategory}/${playerId}`;

export function initialRatings(): RatingsState {
  return {
    categories: {},
    matchTypes: {},
    teams: PersistentMap.empty(),
    matches: PersistentMap.empty(),
    order: PersistentList.empty(),
    players: PersistentMap.empty(),
  };
}

/** Every player's rating, by `ratingKey`. */
export function ratingsOf(state: RatingsState): Record<string, PlayerRating> {
  return Object.fromEntries(state.players.entries());
}

const unrated = (sportsCategory: SportsCategory, playerId: string): PlayerRating => ({
  ...INITIAL_RATING,
  playerId,
  sportsCategory,
  matches: 0,
  changes: [],
});

/**
 * One result as one rating period (DESIGN.md §11): each player of each side is rated with their own rating and
 * deviation against the other side as one opponent (the mean of its ratings, the root mean square of its
 * deviations). Gives the players it changed; a result without a winner, or a walkover, changes none.
 */
export function rateResult(
  ratingOf: (sportsCategory: SportsCategory, playerId: string) => PlayerRating | undefined,
  result: CountedResult,
): PlayerRating[] {
  const { winner, sportsCategory, players } = result;
  if (winner === null || result.walkover) return [];
  // A side without players, or a player on both sides (a team against itself), is no contest to rate.
  const everyone = [...players.defender, ...players.challenger];
  if (
    players.defender.length === 0 ||
    players.challenger.length === 0 ||
    new Set(everyone).size < everyone.length
  )
    return [];
  const before = (playerId: string) =>
    ratingOf(sportsCategory, playerId) ?? unrated(sportsCategory, playerId);
  const sides = {
    defender: result.players.defender.map(before),
    challenger: result.players.challenger.map(before),
  };
  return (['defender', 'challenger'] as const).flatMap((side) => {
    const others = sides[side === 'defender' ? 'challenger' : 'defender'];
    const opponent = sideOf(others);
    const won = winner === side;
    return sides[side].map((player): PlayerRating => {
      const next = ratePeriod(player, [{ ...opponent, score: won ? 1 : 0 }]);
      const change: RatingChange = {
        matchId: result.matchId,
        at: result.at,
        before: player.rating,
        after: next.rating,
        deviationBefore: player.deviation,
        deviationAfter: next.deviation,
        expected: expectedScore(player, opponent),
        won,
        opponents: others.map((other) => ({ playerId: other.playerId, rating: other.rating })),
      };
      return { ...player, ...next, matches: player.matches + 1, changes: [...player.changes, change] };
    });
  });
}

/** Every rating from scratch over results in their order: what a refold after a changed result gives. */
export function rateInOrder(results: Iterable<CountedResult>): Map<string, PlayerRating> {
  // Local and mutable: nothing outside sees it before it is returned.
  const players = new Map<string, PlayerRating>();
  const ratingOf = (category: SportsCategory, playerId: string) => players.get(ratingKey(category, playerId));
  for (const result of results) {
    for (const player of rateResult(ratingOf, result)) {
      players.set(ratingKey(player.sportsCategory, player.playerId), player);
    }
  }
  return players;
}

/** The results that count now, in their order (those that no longer count keep their place, rating nothing). */
export function countedResults(state: RatingsState): CountedResult[] {
  return state.order.toArray().flatMap((matchId) => {
    const counted = countedResultOf(state, matchId);
    return counted ? [counted] : [];
  });
}

function countedResultOf(state: RatingsState, matchId: string): CountedResult | undefined {
  const match = state.matches.get(matchId);
  // Stryker disable next-line OptionalChaining: equivalent, every match in the order has its result
  if (!match?.result?.counts || match.cancelled || !match.countedAt || !match.sportsCategory)
    return undefined;
  const { sportsCategory } = match;
  return {
    matchId,
    sportsCategory,
    at: match.countedAt,
    players: {
      defender: [...(state.teams.get(match.defenderId) ?? [])],
      challenger: [...(state.teams.get(match.challengerId) ?? [])],
    },
    winner: match.result.winner,
    walkover: match.result.walkover,
  };
}

/**
 * A match's result changed. A result that counts for the first time takes the next place and rates its players;
 * any other change (a corrected, re-entered or cancelled result) keeps the place and refolds every rating.
 */
function withMatch(state: RatingsState, matchId: string, match: RatedMatch, at: string): RatingsState {
  const placed = match.countedAt !== undefined;
  const counts = match.result?.counts === true && !match.cancelled;
  if (!placed && !counts) return { ...state, matches: state.matches.set(matchId, match) };
  if (!placed) {
    const next: RatingsState = {
      ...state,
      matches: state.matches.set(matchId, { ...match, countedAt: at }),
      order: state.order.push(matchId),
    };
    const result = countedResultOf(next, matchId);
    const changed = result
      ? rateResult((category, id) => state.players.get(ratingKey(category, id)), result)
      : [];
    let players = state.players;
    for (const player of changed) {
      players = players.set(ratingKey(player.sportsCategory, player.playerId), player);
    }
    return { ...next, players };
  }
  const next = { ...state, matches: state.matches.set(matchId, match) };
  let players = PersistentMap.empty<PlayerRating>();
  for (const [key, player] of rateInOrder(countedResults(next))) players = players.set(key, player);
  return { ...next, players };
}

function changeMatch(
  state: RatingsState,
  matchId: string,
  at: string,
  change: (match: RatedMatch) => RatedMatch | undefined,
): RatingsState {
  const match = state.matches.get(matchId);
  const changed = match && change(match);
  return changed ? withMatch(state, matchId, changed, at) : state;
}

/**
 * The ratings fold (DESIGN.md §11): one company's events, in log order, into its players' ratings. The same fold
 * serves the projector, replay and the history; events of other kinds change nothing.
 */
export function evolveRatings(state: RatingsState, envelope: EventEnvelope): RatingsState {
  if (!ratingFoldTypes.has(envelope.type)) return state;
  const event = envelope as RatedEvent;
  switch (event.type) {
    case 'LadderCreated':
    case 'LadderUpdated':
      // A ladder may change its category between seasons: a result counts for the category it was played in.
      return {
        ...state,
        categories: { ...state.categories, [event.payload.ladderId]: event.payload.sportsCategory },
      };
    case 'SeasonCreated':
    case 'SeasonUpdated':
      return {
        ...state,
        matchTypes: { ...state.matchTypes, [event.payload.seasonId]: event.payload.matchType },
      };
    case 'TeamRegistered':
      return { ...state, teams: state.teams.set(event.payload.teamId, event.payload.memberIds) };
    // DESIGN.md §16: a knockout's draw matches name the tournament as their ladder and season, its entries as sides.
    case 'TournamentCreated': {
      const { tournamentId, format, sportsCategory } = event.payload;
      if (format !== 'KNOCKOUT') return state;
      return {
        ...state,
        categories: { ...state.categories, [tournamentId]: sportsCategory },
        matchTypes: { ...state.matchTypes, [tournamentId]: KNOCKOUT_MATCH_TYPE },
      };
    }
    case 'TournamentEntered':
      return { ...state, teams: state.teams.set(event.payload.entryId, event.payload.memberIds) };
    case 'MatchCreated': {
      const { matchId, ladderId, seasonId, defenderId, challengerId } = event.payload;
      const match: RatedMatch = { ladderId, seasonId, defenderId, challengerId, cancelled: false };
      return { ...state, matches: state.matches.set(matchId, match) };
    }
    case 'MatchResultRecorded': {
      const { matchId, defender, challenger, pending } = event.payload;
      return changeMatch(state, matchId, event.occurredAt, (match) => {
        const matchType = state.matchTypes[match.seasonId];
        const sportsCategory = match.sportsCategory ?? state.categories[match.ladderId];
        if (match.cancelled || !matchType || !sportsCategory) return undefined;
        const scored = recalculate(defender, challenger, matchType);
        const result = { winner: scored.winner, walkover: scored.status === 'walkover', counts: !pending };
        return { ...match, result, sportsCategory };
      });
    }
    case 'ResultConfirmed':
      return changeMatch(state, event.payload.matchId, event.occurredAt, (match) =>
        match.result && !match.result.counts
          ? { ...match, result: { ...match.result, counts: true } }
          : undefined,
      );
    case 'MatchCancelled':
      return changeMatch(state, event.payload.matchId, event.occurredAt, (match) =>
        match.cancelled ? undefined : { ...match, cancelled: true },
      );
    // Stryker disable next-line all: unreachable, ratingFoldTypes lets only the types handled here through
    default: {
      const unhandled: never = event;
      // Stryker disable next-line all: unreachable, as the default above
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}

/** The event types the fold reads (a reader may leave the others out). */
export const ratingFoldTypes: ReadonlySet<string> = new Set<RatedEvent['type']>([
  'LadderCreated',
  'LadderUpdated',
  'SeasonCreated',
  'SeasonUpdated',
  'TeamRegistered',
  'TournamentCreated',
  'TournamentEntered',
  'MatchCreated',
  'MatchResultRecorded',
  'ResultConfirmed',
  'MatchCancelled',
]);
