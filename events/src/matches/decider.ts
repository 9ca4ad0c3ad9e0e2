import { reject, type Decider } from '../decider.ts';
import type { MatchType } from '../ladders/model.ts';
import {
  challengerLeapfrogged,
  matchCancelled,
  matchCreated,
  matchRescheduled,
  matchResultRecorded,
} from './events.ts';
import { clampToLatestDate } from './match-dates.ts';
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
    latestDate: string;
    positions: Record<string, number>;
  };
  match?: {
    matchId: string;
    defenderId: string;
    challengerId: string;
    defender: RecordedSide;
    challenger: RecordedSide;
    date: string | null;
    cancelled: boolean;
    /** Whether the result ever had a winner: only the first winner can move the ladder. */
    hadWinner: boolean;
  };
}

export type MatchCommand =
  | { type: 'CreateMatch'; matchId: string; defenderId: string; challengerId: string }
  | {
      type: 'SaveMatch';
      matchId: string;
      defender: SideScoreInput;
      challenger: SideScoreInput;
      date?: string | null;
    }
  | { type: 'CancelMatch'; matchId: string };

interface MatchRef {
  matchId: string;
  seasonId: string;
  ladderId: string;
}

export type MatchDomainEvent =
  | { type: typeof matchCreated.type; payload: MatchRef & { defenderId: string; challengerId: string } }
  | {
      type: typeof matchResultRecorded.type;
      payload: MatchRef & { defender: RecordedSide; challenger: RecordedSide };
    }
  | { type: typeof matchRescheduled.type; payload: MatchRef & { date: string | null } }
  | { type: typeof matchCancelled.type; payload: MatchRef }
  | {
      type: typeof challengerLeapfrogged.type;
      payload: MatchRef & {
        challengerId: string;
        defenderId: string;
        fromPosition: number;
        toPosition: number;
      };
    };

export const MATCH_CANCELLED = 'This match was cancelled';

const noScore: RecordedSide = { matchSets: [], special: 'none' };

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
 * above takes the defender's place (a later correction moves nobody); a date never goes past the season's end.
 */
export const matchDecider: Decider<MatchCommand, MatchState, MatchDomainEvent> = {
  initialState: () => ({}),

  decide(command, state) {
    const { season, match } = state;
    if (!season) return reject('not_found', 'No such season');
    const ref = { matchId: command.matchId, seasonId: season.seasonId, ladderId: season.ladderId };
    switch (command.type) {
      case 'CreateMatch': {
        if (!(command.defenderId in season.positions) || !(command.challengerId in season.positions)) {
          return reject('invalid', 'Both teams must be active in this season', 'defenderId');
        }
        if (command.defenderId === command.challengerId) {
          return reject('invalid', 'Pick two different teams', 'challengerId');
        }
        const { defenderId, challengerId } = command;
        return [
          {
            type: matchCreated.type,
            streamId: command.matchId,
            payload: { ...ref, defenderId, challengerId },
          },
        ];
      }
      case 'SaveMatch': {
        if (!match) return reject('not_found', 'No such match');
        if (match.cancelled) return reject('conflict', MATCH_CANCELLED);
        const events = [];
        const scored = recalculate(command.defender, command.challenger, season.matchType);
        const [defender, challenger] = [recorded(scored.defender), recorded(scored.challenger)];
        const before = [recorded(match.defender), recorded(match.challenger)];
        if (JSON.stringify([defender, challenger]) !== JSON.stringify(before)) {
          events.push({
            type: matchResultRecorded.type,
            streamId: match.matchId,
            payload: { ...ref, defender, challenger },
          });
          const [from, to] = [season.positions[match.challengerId], season.positions[match.defenderId]];
          // A team that left the ladder has no position: then nobody moves.
          if (!match.hadWinner && scored.winner === 'challenger' && (from ?? 0) > (to ?? Infinity)) {
            events.push({
              type: challengerLeapfrogged.type,
              streamId: match.matchId,
              payload: {
                ...ref,
                challengerId: match.challengerId,
                defenderId: match.defenderId,
                fromPosition: from,
                toPosition: to,
              },
            });
          }
        }
        if (command.date !== undefined) {
          const date = command.date && clampToLatestDate(command.date, season.latestDate);
          if (date !== match.date) {
            events.push({ type: matchRescheduled.type, streamId: match.matchId, payload: { ...ref, date } });
          }
        }
        return events;
      }
      case 'CancelMatch':
        if (!match) return reject('not_found', 'No such match');
        if (match.cancelled) return reject('conflict', MATCH_CANCELLED);
        return [{ type: matchCancelled.type, streamId: match.matchId, payload: ref }];
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
          },
        };
      }
      case 'MatchResultRecorded': {
        if (!match) return state;
        const { defender, challenger } = event.payload;
        const winner = season ? recalculate(defender, challenger, season.matchType).winner : null;
        return {
          ...state,
          match: { ...match, defender, challenger, hadWinner: match.hadWinner || winner !== null },
        };
      }
      case 'MatchRescheduled':
        return match ? { ...state, match: { ...match, date: event.payload.date } } : state;
      case 'MatchCancelled':
        return match ? { ...state, match: { ...match, cancelled: true } } : state;
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
