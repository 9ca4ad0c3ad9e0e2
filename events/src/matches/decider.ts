import { refuse, reject, type Decider } from '../decider.ts';
import type { SeasonFormat } from '../boxes/model.ts';
import type { MatchType } from '../ladders/model.ts';
import type { Movement } from '../ladders/rules.ts';
import {
  challengerLeapfrogged,
  challengerSwapped,
  matchCancelled,
  matchCreated,
  matchLocationSet,
  matchRescheduled,
  matchResultRecorded,
  resultConfirmed,
  resultDisputed,
  type MatchDomainEvent,
  type MatchNewEvent,
} from './events.ts';

export type { MatchDomainEvent, MatchNewEvent } from './events.ts';
import { clampToLatestDate } from './match-dates.ts';
import { changesMadeMatches, matchesToMake, withWinner, type Knockout } from '../tournaments/knockout.ts';
import { recalculate, type SideScoreInput, type Special } from './scoring.ts';

/** A side's score as it is stored in an event: the games and tiebreak points entered, and a special status. */
export interface RecordedSide {
  matchSets: Array<{ score: number | null; tiebreakScore?: number }>;
  special: Special;
}

/**
 * One match and what it is decided against from its season: the match type, the last day a match may be played
 * and the positions of the active teams (positions come from the teams feature, not from match events).
 */
export interface MatchState {
  season?: {
    seasonId: string;
    ladderId: string;
    matchType: MatchType;
    /** The season's first day: a match date never lies before it (dates stay inside the season). */
    earliestDate: string;
    latestDate: string;
    positions: Record<string, number>;
    /** DESIGN.md §5 rules of the season: how long a player's result waits, and how a win moves teams. */
    confirmHours: number;
    movement: Movement;
    /** DESIGN.md §12: in a box season nobody moves (absent: LADDER). */
    format?: SeasonFormat;
  };
  match?: {
    matchId: string;
    defenderId: string;
    challengerId: string;
    defender: RecordedSide;
    challenger: RecordedSide;
    date: string | null;
    cancelled: boolean;
    /** Whether a counted (confirmed) result ever had a winner: only the first one can move the ladder. */
    hadWinner: boolean;
    confirmation: Confirmation;
    /** DESIGN.md §9: the row of the location's text (beside the log), or null without one. */
    locationId: string | null;
  };
  /**
   * The account that sends the command and what it is to this match (loaded with the rest, under the company's
   * lock): a manager of the club, a player of one side, or nothing (`null`).
   */
  caller?: { accountId: string; actor: MatchActor | null };
  /**
   * DESIGN.md §16: the match is a knockout's draw match (its tournament stands in as `season`, where nobody moves):
   * a winner whose result counts goes on into the next match, made once both its sides are known.
   */
  knockout?: Knockout;
}

export type Side = 'defender' | 'challenger';

/** DESIGN.md §5: whether the result counts, or waits for the other side (until `dueAt`), or is disputed. */
export interface Confirmation {
  state: 'confirmed' | 'pending' | 'disputed';
  dueAt?: string;
  enteredBy?: string;
  side?: Side;
}

/** Who acts on a match: a player of one side, a manager of the club, or the system (deadlines, walkovers). */
export type MatchActor = { role: 'player'; accountId: string; side: Side } | { role: 'manager' | 'system' };
/** A signed-in account whose role on the match the state tells (`MatchState.caller`): what a route knows. */
export type MatchCaller = MatchActor | { role: 'account'; accountId: string };

export type MatchCommand =
  /** `by`: who creates it; only the club's managers may (an unknown season to anyone else). */
  | {
      type: 'CreateMatch';
      matchId: string;
      defenderId: string;
      challengerId: string;
      by?: MatchCaller;
      /** DESIGN.md §9: the row of the location's text, when one is given. */
      locationId?: string;
    }
  | {
      type: 'SaveMatch';
      matchId: string;
      defender: SideScoreInput;
      challenger: SideScoreInput;
      date?: string | null;
      /** DESIGN.md §9: the row of a new location's text, null to clear it, undefined to leave it as it is. */
      locationId?: string | null;
      by: MatchCaller;
    }
  | { type: 'CancelMatch'; matchId: string; by: MatchCaller }
  | { type: 'ConfirmResult'; matchId: string; by: MatchCaller }
  /** The reason's text is kept beside the log (DESIGN.md §10): the command carries its id and SHA-256. */
  | { type: 'DisputeResult'; matchId: string; by: MatchCaller; reason: { id: string; sha256: string } };

export const MATCH_CANCELLED = 'This match was cancelled';
/** A new match date before its season's first day (`400` on `date`, like a date that is not one). */
export const BEFORE_SEASON = 'Choose a date on or after the season’s first day';
const NOT_PENDING = 'This result is not waiting for confirmation';
const HAS_RESULT = 'A match with a result can only be cancelled by a manager';
const RESULT_FINAL = 'This result is confirmed: only a manager of the club can change it';
const ADVANCED = 'The winner plays on in the draw already: this result stays';
const IN_DRAW = 'A draw match is not cancelled: enter a walkover instead';
const DISPUTED = 'This result is disputed: a manager of the club settles it';
export const NOT_YOURS = 'Only the players of this match and the club’s managers can change it';

/** Who acts: as the command says, or, for a signed-in account, what the state says it is to the match. */
export function actorOf(by: MatchCaller, state: MatchState): MatchActor | undefined {
  if (by.role !== 'account') return by;
  return state.caller?.accountId === by.accountId ? (state.caller.actor ?? undefined) : undefined;
}

const noScore: RecordedSide = { matchSets: [], special: 'none' };
const HOUR_MS = 60 * 60 * 1000;
const confirmed: Confirmation = { state: 'confirmed' };

const actorName = (by: MatchActor) => (by.role === 'player' ? by.accountId : by.role);

/**
 * How a counted result moves the ladder (DESIGN.md §4, §5): only the first counted winner moves anyone, and only a
 * challenger who stood below: LEAPFROG takes the defender's place (the teams between move down one), SWAP trades
 * places with the defender.
 */
function moves(state: MatchState, winner: Side | null): MatchNewEvent[] {
  const { season, match } = state;
  if (!season || !match || match.hadWinner || winner !== 'challenger' || season.format === 'BOX') return [];
  const [from, to] = [season.positions[match.challengerId], season.positions[match.defenderId]];
  // A team that left the ladder has no position: then nobody moves.
  if (from === undefined || to === undefined || from <= to) return [];
  return [
    {
      type: season.movement === 'SWAP' ? challengerSwapped.type : challengerLeapfrogged.type,
      streamId: match.matchId,
      payload: {
        matchId: match.matchId,
        seasonId: season.seasonId,
        ladderId: season.ladderId,
        challengerId: match.challengerId,
        defenderId: match.defenderId,
        fromPosition: from,
        toPosition: to,
      },
    },
  ];
}

/** The entry a counted result's winning side is (a knockout's sides are its entries), or none. */
const entryOf = (match: NonNullable<MatchState['match']>, winner: Side | null) =>
  winner === null ? undefined : winner === 'defender' ? match.defenderId : match.challengerId;

/**
 * DESIGN.md §16: a knockout match's result counts, so its winner stands in the next round's match at once (and a
 * first played match's loser in the plate); each match whose two sides are now known is made, planned, undated.
 */
function advance(state: MatchState, winner: Side | null): MatchNewEvent[] {
  const { knockout, match } = state;
  if (!knockout || !match) return [];
  // Without a winner nothing new has both its sides known: no match is made.
  return matchesToMake({
    ...knockout,
    winners: withWinner(knockout.winners, match.matchId, entryOf(match, winner)),
  });
}

/** The games as stored: what was entered, without the flags the scoring rules recompute. */
function recorded(side: {
  matchSets: Array<{ score: number | null; tiebreakScore?: number }>;
  special: Special;
}): RecordedSide {
  return {
    matchSets: side.matchSets.map((set) => ({
      score: set.score,
      ...(set.tiebreakScore !== undefined ? { tiebreakScore: set.tiebreakScore } : {}),
    })),
    special: side.special,
  };
}

/**
 * The rules of a match (spec §4 and §7 "Matches", DESIGN.md §4): both teams active in the season; a cancelled
 * match is closed; a result is recorded only when it changes; a challenger who first beats a defender standing
 * above takes the defender's place (a later correction moves nobody); a date stays inside the season: clamped to
 * its end, refused before its start.
 */
export const matchDecider: Decider<MatchCommand, MatchState, MatchDomainEvent, MatchNewEvent> = {
  initialState: () => ({}),

  decide(command, state, now) {
    const { season, match } = state;
    if (!season) return reject('not_found', 'No such season');
    const ref = {
      matchId: command.matchId,
      seasonId: season.seasonId,
      ladderId: season.ladderId,
      ...(state.knockout ? { tournamentId: state.knockout.tournamentId } : {}),
    };
    switch (command.type) {
      case 'CreateMatch': {
        if (command.by !== undefined && actorOf(command.by, state)?.role !== 'manager') {
          return reject('not_found', 'No such season');
        }
        if (!(command.defenderId in season.positions) || !(command.challengerId in season.positions)) {
          return reject('invalid', 'Both teams must be active in this season', 'defenderId');
        }
        if (command.defenderId === command.challengerId) {
          return reject('invalid', 'Pick two different teams', 'challengerId');
        }
        const { defenderId, challengerId, locationId } = command;
        return [
          {
            type: matchCreated.type,
            streamId: command.matchId,
            payload: { ...ref, defenderId, challengerId },
          },
          ...(locationId
            ? [{ type: matchLocationSet.type, streamId: command.matchId, payload: { ...ref, locationId } }]
            : []),
        ];
      }
      case 'SaveMatch': {
        if (!match) return reject('not_found', 'No such match');
        if (match.cancelled) return reject('conflict', MATCH_CANCELLED);
        const by = actorOf(command.by, state);
        if (!by) return reject('forbidden', NOT_YOURS);
        const events: MatchNewEvent[] = [];
        const scored = recalculate(command.defender, command.challenger, season.matchType);
        const [defender, challenger] = [recorded(scored.defender), recorded(scored.challenger)];
        const before = [recorded(match.defender), recorded(match.challenger)];
        const counts = by.role !== 'player' || season.confirmHours === 0;
        const newResult = JSON.stringify([defender, challenger]) !== JSON.stringify(before);
        if (newResult) {
          // DESIGN.md §5 (wave 3): a counted result with a winner, or a disputed one, is the managers' to change.
          if (by.role === 'player') {
            if (match.confirmation.state === 'disputed') return refuse('DISPUTED', DISPUTED);
            const hasWinner = recalculate(match.defender, match.challenger, season.matchType).winner !== null;
            if (match.confirmation.state === 'confirmed' && hasWinner)
              return refuse('RESULT_FINAL', RESULT_FINAL);
          }
          const pending =
            by.role === 'player' && !counts && scored.winner !== null
              ? {
                  enteredBy: by.accountId,
                  side: by.side,
                  dueAt: new Date(now.getTime() + season.confirmHours * HOUR_MS).toISOString(),
                }
              : undefined;
          const { knockout } = state;
          if (
            !pending &&
            knockout &&
            changesMadeMatches(knockout, match.matchId, entryOf(match, scored.winner))
          )
            return refuse('ADVANCED', ADVANCED);
          events.push({
            type: matchResultRecorded.type,
            streamId: match.matchId,
            payload: { ...ref, defender, challenger, ...(pending ? { pending } : {}) },
          });
          if (!pending) events.push(...moves(state, scored.winner), ...advance(state, scored.winner));
        } else if (counts && match.confirmation.state !== 'confirmed') {
          // A manager saving the result as it stands settles what waited or was disputed.
          events.push({
            type: resultConfirmed.type,
            streamId: match.matchId,
            payload: { ...ref, confirmedBy: actorName(by) },
          });
          events.push(...moves(state, scored.winner), ...advance(state, scored.winner));
        }
        if (command.date !== undefined) {
          const date = command.date && clampToLatestDate(command.date, season.latestDate);
          if (date !== match.date) {
            // Dates stay inside the season: past its end a date is clamped to the last day (spec §4), before its
            // start it is refused, and nothing of the save is written.
            if (date && date.slice(0, 10) < season.earliestDate)
              return reject('invalid', BEFORE_SEASON, 'date');
            events.push({ type: matchRescheduled.type, streamId: match.matchId, payload: { ...ref, date } });
          }
        }
        // DESIGN.md §9: whoever may edit the match sets its location, also once its result is final.
        if (command.locationId !== undefined && command.locationId !== match.locationId) {
          events.push({
            type: matchLocationSet.type,
            streamId: match.matchId,
            payload: { ...ref, locationId: command.locationId },
          });
        }
        return events;
      }
      case 'CancelMatch': {
        if (!match) return reject('not_found', 'No such match');
        if (match.cancelled) return reject('conflict', MATCH_CANCELLED);
        const by = actorOf(command.by, state);
        if (!by) return reject('forbidden', NOT_YOURS);
        if (state.knockout) return refuse('IN_DRAW', IN_DRAW);
        const hasResult = recalculate(match.defender, match.challenger, season.matchType).winner !== null;
        if (by.role === 'player' && hasResult) return refuse('HAS_RESULT', HAS_RESULT);
        return [{ type: matchCancelled.type, streamId: match.matchId, payload: ref }];
      }
      case 'ConfirmResult':
      case 'DisputeResult': {
        if (!match) return reject('not_found', 'No such match');
        if (match.cancelled) return reject('conflict', MATCH_CANCELLED);
        const by = actorOf(command.by, state);
        if (!by) return reject('forbidden', NOT_YOURS);
        const waiting =
          match.confirmation.state === 'pending' ||
          (by.role !== 'player' && match.confirmation.state === 'disputed');
        if (!waiting) {
          // The deadline process may find a result confirmed meanwhile: nothing to do, not an error.
          return by.role === 'system' ? [] : refuse('NOT_PENDING', NOT_PENDING);
        }
        if (by.role === 'system' && Date.parse(match.confirmation.dueAt ?? '') > now.getTime()) return [];
        if (by.role === 'player' && by.side === match.confirmation.side) {
          return reject('forbidden', 'The other side confirms or disputes this result');
        }
        if (command.type === 'DisputeResult') {
          if (by.role !== 'player') return reject('forbidden', 'Only the other side disputes a result');
          return [
            {
              type: resultDisputed.type,
              streamId: match.matchId,
              payload: {
                ...ref,
                disputedBy: by.accountId,
                reasonId: command.reason.id,
                reasonSha256: command.reason.sha256,
              },
            },
          ];
        }
        const winner = recalculate(match.defender, match.challenger, season.matchType).winner;
        return [
          {
            type: resultConfirmed.type,
            streamId: match.matchId,
            payload: { ...ref, confirmedBy: actorName(by) },
          },
          ...moves(state, winner),
          ...advance(state, winner),
        ];
      }
      // Stryker disable next-line all: unreachable, the type checker proves every command handled
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },

  evolve(state, event) {
    const { season, match } = state;
    switch (event.type) {
      case 'MatchCreated': {
        const { matchId, defenderId, challengerId } = event.payload;
        return {
          ...state,
          match: {
            matchId,
            defenderId,
            challengerId,
            defender: noScore,
            challenger: noScore,
            date: null,
            cancelled: false,
            hadWinner: false,
            confirmation: confirmed,
            locationId: null,
          },
        };
      }
      case 'MatchResultRecorded': {
        if (!match) return state;
        const { defender, challenger, pending } = event.payload;
        const winner = season ? recalculate(defender, challenger, season.matchType).winner : null;
        if (pending) {
          return {
            ...state,
            match: { ...match, defender, challenger, confirmation: { state: 'pending', ...pending } },
          };
        }
        return {
          ...state,
          match: {
            ...match,
            defender,
            challenger,
            hadWinner: match.hadWinner || winner !== null,
            confirmation: match.confirmation.state === 'confirmed' ? match.confirmation : confirmed,
          },
        };
      }
      case 'ResultConfirmed': {
        if (!match) return state;
        const winner = season ? recalculate(match.defender, match.challenger, season.matchType).winner : null;
        return {
          ...state,
          match: { ...match, hadWinner: match.hadWinner || winner !== null, confirmation: confirmed },
        };
      }
      case 'ResultWithdrawn':
        // DESIGN.md §13: the match is as before its result (live again, its points in the live rules' state).
        return match
          ? { ...state, match: { ...match, defender: noScore, challenger: noScore, confirmation: confirmed } }
          : state;
      case 'ResultDisputed':
        return match
          ? { ...state, match: { ...match, confirmation: { ...match.confirmation, state: 'disputed' } } }
          : state;
      case 'MatchRescheduled':
        return match ? { ...state, match: { ...match, date: event.payload.date } } : state;
      case 'MatchCancelled':
        return match ? { ...state, match: { ...match, cancelled: true } } : state;
      case 'MatchLocationSet':
        return match ? { ...state, match: { ...match, locationId: event.payload.locationId } } : state;
      case 'ChallengerSwapped': {
        if (!season) return state;
        const { challengerId, defenderId, fromPosition, toPosition } = event.payload;
        const positions = { ...season.positions, [challengerId]: toPosition, [defenderId]: fromPosition };
        return { ...state, season: { ...season, positions } };
      }
      case 'ChallengerLeapfrogged': {
        if (!season) return state;
        // The challenger takes the defender's place; everyone from there to the challenger's old place moves down.
        const { challengerId, fromPosition, toPosition } = event.payload;
        const positions = Object.fromEntries(
          Object.entries(season.positions).map(([teamId, position]) => [
            teamId,
            teamId === challengerId
              ? toPosition
              : position >= toPosition && position < fromPosition
                ? position + 1
                : position,
          ]),
        );
        return { ...state, season: { ...season, positions } };
      }
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${(unknown as { type: string }).type}`);
      }
    }
  },
};
