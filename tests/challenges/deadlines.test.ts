import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
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

  it('drops a team that did not play for inactivityDays one place per period, once, however many processes run', async () => {
    const { ladderId, seasonId, teams, manager } = await seasonWithTeams(first.url!, 3, {
      rules: { inactivityDays: 14 },
    });
    const [one, two, three] = teams;
    const order = async () =>
      (
        await new HttpClient(first.url!).json<{ teams: Array<{ teamId: string }> }>(
          'GET',
          `${LADDER_API}/ladders/${ladderId}/standings`,
        )
      ).body.teams.map((team) => team.teamId);
    // A day later #2 and #3 play (the defender wins: nobody moves); #1 does not play at all.
    offsetMs += DAY_MS;
    // A day later the manager's access has expired: refreshed as the web app does.
    expect((await manager.json('POST', `${ACCOUNT_API}/account/refresh`)).status).toBe(200);
    const match = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: two!.teamId,
        challengerId: three!.teamId,
      },
    );
    const played = await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: match.body.matchId,
      defender: { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' },
      challenger: { matchSets: [{ score: 1 }, { score: 2 }], special: 'none' },
    });
    expect(match.status).toBe(201);
    expect(played.status).toBe(200);

    offsetMs += 13 * DAY_MS + 12 * 60 * 60 * 1000; // 13.5 days after the match, 14.5 after #1 joined
    await Promise.all([first.runDeadlines!(), second.runDeadlines!(), first.runDeadlines!()]);
    const afterOnePeriod = await order();
    offsetMs += DAY_MS; // #1 (now #2) dropped a day ago, a new period; #2 (now #1) has not played for 14.5 days
    await Promise.all([first.runDeadlines!(), second.runDeadlines!()]);

    expect(afterOnePeriod).toEqual([two!.teamId, one!.teamId, three!.teamId]);
    expect(await order()).toEqual([one!.teamId, two!.teamId, three!.teamId]);
    const { rows } = await db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM ${first.readModelSchema}.company_events
       WHERE season_id = $1 AND type = 'TeamDroppedForInactivity'`,
      [seasonId],
    );
    expect(rows[0]!.count).toBe(2);
  });
});
