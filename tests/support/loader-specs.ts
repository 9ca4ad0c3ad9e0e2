import pg from 'pg';
import { expect } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import type { EventEnvelope } from '@courtside/events/envelope';
import {
  challengesDecider,
  type ChallengeDomainEvent,
  type SeasonChallengesState,
} from '@courtside/events/challenges/decider';
import { challengeEvents } from '@courtside/events/challenges/events';
import { matchDecider, type MatchDomainEvent, type MatchState } from '@courtside/events/matches/decider';
import { matchEvents } from '@courtside/events/matches/events';
import { recalculate } from '@courtside/events/matches/scoring';
import { rulesOf } from '@courtside/events/ladders/rules';
import { createBackend, startTestCourtside } from './courtside.ts';
import { day } from './ladder-setup.ts';

/**
 * What a loader spec needs: a running Courtside to write a history through its command routes, and a
 * connection to its read models, where the loaders read what the projector made of it.
 */
export async function courtsideWithReadModels(): Promise<{ courtside: RunningCourtside; db: pg.Pool }> {
  const backend = await createBackend('embedded');
  const courtside = await startTestCourtside(backend);
  const db = new pg.Pool({
    connectionString: backend.databaseUrl,
    max: 2,
    options: `-c search_path=${courtside.readModelSchema},public`,
  });
  return { courtside, db };
}

/** The body of a command route's answer, which must be accepted (a 2xx; else the body is in the failure). */
export async function acceptedBody<Body = unknown>(
  answer: Promise<{ status: number; body: unknown }>,
): Promise<Body> {
  const { status, body } = await answer;
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return body as Body;
}

/**
 * The match rules' state of a season as `seasonWithTeams` (ladder-setup.ts) sets it up, before any event of its
 * history: its teams at positions 1..n in their order, its start 5 days ago and end 90 days ahead, the default rules but `confirmHours`.
 */
export function seasonAtStart(
  { seasonId, ladderId, teams }: { seasonId: string; ladderId: string; teams: Array<{ teamId: string }> },
  {
    matchType = 'BESTOFTHREE',
    confirmHours = rulesOf(undefined).confirmHours,
  }: { matchType?: NonNullable<MatchState['season']>['matchType']; confirmHours?: number } = {},
): MatchState {
  return {
    season: {
      seasonId,
      ladderId,
      matchType,
      earliestDate: day(-5),
      latestDate: day(90),
      positions: Object.fromEntries(teams.map((team, index) => [team.teamId, index + 1])),
      confirmHours,
      movement: 'LEAPFROG',
      format: 'LADDER',
    },
  };
}

/** A company's events of the given types as the projector stored them, in their order, as the rules see them. */
export async function companyEventsOf<Event extends { type: string; payload: unknown }>(
  db: pg.Pool,
  companyId: string,
  types: Set<string>,
): Promise<Array<Event & { streamId: string }>> {
  const { rows } = await db.query<{ envelope: EventEnvelope }>(
    'SELECT envelope FROM company_events WHERE company_id = $1 ORDER BY seq',
    [companyId],
  );
  return rows
    .map((row) => row.envelope)
    .filter((event) => types.has(event.type))
    .map(({ type, payload, streamId }) => ({ type, payload, streamId }) as Event & { streamId: string });
}

/**
 * The challenge rules' fold over a company's events, the way the rules see a challenge's match: `ChallengeMatchSettled`
 * is no stored event (the matches feature settles a challenge), so it is folded here when the challenge's match, folded
 * by the match rules' own `evolve`, is cancelled or has a winner whose result counts (confirmed).
 */
export function challengesFold(
  events: Array<{ type: string; payload: unknown; streamId: string }>,
  start: SeasonChallengesState,
  matchStart: MatchState,
): SeasonChallengesState {
  const challengeTypes = new Set<string>(challengeEvents.map((definition) => definition.type));
  const matchTypes = new Set<string>(matchEvents.map((definition) => definition.type));
  const matchType = matchStart.season?.matchType ?? 'BESTOFTHREE';
  const matches = new Map<string, MatchState>();
  let state = start;
  for (const event of events) {
    if (challengeTypes.has(event.type)) {
      state = challengesDecider.evolve(state, event as ChallengeDomainEvent);
    } else if (matchTypes.has(event.type)) {
      const matchId = (event.payload as { matchId?: string }).matchId ?? event.streamId;
      const folded = matchDecider.evolve(matches.get(matchId) ?? matchStart, event as MatchDomainEvent);
      matches.set(matchId, folded);
      const challenge = Object.values(state.challenges).find((candidate) => candidate.matchId === matchId);
      const match = folded.match;
      const settled =
        match !== undefined &&
        (match.cancelled ||
          (recalculate(match.defender, match.challenger, matchType).winner !== null &&
            match.confirmation.state === 'confirmed'));
      if (challenge && settled && !challenge.settled) {
        state = challengesDecider.evolve(state, {
          type: 'ChallengeMatchSettled',
          payload: { challengeId: challenge.challengeId },
        });
      }
    }
  }
  return state;
}
