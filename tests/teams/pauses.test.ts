import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, DEV_CLOCK_PATH, LADDER_API } from '@courtside/events/api-paths';
import { PASSWORD } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { day, seasonWithTeams, type SeasonOptions } from '../support/ladder-setup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Standings {
  teams: Array<{ teamId: string; pausedUntil?: string; challengeRefusal?: string; canChallenge?: boolean }>;
}

/** DESIGN.md §9 and §15 "Pause": a team pauses for a while without losing its place. */
describe('pausing a team', () => {
  const courtside = courtsideForTests();

  async function ladder(players: number, options: SeasonOptions = {}) {
    const setup = await seasonWithTeams(courtside.url, players, options);
    const pausePath = (teamId: string) => `${LADDER_API}/seasons/${setup.seasonId}/teams/${teamId}/pause`;
    const pause = (http: HttpClient, teamId: string, until: unknown) =>
      http.json<{ pausedUntil: string; pauseDaysLeft: number; reason?: string }>('POST', pausePath(teamId), {
        until,
      });
    const resume = (http: HttpClient, teamId: string) =>
      http.json<{ pauseDaysLeft: number; reason?: string }>('DELETE', pausePath(teamId));
    const standings = async (http = courtside.client()) =>
      (await http.json<Standings>('GET', `${LADDER_API}/ladders/${setup.ladderId}/standings`)).body.teams;
    const challenge = (http: HttpClient, defenderTeamId: string) =>
      http.json<{ reason?: string }>('POST', `${LADDER_API}/seasons/${setup.seasonId}/challenges`, {
        defenderTeamId,
      });
    return { ...setup, pausePath, pause, resume, standings, challenge };
  }

  it('a member pauses until a later day: days used, shown in the standings, challenges refused PAUSED both ways; resuming gives the rest back', async () => {
    const { teams, pause, resume, standings, challenge } = await ladder(3);
    const [one, two, three] = teams;

    const paused = await pause(two!.http, two!.teamId, day(5));
    expect(paused.status).toBe(200);
    expect(paused.body).toEqual({ pausedUntil: day(5), pauseDaysLeft: 16 });
    const rows = await standings();
    expect(rows.map((row) => row.teamId)).toEqual([one!.teamId, two!.teamId, three!.teamId]);
    expect(rows[1]!.pausedUntil).toBe(day(5));
    expect(rows[0]!.pausedUntil).toBeUndefined();

    // Challenged while paused, and challenging while paused: 409 PAUSED; the row says why.
    const challenged = await challenge(three!.http, two!.teamId);
    expect(challenged.status).toBe(409);
    expect(challenged.body.reason).toBe('PAUSED');
    const challenging = await challenge(two!.http, one!.teamId);
    expect(challenging.status).toBe(409);
    expect(challenging.body.reason).toBe('PAUSED');
    const seenByThree = await standings(three!.http);
    expect(seenByThree[1]).toMatchObject({ canChallenge: false, challengeRefusal: 'PAUSED' });

    // A longer pause while paused replaces the rest of this one: 7 days from today, 14 left.
    expect((await pause(two!.http, two!.teamId, day(7))).body).toEqual({
      pausedUntil: day(7),
      pauseDaysLeft: 14,
    });
    // Back on the day it paused: a pause uses at least one day (DESIGN.md §19), so 20 of 21 are left, in the
    // answer and in the team's own list alike.
    const resumed = await resume(two!.http, two!.teamId);
    expect(resumed.status).toBe(200);
    expect(resumed.body).toEqual({ pauseDaysLeft: 20 });
    const mine = await two!.http.json<Array<{ teamId: string; pauseDaysLeft?: number }>>(
      'GET',
      `${LADDER_API}/teams/mine`,
    );
    expect(mine.body.find((team) => team.teamId === two!.teamId)?.pauseDaysLeft).toBe(20);
    expect((await standings())[1]!.pausedUntil).toBeUndefined();
    expect((await challenge(three!.http, two!.teamId)).status).toBe(201);

    const again = await resume(two!.http, two!.teamId);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('NOT_PAUSED');
  });

  it('refuses: until today or earlier (400), longer than the days left, in a challenge, pausing off', async () => {
    const { teams, pause, challenge, seasonId } = await ladder(3);
    const [, two, three] = teams;
    for (const until of [day(0), day(-1), 'soon', '2026-02-30', undefined]) {
      const answer = await pause(two!.http, two!.teamId, until);
      expect(answer.status, String(until)).toBe(400);
    }
    const tooLong = await pause(two!.http, two!.teamId, day(22));
    expect(tooLong.status).toBe(409);
    expect(tooLong.body.reason).toBe('PAUSE_TOO_LONG');
    expect((await pause(two!.http, two!.teamId, day(21))).status).toBe(200);
    expect(
      (await three!.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${two!.teamId}/pause`))
        .status,
    ).toBe(404);

    // #3 challenges #1... not in range of a paused #2; a fresh ladder for BUSY.
    const busyLadder = await ladder(2);
    const [top, bottom] = busyLadder.teams;
    expect((await busyLadder.challenge(bottom!.http, top!.teamId)).status).toBe(201);
    for (const team of [top!, bottom!]) {
      const busy = await busyLadder.pause(team.http, team.teamId, day(3));
      expect(busy.status).toBe(409);
      expect(busy.body.reason).toBe('BUSY');
    }

    const off = await ladder(2, { rules: { maxPauseDays: 0 } });
    const refused = await off.pause(off.teams[0]!.http, off.teams[0]!.teamId, day(1));
    expect(refused.status).toBe(409);
    expect(refused.body.reason).toBe('PAUSING_OFF');
    void challenge;
  });

  it('only a member of the team or a manager of its club: others hear there is no such team', async () => {
    const { teams, manager, pause, resume, pausePath, seasonId } = await ladder(2);
    const [one, two] = teams;
    const other = await ladder(1);

    const notMine = await pause(one!.http, two!.teamId, day(3));
    expect(notMine.status).toBe(404);
    const otherClub = await pause(other.manager, two!.teamId, day(3));
    expect(otherClub.status).toBe(404);
    // A team of another season, addressed through this one: 404 too.
    expect((await pause(other.teams[0]!.http, other.teams[0]!.teamId, day(3))).status).toBe(404);
    expect((await courtside.client().json('POST', pausePath(two!.teamId), { until: day(3) })).status).toBe(
      401,
    );

    const byManager = await pause(manager, two!.teamId, day(3));
    expect(byManager.status).toBe(200);
    expect(byManager.body).toEqual({ pausedUntil: day(3), pauseDaysLeft: 18 });
    expect((await resume(one!.http, two!.teamId)).status).toBe(404);
    expect((await resume(manager, two!.teamId)).body).toEqual({ pauseDaysLeft: 20 });
    void seasonId;
  });

  it('the dev clock passing until brings the team back, by the system, in its place', async () => {
    const { teams, pause, standings, seasonId } = await ladder(2);
    const [one, two] = teams;
    expect((await pause(one!.http, one!.teamId, day(3))).status).toBe(200);
    const advance = (days: number) =>
      courtside.client().json('POST', DEV_CLOCK_PATH, { advanceMs: days * DAY_MS });

    await advance(3);
    const back = await standings();
    expect(back.map((row) => row.teamId)).toEqual([one!.teamId, two!.teamId]);
    expect(back[0]!.pausedUntil).toBeUndefined();
    const db = new pg.Pool({ connectionString: courtside.backend.databaseUrl });
    try {
      const { rows } = await db.query<{ type: string; actor_id: string; payload: { on: string } }>(
        `SELECT type, actor_id, payload FROM ${courtside.readModelSchema}.company_events
         WHERE season_id = $1 AND type IN ('TeamPaused', 'TeamResumed') ORDER BY seq`,
        [seasonId],
      );
      expect(rows.map((row) => [row.type, row.actor_id])).toEqual([
        ['TeamPaused', one!.account.id],
        ['TeamResumed', 'system'],
      ]);
      expect(rows[1]!.payload.on).toBe(day(3));
    } finally {
      await db.end();
    }
    // Back: it may be challenged again (signed in anew: the access ran out days ago).
    await two!.http.json('POST', `${ACCOUNT_API}/account/login`, {
      email: two!.account.email,
      password: PASSWORD,
    });
    expect((await standings(two!.http))[0]).toMatchObject({ canChallenge: true });
  });
});
