import { leadingLocalDateTime } from '@courtside/events/matches/match-dates';
import type { Challenge } from '../../lib/challenges-api';
import type { StandingsRow } from './api/ladders';

/** "▲2" / "▼1" for a row's last move; nothing for a team that never moved (DESIGN.md §5 `movement`). */
export function movementOf(movement: number): { direction: 'up' | 'down'; count: number } | undefined {
  if (!Number.isFinite(movement) || movement === 0) return undefined;
  return movement > 0 ? { direction: 'up', count: movement } : { direction: 'down', count: -movement };
}

/** What a row's chip says about its live challenge, and which answers its own team's members may give. */
export interface ChallengeChip {
  kind: 'challengedBy' | 'challenging' | 'matchPlanned' | 'resultPending' | 'resultDisputed';
  /** The position of the other team of the challenge (undefined when it is not in the standings). */
  otherPosition: number | undefined;
  /** The deadline the chip names: answer by (open) or play by (accepted). */
  deadline: string | undefined;
  /** The challenge's match, where its result is entered, confirmed or disputed (accepted challenges). */
  matchId: string | undefined;
  actions: Array<'accept' | 'decline' | 'withdraw'>;
}

/**
 * The chip of a row with a live challenge. `mine` are the caller's team ids: the challenged team's members
 * accept or decline on their own row, the challenger withdraws while open; others only read it.
 */
export function challengeChip(
  row: Pick<StandingsRow, 'teamId'>,
  challenge: Challenge,
  rows: ReadonlyArray<Pick<StandingsRow, 'teamId' | 'position'>>,
  mine: ReadonlySet<string>,
): ChallengeChip {
  const defending = challenge.defenderTeamId === row.teamId;
  const otherId = defending ? challenge.challengerTeamId : challenge.defenderTeamId;
  const otherPosition = rows.find((candidate) => candidate.teamId === otherId)?.position;
  const own = mine.has(row.teamId);
  if (challenge.state === 'open') {
    return {
      kind: defending ? 'challengedBy' : 'challenging',
      otherPosition,
      deadline: challenge.respondBy,
      matchId: undefined,
      actions: own ? (defending ? ['accept', 'decline'] : ['withdraw']) : [],
    };
  }
  const kind =
    challenge.result === 'pending'
      ? 'resultPending'
      : challenge.result === 'disputed'
        ? 'resultDisputed'
        : 'matchPlanned';
  // The standings leave them out rather than send null (lib/challenges-api.ts reads both).
  return {
    kind,
    otherPosition,
    deadline: challenge.playBy ?? undefined,
    matchId: challenge.matchId ?? undefined,
    actions: [],
  };
}

/** A `datetime-local` value ('YYYY-MM-DDTHH:mm', maybe with seconds) as the api takes it; empty is none. */
export function acceptDate(value: string): string | undefined {
  return leadingLocalDateTime(value.trim()) ?? undefined;
}

/**
 * A signed-out visitor's standings carry no `challenge` (the api adds it for a signed-in caller only); the
 * season's public challenges fill in the open ones, so everyone sees who challenged whom. An accepted one is
 * left out: the public list does not tell whether its match has been settled.
 */
export function withOpenChallenges<R extends Pick<StandingsRow, 'teamId' | 'challenge' | 'canChallenge'>>(
  rows: readonly R[],
  challenges: readonly Challenge[],
): R[] {
  if (rows.some((row) => row.canChallenge !== undefined || row.challenge)) return [...rows];
  const open = challenges.filter((challenge) => challenge.state === 'open');
  return rows.map((row) => {
    const challenge = open.find((known) =>
      [known.challengerTeamId, known.defenderTeamId].includes(row.teamId),
    );
    return challenge ? { ...row, challenge } : row;
  });
}

/**
 * Whether a team of the caller holds their place in its season, so that joining again would be refused: waiting,
 * active, or waiting for a partner's answer (the server counts all three).
 */
export function holdsPlace(team: { status: string }): boolean {
  return team.status === 'waiting' || team.status === 'active' || team.status === 'awaiting-partner';
}
