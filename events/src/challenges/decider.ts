import { isRejection, refuse, reject, type Decider, type Rejection } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import type { SeasonFormat } from '../boxes/model.ts';
import type { MatchType } from '../ladders/model.ts';
import type { LadderRules } from '../ladders/rules.ts';
import { isActive, isoDay } from '../ladders/season-rules.ts';
import { matchDecider, type MatchState } from '../matches/decider.ts';
import { clampToLatestDate } from '../matches/match-dates.ts';
import { isPaused } from '../teams/pause.ts';
import { leapfrog } from '../teams/positions.ts';
import {
  challengeAccepted,
  challengeDeclined,
  challengeExpired,
  challengeIssued,
  challengeWithdrawn,
} from './events.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export type ChallengeState = 'open' | 'accepted' | 'declined' | 'withdrawn' | 'expired';

export interface Challenge {
  challengeId: string;
  challengerTeamId: string;
  defenderTeamId: string;
  state: ChallengeState;
  issuedAt: string;
  respondBy: string;
  playBy?: string;
  matchId?: string;
  playDays: number;
  declineIsWalkover: boolean;
  /** The challenge's match has a result or was cancelled: its teams are free again. */
  settled: boolean;
}

/** A season as its challenges are decided: settings, rules, the active teams in ladder order, the challenges. */
export interface SeasonChallengesState {
  season?: {
    seasonId: string;
    ladderId: string;
    startDate: string;
    endDate: string;
    matchType: MatchType;
    rules: LadderRules;
    /** DESIGN.md §12: a box season has no challenges (absent: LADDER). */
    format?: SeasonFormat;
  };
  /** Active teams, position 1 first, with their members' account ids and, while paused, their first day back. */
  teams: Array<{ teamId: string; memberIds: string[]; pausedUntil?: string }>;
  challenges: Record<string, Challenge>;
}

export type ChallengeCommand =
  | { type: 'IssueChallenge'; challengeId: string; actorId: string; defenderTeamId: string }
  | { type: 'AcceptChallenge'; challengeId: string; actorId: string; matchId: string; date?: string | null }
  | { type: 'DeclineChallenge'; challengeId: string; actorId: string; matchId: string }
  | { type: 'WithdrawChallenge'; challengeId: string; actorId: string }
  /** The deadline process (actor `system`): ids for the walkover matches of the challenges that are due. */
  | { type: 'ExpireChallenges'; matchIds: Record<string, string> };

interface ChallengeRef {
  challengeId: string;
  seasonId: string;
  ladderId: string;
}

export type ChallengeDomainEvent =
  | {
      type: typeof challengeIssued.type;
      payload: ChallengeRef & {
        challengerTeamId: string;
        defenderTeamId: string;
        issuedBy: string;
        issuedAt: string;
        respondBy: string;
        playDays: number;
        declineIsWalkover: boolean;
      };
    }
  | { type: typeof challengeAccepted.type; payload: ChallengeRef & { matchId: string; playBy: string } }
  | {
      type: typeof challengeDeclined.type | typeof challengeExpired.type;
      payload: ChallengeRef & { matchId?: string };
    }
  | { type: typeof challengeWithdrawn.type; payload: ChallengeRef }
  /** The challenge's match got a result or was cancelled (from the matches feature). */
  | { type: 'ChallengeMatchSettled'; payload: { challengeId: string } };

/** Why a team may not challenge another (DESIGN.md §5 reason codes). */
export type ChallengeRefusalCode =
  'CHALLENGES_OFF' | 'SEASON_NOT_ACTIVE' | 'NOT_IN_SEASON' | 'NOT_ABOVE' | 'OUT_OF_RANGE' | 'PAUSED' | 'BUSY';

export const refusalMessages: Record<ChallengeRefusalCode, string> = {
  CHALLENGES_OFF: 'Challenges are turned off in this season',
  SEASON_NOT_ACTIVE: 'This season is not running',
  NOT_IN_SEASON: 'Only active teams of this season can challenge each other',
  NOT_ABOVE: 'You can only challenge a team above you',
  OUT_OF_RANGE: 'This team stands too far above you to challenge',
  PAUSED: 'One of the two teams is paused',
  BUSY: 'One of the two teams is already in a challenge',
};
const NOT_OPEN = 'This challenge is not open any more';
const WALKOVER_NEEDS_MATCH_ID = 'A walkover needs a match id';

export function isBusy(challenge: Challenge): boolean {
  return challenge.state === 'open' || (challenge.state === 'accepted' && !challenge.settled);
}

/** The team an account plays in, among the season's active teams. */
export function teamOf(state: SeasonChallengesState, accountId: string): string | undefined {
  return state.teams.find((team) => team.memberIds.includes(accountId))?.teamId;
}

/**
 * Whether `challengerTeamId` may challenge `defenderTeamId` now, or why not. Shared by the decider and the
 * standings (which show the Challenge button, or the reason, per row).
 */
export function challengeRefusal(
  state: SeasonChallengesState,
  challengerTeamId: string | undefined,
  defenderTeamId: string,
  now: Date,
): ChallengeRefusalCode | undefined {
  const { season } = state;
  if (!season || season.rules.challengeRange === 0 || season.format === 'BOX') return 'CHALLENGES_OFF';
  if (!isActive(season, isoDay(now))) return 'SEASON_NOT_ACTIVE';
  const order = state.teams.map((team) => team.teamId);
  // Stryker disable next-line StringLiteral: no team has any id of a missing team: the challenger is not found
  const [from, to] = [order.indexOf(challengerTeamId ?? ''), order.indexOf(defenderTeamId)];
  if (from < 0 || to < 0) return 'NOT_IN_SEASON';
  if (to >= from) return 'NOT_ABOVE';
  if (from - to > season.rules.challengeRange) return 'OUT_OF_RANGE';
  // DESIGN.md §9: a paused team neither challenges nor is challenged.
  if ([state.teams[from], state.teams[to]].some((team) => isPaused(team, isoDay(now)))) return 'PAUSED';
  const busy = Object.values(state.challenges).some(
    (challenge) =>
      isBusy(challenge) &&
      [challenge.challengerTeamId, challenge.defenderTeamId].some(
        (team) => team === challengerTeamId || team === defenderTeamId,
      ),
  );
  return busy ? 'BUSY' : undefined;
}

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * DAY_MS).toISOString();

/** The open challenge an answer is about, if the actor is on the side that may give it. */
function answerable(
  state: SeasonChallengesState,
  challengeId: string,
  actorId: string,
  side: 'challengerTeamId' | 'defenderTeamId',
): Challenge | Rejection {
  const challenge = state.challenges[challengeId];
  if (!challenge) return reject('not_found', 'No such challenge');
  const members = state.teams.find((team) => team.teamId === challenge[side])?.memberIds ?? [];
  if (!members.includes(actorId)) {
    return reject(
      'forbidden',
      side === 'defenderTeamId'
        ? 'Only the challenged team can answer this challenge'
        : 'Only the challenging team can withdraw this challenge',
    );
  }
  if (challenge.state !== 'open') return refuse('NOT_OPEN', NOT_OPEN);
  return challenge;
}

/**
 * The match a challenge gives when it is declined (with `declineIsWalkover`) or expires: created and won by the
 * challenger by walkover at once, through the match rules themselves (so positions move as for any win).
 */
function walkover(
  state: SeasonChallengesState,
  challenge: Challenge,
  matchId: string,
  order: string[],
  now: Date,
): NewEvent[] {
  const season = state.season!;
  const ref = { matchId, seasonId: season.seasonId, ladderId: season.ladderId };
  const positions = Object.fromEntries(order.map((teamId, index) => [teamId, index + 1]));
  const noScore = { matchSets: [], special: 'none' as const };
  const matchState: MatchState = {
    season: {
      ...ref,
      matchType: season.matchType,
      earliestDate: season.startDate,
      latestDate: season.endDate,
      positions,
      confirmHours: season.rules.confirmHours,
      movement: season.rules.movement,
    },
    match: {
      matchId,
      defenderId: challenge.defenderTeamId,
      challengerId: challenge.challengerTeamId,
      defender: noScore,
      challenger: noScore,
      date: null,
      cancelled: false,
      hadWinner: false,
      // Stryker disable next-line all: a fresh match has no result to confirm: no confirmation state is read
      confirmation: { state: 'confirmed' },
      locationId: null,
    },
  };
  const result = matchDecider.decide(
    {
      type: 'SaveMatch',
      matchId,
      defender: { matchSets: [], special: 'walkover' },
      challenger: noScore,
      // Decided by the system: it counts at once (DESIGN.md §5).
      // Stryker disable next-line all: any actor but a player counts at once; the system is the truthful one
      by: { role: 'system' },
    },
    matchState,
    now,
  );
  // Stryker disable next-line all: a walkover of a fresh match is always accepted by the match rules
  if (isRejection(result)) throw new Error(`walkover refused: ${result.message}`);
  return [
    {
      type: 'MatchCreated',
      streamId: matchId,
      payload: {
        ...ref,
        defenderId: challenge.defenderTeamId,
        challengerId: challenge.challengerTeamId,
        challengeId: challenge.challengeId,
      },
    },
    ...result,
  ];
}

/** The ladder order after a walkover (the challenger leapfrogs), for the next challenge expired in the same run. */
function orderAfterWalkover(
  order: string[],
  challenge: Challenge,
  movement: LadderRules['movement'],
): string[] {
  if (movement === 'LEAPFROG') {
    return leapfrog(order, challenge.challengerTeamId, challenge.defenderTeamId, challenge.challengerTeamId);
  }
  const [from, to] = [order.indexOf(challenge.challengerTeamId), order.indexOf(challenge.defenderTeamId)];
  if (from < 0 || to < 0 || from < to) return order;
  const swapped = [...order];
  [swapped[from], swapped[to]] = [swapped[to]!, swapped[from]!];
  return swapped;
}

/**
 * The rules of challenges (DESIGN.md §5): who may challenge whom, answers by the challenged team, withdrawal by
 * the challenger, and the deadline for an answer, after which the system expires the challenge (a walkover for
 * the challenger when the season's rules say so).
 */
export const challengesDecider: Decider<ChallengeCommand, SeasonChallengesState, ChallengeDomainEvent> = {
  initialState: () => ({ teams: [], challenges: {} }),

  decide(command, state, now) {
    const { season } = state;
    if (!season) return reject('not_found', 'No such season');
    const seasonRef = { seasonId: season.seasonId, ladderId: season.ladderId };
    const ref = (challengeId: string) => ({ challengeId, ...seasonRef });
    switch (command.type) {
      case 'IssueChallenge': {
        const challengerTeamId = teamOf(state, command.actorId);
        const refusal = challengeRefusal(state, challengerTeamId, command.defenderTeamId, now);
        if (refusal) return refuse(refusal, refusalMessages[refusal]);
        const issuedAt = now.toISOString();
        return [
          {
            type: challengeIssued.type,
            streamId: command.challengeId,
            payload: {
              ...ref(command.challengeId),
              challengerTeamId: challengerTeamId!,
              defenderTeamId: command.defenderTeamId,
              issuedBy: command.actorId,
              issuedAt,
              respondBy: addDays(issuedAt, season.rules.responseDays),
              playDays: season.rules.playDays,
              declineIsWalkover: season.rules.declineIsWalkover,
            },
          },
        ];
      }
      case 'AcceptChallenge': {
        const challenge = answerable(state, command.challengeId, command.actorId, 'defenderTeamId');
        if (isRejection(challenge)) return challenge;
        const { matchId } = command;
        const matchRef = { matchId, ...seasonRef };
        const events: NewEvent[] = [
          {
            type: challengeAccepted.type,
            streamId: challenge.challengeId,
            payload: {
              ...ref(challenge.challengeId),
              matchId,
              acceptedBy: command.actorId,
              playBy: addDays(now.toISOString(), challenge.playDays),
            },
          },
          {
            type: 'MatchCreated',
            streamId: matchId,
            payload: {
              ...matchRef,
              defenderId: challenge.defenderTeamId,
              challengerId: challenge.challengerTeamId,
              challengeId: challenge.challengeId,
            },
          },
        ];
        if (command.date) {
          const date = clampToLatestDate(command.date, season.endDate);
          events.push({ type: 'MatchRescheduled', streamId: matchId, payload: { ...matchRef, date } });
        }
        return events;
      }
      case 'DeclineChallenge': {
        const challenge = answerable(state, command.challengeId, command.actorId, 'defenderTeamId');
        if (isRejection(challenge)) return challenge;
        const order = state.teams.map((team) => team.teamId);
        const matchId = challenge.declineIsWalkover ? command.matchId : undefined;
        return [
          {
            type: challengeDeclined.type,
            streamId: challenge.challengeId,
            payload: {
              ...ref(challenge.challengeId),
              declinedBy: command.actorId,
              ...(matchId ? { matchId } : {}),
            },
          },
          ...(matchId ? walkover(state, challenge, matchId, order, now) : []),
        ];
      }
      case 'WithdrawChallenge': {
        const challenge = answerable(state, command.challengeId, command.actorId, 'challengerTeamId');
        if (isRejection(challenge)) return challenge;
        return [
          {
            type: challengeWithdrawn.type,
            streamId: challenge.challengeId,
            payload: { ...ref(challenge.challengeId), withdrawnBy: command.actorId },
          },
        ];
      }
      case 'ExpireChallenges': {
        const events: NewEvent[] = [];
        let order = state.teams.map((team) => team.teamId);
        const due = Object.values(state.challenges)
          .filter(
            (challenge) => challenge.state === 'open' && Date.parse(challenge.respondBy) <= now.getTime(),
          )
          .sort(
            (a, b) => a.respondBy.localeCompare(b.respondBy) || a.challengeId.localeCompare(b.challengeId),
          );
        for (const challenge of due) {
          const matchId = challenge.declineIsWalkover ? command.matchIds[challenge.challengeId] : undefined;
          if (challenge.declineIsWalkover && !matchId) return reject('invalid', WALKOVER_NEEDS_MATCH_ID);
          events.push({
            type: challengeExpired.type,
            streamId: challenge.challengeId,
            payload: { ...ref(challenge.challengeId), ...(matchId ? { matchId } : {}) },
          });
          if (matchId) {
            events.push(...walkover(state, challenge, matchId, order, now));
            order = orderAfterWalkover(order, challenge, season.rules.movement);
          }
        }
        return events;
      }
      // Stryker disable next-line all: unreachable, the type checker proves every command handled
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },

  evolve(state, event) {
    const change = (challengeId: string, patch: Partial<Challenge>): SeasonChallengesState => {
      const challenge = state.challenges[challengeId];
      if (!challenge) return state;
      return { ...state, challenges: { ...state.challenges, [challengeId]: { ...challenge, ...patch } } };
    };
    switch (event.type) {
      case 'ChallengeIssued': {
        const {
          challengeId,
          challengerTeamId,
          defenderTeamId,
          issuedAt,
          respondBy,
          playDays,
          declineIsWalkover,
        } = event.payload;
        const challenge: Challenge = {
          challengeId,
          challengerTeamId,
          defenderTeamId,
          state: 'open',
          issuedAt,
          respondBy,
          playDays,
          declineIsWalkover,
          settled: false,
        };
        return { ...state, challenges: { ...state.challenges, [challengeId]: challenge } };
      }
      case 'ChallengeAccepted':
        return change(event.payload.challengeId, {
          state: 'accepted',
          matchId: event.payload.matchId,
          playBy: event.payload.playBy,
        });
      case 'ChallengeDeclined':
      case 'ChallengeExpired': {
        const { matchId } = event.payload;
        const answered: ChallengeState = event.type === 'ChallengeDeclined' ? 'declined' : 'expired';
        return change(event.payload.challengeId, {
          state: answered,
          ...(matchId ? { matchId } : {}),
          settled: true,
        });
      }
      case 'ChallengeWithdrawn':
        return change(event.payload.challengeId, { state: 'withdrawn' });
      case 'ChallengeMatchSettled':
        return change(event.payload.challengeId, { settled: true });
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${(unknown as { type: string }).type}`);
      }
    }
  },
};
