import { isRejection, refuse, reject, type Decider, type Rejection } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import {
  actorOf,
  MATCH_CANCELLED,
  matchDecider,
  NOT_YOURS,
  type MatchCaller,
  type MatchState,
} from '../matches/decider.ts';
import { resultWithdrawn, type MatchDomainEvent } from '../matches/events.ts';
import { recalculate } from '../matches/scoring.ts';
import { liveScore, recordedSides, type LiveConfig, type LiveScore, type Side } from './engine.ts';
import { liveMatchEnded, liveScoringStarted, pointScored, pointUndone } from './events.ts';

/** A match as live scoring sees it: the match and its season (for the result rules), and its points so far. */
export interface LiveMatchState {
  /** The match rules' state: the result is recorded through them when the engine says the match is over. */
  match: MatchState;
  sportsCategory?: string;
  live?: { config: LiveConfig; points: Side[]; ended?: boolean };
}

/** `by`: the scorer, a player of the match or a manager of its club (without it, whoever sends it may). */
export type LiveCommand =
  | {
      type: 'StartLiveScoring';
      matchId: string;
      firstServer: Side;
      noAd: boolean;
      finalSet: LiveConfig['finalSet'];
      by?: MatchCaller;
    }
  | { type: 'ScorePoint'; matchId: string; seq: number; winner: Side; by: MatchCaller }
  | { type: 'UndoPoint'; matchId: string; seq: number; by?: MatchCaller }
  /** A games-only match: the scorer ends it after the point numbered `seq`. */
  | { type: 'EndLiveMatch'; matchId: string; seq: number; by: MatchCaller };

interface MatchRef {
  matchId: string;
  seasonId: string;
  ladderId: string;
}

export type LiveDomainEvent =
  | {
      type: typeof liveScoringStarted.type;
      payload: MatchRef & Pick<LiveConfig, 'firstServer' | 'noAd' | 'finalSet'>;
    }
  | { type: typeof pointScored.type; payload: MatchRef & { seq: number; winner: Side } }
  | { type: typeof pointUndone.type | typeof liveMatchEnded.type; payload: MatchRef & { seq: number } }
  /** The match events live scoring emits: the result of the point that ends the match, and its withdrawal. */
  | Extract<MatchDomainEvent, { type: 'MatchResultRecorded' | 'ResultWithdrawn' }>;

/**
 * DESIGN.md §13: the point that ended a match may be taken back while its result waits for the other side; a result
 * that counts (or is disputed), or a games-only match ended by its scorer, stays.
 */
export function matchPointMayGo(live: { ended?: boolean }, confirmationState: string): boolean {
  return !live.ended && confirmationState === 'pending';
}

export const NOT_LIVE = 'This match is not being scored live';
const ALREADY_LIVE = 'This match is already being scored live';
export const LIVE_FINISHED = 'This match is over';
const HAS_RESULT = 'This match has a result already';
export const RESULT_STAYS =
  'This match is over and its result can no longer be taken back here; a manager of the club can change it';
const OUT_OF_SEQUENCE = 'Another point was counted meanwhile';
const ENDS_BY_ITSELF = 'Only a games-only match is ended by its scorer; this one ends with its last point';

/** The result of a finished live score, recorded as the scorer's save (DESIGN.md §5 confirmation follows). */
function recordResult(
  state: LiveMatchState,
  score: LiveScore,
  by: MatchCaller,
  now: Date,
): NewEvent[] | Rejection {
  const sides = recordedSides(score);
  const matchId = state.match.match!.matchId;
  return matchDecider.decide(
    { type: 'SaveMatch', matchId, defender: sides.defender, challenger: sides.challenger, by },
    state.match,
    now,
  );
}

/** The live score of the state, if the match is scored live. */
export function scoreOf(state: LiveMatchState): LiveScore | undefined {
  return state.live ? liveScore(state.live.config, state.live.points, state.live.ended) : undefined;
}

/**
 * The rules of live scoring (DESIGN.md §7): a match without a result and not cancelled can be scored live; each
 * point carries the number it will have, so two scorers never count a point twice; only the last point can be
 * taken back, and only while the match is not over. The point that ends the match records its result as a
 * player's (or a manager's) save, so the confirmation rules of DESIGN.md §5 follow.
 */
export const liveDecider: Decider<LiveCommand, LiveMatchState, LiveDomainEvent> = {
  initialState: () => ({ match: {} }),

  decide(command, state, now) {
    const { season, match } = state.match;
    if (!season || !match) return reject('not_found', 'No such match');
    if (match.cancelled) return reject('conflict', MATCH_CANCELLED);
    if (command.by && !actorOf(command.by, state.match)) return reject('forbidden', NOT_YOURS);
    const ref = { matchId: match.matchId, seasonId: season.seasonId, ladderId: season.ladderId };
    const score = scoreOf(state);
    switch (command.type) {
      case 'StartLiveScoring': {
        if (state.live) return refuse('ALREADY_LIVE', ALREADY_LIVE);
        if (recalculate(match.defender, match.challenger, season.matchType).winner !== null) {
          return refuse('HAS_RESULT', HAS_RESULT);
        }
        const { firstServer, noAd, finalSet } = command;
        return [
          {
            type: liveScoringStarted.type,
            streamId: match.matchId,
            payload: { ...ref, firstServer, noAd, finalSet },
          },
        ];
      }
      case 'ScorePoint': {
        // Stryker disable next-line LogicalOperator: equivalent, the score is there exactly when the match is live
        if (!state.live || !score) return refuse('NOT_LIVE', NOT_LIVE);
        if (score.finished) return refuse('FINISHED', LIVE_FINISHED);
        if (command.seq !== score.seq + 1) return refuse('SEQ', OUT_OF_SEQUENCE);
        const events: NewEvent[] = [
          {
            type: pointScored.type,
            streamId: match.matchId,
            payload: { ...ref, seq: command.seq, winner: command.winner },
          },
        ];
        const after = liveScore(state.live.config, [...state.live.points, command.winner]);
        if (!after.finished) return events;
        const result = recordResult(state, after, command.by, now);
        return isRejection(result) ? result : [...events, ...result];
      }
      case 'UndoPoint': {
        // Stryker disable next-line LogicalOperator: equivalent, the score is there exactly when the match is live
        if (!state.live || !score) return refuse('NOT_LIVE', NOT_LIVE);
        const withdrawnBy = command.by && 'accountId' in command.by ? command.by.accountId : undefined;
        const reopens = score.finished && matchPointMayGo(state.live, match.confirmation.state);
        if (score.finished && !(reopens && withdrawnBy)) return refuse('FINISHED', RESULT_STAYS);
        if (command.seq !== score.seq || score.seq === 0) return refuse('SEQ', OUT_OF_SEQUENCE);
        const undone: NewEvent = {
          type: pointUndone.type,
          streamId: match.matchId,
          payload: { ...ref, seq: command.seq },
        };
        if (!reopens) return [undone];
        return [
          { type: resultWithdrawn.type, streamId: match.matchId, payload: { ...ref, withdrawnBy } },
          undone,
        ];
      }
      case 'EndLiveMatch': {
        // Stryker disable next-line LogicalOperator: equivalent, the score is there exactly when the match is live
        if (!state.live || !score) return refuse('NOT_LIVE', NOT_LIVE);
        if (score.finished) return refuse('FINISHED', LIVE_FINISHED);
        if (season.matchType !== 'GAMESONLY') return refuse('NOT_GAMES_ONLY', ENDS_BY_ITSELF);
        if (command.seq !== score.seq) return refuse('SEQ', OUT_OF_SEQUENCE);
        // Stryker disable next-line BooleanLiteral: equivalent, a games-only match's set in progress is recorded as the ended one
        const ended = liveScore(state.live.config, state.live.points, true);
        const result = recordResult(state, ended, command.by, now);
        if (isRejection(result)) return result;
        return [
          { type: liveMatchEnded.type, streamId: match.matchId, payload: { ...ref, seq: command.seq } },
          ...result,
        ];
      }
      // Stryker disable next-line all: unreachable, the type checker proves every command handled
      default: {
        const unknown: never = command;
        // Stryker disable next-line all: unreachable, the type checker proves every command handled
        throw new Error(`unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LiveScoringStarted': {
        const { firstServer, noAd, finalSet } = event.payload;
        const matchType = state.match.season?.matchType ?? 'BESTOFTHREE';
        return { ...state, live: { config: { matchType, firstServer, noAd, finalSet }, points: [] } };
      }
      case 'PointScored':
        return state.live
          ? { ...state, live: { ...state.live, points: [...state.live.points, event.payload.winner] } }
          : state;
      case 'PointUndone':
        return state.live
          ? { ...state, live: { ...state.live, points: state.live.points.slice(0, -1) } }
          : state;
      case 'LiveMatchEnded':
        return state.live ? { ...state, live: { ...state.live, ended: true } } : state;
      case 'MatchResultRecorded':
      case 'ResultWithdrawn':
        return { ...state, match: matchDecider.evolve(state.match, event) };
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknown: never = event;
        // Stryker disable next-line all: unreachable, the type checker proves every event handled
        throw new Error(`unknown event ${(unknown as { type: string }).type}`);
      }
    }
  },
};
