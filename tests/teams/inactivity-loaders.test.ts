import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ADMIN_API, DEV_CLOCK_PATH, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import type { EventEnvelope } from '@courtside/events/envelope';
import {
  inactivityDecider,
  type InactivityEvent,
  type InactivityState,
} from '@courtside/events/teams/inactivity';
import { foldPause, type PauseEvent, type TeamPauses } from '@courtside/events/teams/pause';
import { teamDroppedForInactivity, teamPaused, teamResumed } from '@courtside/events/teams/events';
import { inactivityStateOf } from '@courtside/projector/teams/inactivity-queries';
import { acceptedBody, companyEventsOf, courtsideWithReadModels } from '../support/loader-specs.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, seasonWithTeams } from '../support/ladder-setup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });

/**
 * Loader specs: the inactivity loader (the state the inactivity rule decides against, read from the read models) gives
 * what the rule's own `evolve` gives over its drops, from the season as its history left it before the first drop:
 * the teams in order, each active since the day it joined or its last counted match, with its pauses as the pause
 * rules fold them. The history is written through the real command routes; the dev clock brings the drops.
 */
describe('the inactivity loader agrees with evolve', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  let companyId: string;
  let seasonId: string;
  let ladderId: string;
  let teamIds: string[];
  let played: string;

  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
    const setup = await seasonWithTeams(courtside.url!, 5, { rules: { inactivityDays: 3 } });
    ({ seasonId, ladderId } = setup);
    companyId = setup.company.id;
    const { manager, teams } = setup;
    teamIds = teams.map((team) => team.teamId);
    // #4 and #5 play a counted match, dated two days ahead (the defender wins: no move): active since then.
    const { matchId } = await acceptedBody<{ matchId: string }>(
      manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
        defenderId: teamIds[3],
        challengerId: teamIds[4],
      }),
    );
    played = `${day(2)}T08:00`;
    await acceptedBody(
      manager.json('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        defender: sets(6, 6),
        challenger: sets(2, 3),
        date: played,
      }),
    );
    // #2 pauses for three days: its paused days do not count.
    await acceptedBody(
      teams[1]!.http.json('POST', `${LADDER_API}/seasons/${seasonId}/teams/${teamIds[1]}/pause`, {
        until: day(3),
      }),
    );
    // Three days and an hour on: #1 and #3 (joined today, not paused) are inactive; the pause of #2 ends.
    await acceptedBody(
      new HttpClient(courtside.url!).json('POST', DEV_CLOCK_PATH, { advanceMs: 3 * DAY_MS + 60 * 60 * 1000 }),
    );
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  it('inactivityStateOf: the teams in order, each active since, with pauses, as evolve over the drops', async () => {
    // The day each team joined, from its acceptance's envelope (the day of the event, UTC).
    const { rows } = await db.query<{ envelope: EventEnvelope<string, { teamId: string }> }>(
      `SELECT envelope FROM company_events WHERE company_id = $1 AND envelope->>'type' = 'TeamAccepted'`,
      [companyId],
    );
    const joined = new Map(
      rows.map(({ envelope }) => [
        envelope.payload.teamId,
        `${envelope.occurredAt.slice(0, 10)}T00:00:00.000Z`,
      ]),
    );
    const pauses = (
      await companyEventsOf<PauseEvent>(db, companyId, new Set([teamPaused.type, teamResumed.type]))
    ).reduce(
      (all, event) => ({
        ...all,
        [event.payload.teamId]: foldPause(all[event.payload.teamId] ?? { pauses: [] }, event),
      }),
      {} as Record<string, TeamPauses>,
    );
    expect(pauses[teamIds[1]!]).toEqual({ pauses: [{ from: day(0), until: day(3) }] });
    const start: InactivityState = {
      season: { seasonId, ladderId, inactivityDays: 3 },
      teams: teamIds.map((teamId, index) => ({
        teamId,
        // The loader's and the rules' instants are ISO with milliseconds, in UTC.
        activeSince: index >= 3 ? `${played}:00.000Z` : joined.get(teamId)!,
        pauses: pauses[teamId]?.pauses ?? [],
      })),
    };
    const drops = await companyEventsOf<InactivityEvent>(
      db,
      companyId,
      new Set([teamDroppedForInactivity.type]),
    );
    expect(drops.map((event) => event.payload.teamId)).toEqual([teamIds[2], teamIds[0]]);
    const folded = drops.reduce(inactivityDecider.evolve, start);
    expect(await inactivityStateOf(db, seasonId)).toEqual(folded);
  });

  it('an unknown season: no season, no teams', async () => {
    expect(await inactivityStateOf(db, '00000000-0000-4000-8000-000000000000')).toEqual({ teams: [] });
  });
});
