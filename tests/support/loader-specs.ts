import pg from 'pg';
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
import { createBackend, startTestCourtside } from './courtside.ts';

/**
 * What a loader spec (issue 35) needs: a running Courtside to write a history through its command routes, and a
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
