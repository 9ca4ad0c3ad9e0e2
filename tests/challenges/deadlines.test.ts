import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { LADDER_API } from '@courtside/events/api-paths';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * DESIGN.md §5: deadlines are decided by the system under the company lock, so several api processes running the
 * deadline process at the same moment append each expiry once. Two api processes on one Kafka topic and database,
 * sharing a fake clock that the test moves (nothing waits for real time).
 */
describe('the deadline process on two api processes, on Kafka', () => {
  let backend: TestBackend;
  let first: RunningCourtside;
  let second: RunningCourtside;
  let db: pg.Pool;
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);

  beforeAll(async () => {
    backend = await createBackend('kafka');
    // Deadlines only when the test asks, so the two runs below are the only ones.
    const options = { clock, deadlineIntervalMs: 3_600_000 };
    first = await startTestCourtside(backend, options);
    second = await startTestCourtside(backend, { ...options, runProjector: false });
    db = new pg.Pool({ connectionString: backend.databaseUrl });
  });
  afterAll(async () => {
    await db?.end();
    await second?.stop();
    await first?.stop();
  });

  it('expires each unanswered challenge once, however many processes run the deadline at once', async () => {
    const { ladderId, seasonId, teams } = await seasonWithTeams(first.url!, 4);
    const [one, two, three, four] = teams;
    const challenge = (from: typeof one, to: typeof one) =>
      from!.http.json<{ challengeId: string }>('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
        defenderTeamId: to!.teamId,
      });
    expect((await challenge(three, two)).status).toBe(201);
    expect((await challenge(four, one)).status).toBe(201);

    offsetMs = 8 * DAY_MS;
    await Promise.all([
      first.runDeadlines!(),
      second.runDeadlines!(),
      first.runDeadlines!(),
      second.runDeadlines!(),
    ]);

    const { rows } = await db.query<{ type: string; actor_id: string; count: number }>(
      `SELECT type, actor_id, count(*)::int AS count FROM ${first.readModelSchema}.company_events
       WHERE season_id = $1 AND type IN ('ChallengeExpired', 'MatchCreated', 'ChallengerLeapfrogged')
       GROUP BY type, actor_id ORDER BY type`,
      [seasonId],
    );
    expect(rows).toEqual([
      { type: 'ChallengeExpired', actor_id: 'system', count: 2 },
      { type: 'ChallengerLeapfrogged', actor_id: 'system', count: 2 },
      { type: 'MatchCreated', actor_id: 'system', count: 2 },
    ]);
    // Due first (issued first): #3 over #2, then #4 over #1, as walkovers.
    const standings = await new HttpClient(second.url!).json<{ teams: Array<{ teamId: string }> }>(
      'GET',
      `${LADDER_API}/ladders/${ladderId}/standings`,
    );
    expect(standings.body.teams.map((team) => team.teamId)).toEqual([
      four!.teamId,
      one!.teamId,
      three!.teamId,
      two!.teamId,
    ]);
  });
});
