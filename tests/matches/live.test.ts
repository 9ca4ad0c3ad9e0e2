import { describe, expect, it } from 'vitest';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForTests } from '../support/courtside.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';

interface LiveState {
  seq: number;
  sets: Array<{ defender: number; challenger: number }>;
  game: { defender: string; challenger: string };
  server: string;
  finished: boolean;
}

describe('live scoring, point by point (DESIGN.md §7)', () => {
  const courtside = courtsideForTests();

  async function liveMatch(matchType = 'BESTOFTHREE') {
    const setup = await seasonWithTeams(courtside.url, 3, { matchType });
    const [defender, , challenger] = setup.teams;
    const created = await setup.manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${setup.seasonId}/teams/match`,
      { defenderId: defender!.teamId, challengerId: challenger!.teamId },
    );
    expect(created.status).toBe(201);
    const url = `${MATCHES_API}/matches/${created.body.matchId}`;
    return { ...setup, defender: defender!, challenger: challenger!, url, matchId: created.body.matchId };
  }

  it('a player scores while viewers follow; a point sent twice counts once; the last point can be taken back', async () => {
    const { url, matchId, defender, challenger, teams } = await liveMatch();
    const viewer = new LiveClient(courtside.url);
    await viewer.connected();
    expect(await viewer.subscribe(`match:${matchId}`)).toMatchObject({ ok: true });

    const anonymous = await courtside.client().json('POST', `${url}/live`, {
      firstServer: 'defender',
    });
    const outsider = await teams[1]!.http.json('POST', `${url}/live`, { firstServer: 'defender' });
    const notLive = await courtside.client().json('GET', `${url}/live`);
    const badStart = await challenger.http.json('POST', `${url}/live`, { firstServer: 'umpire' });
    const started = await challenger.http.json<LiveState>('POST', `${url}/live`, {
      firstServer: 'challenger',
    });
    const again = await challenger.http.json('POST', `${url}/live`, { firstServer: 'challenger' });
    const first = await challenger.http.json<LiveState>('POST', `${url}/points`, {
      seq: 1,
      winner: 'challenger',
    });
    // A second scorer on the other side sends the same point number: refused, with the state to adopt.
    const twice = await defender.http.json<{ reason: string; state: LiveState }>('POST', `${url}/points`, {
      seq: 1,
      winner: 'defender',
    });
    const undone = await defender.http.json<LiveState>('POST', `${url}/points/undo`, { seq: 1 });
    for (let seq = 1; seq <= 4; seq++) {
      expect((await defender.http.json('POST', `${url}/points`, { seq, winner: 'defender' })).status).toBe(
        200,
      );
    }
    const publicState = await courtside.client().json<LiveState>('GET', `${url}/live`);
    const match = await courtside.client().json<{
      status: string;
      defender: { matchSets: Array<{ score: number }> };
    }>('GET', url);

    expect(anonymous.status).toBe(401);
    expect(outsider.status).toBe(403);
    expect(notLive.status).toBe(404);
    expect(badStart.status).toBe(400);
    expect(started).toMatchObject({ status: 200, body: { seq: 0, server: 'challenger', finished: false } });
    expect(again).toMatchObject({ status: 409, body: { reason: 'ALREADY_LIVE' } });
    expect(first.body).toMatchObject({ seq: 1, game: { defender: '0', challenger: '15' } });
    expect(twice).toMatchObject({ status: 409, body: { reason: 'SEQ', state: { seq: 1 } } });
    expect(undone.body).toMatchObject({ seq: 0, game: { defender: '0', challenger: '0' } });
    expect(publicState.body).toMatchObject({
      seq: 4,
      sets: [{ defender: 1, challenger: 0 }],
      server: 'defender',
      // Beyond DESIGN's state: the points and the rules, for the live match page's timeline.
      points: ['defender', 'defender', 'defender', 'defender'],
      rules: { matchType: 'BESTOFTHREE', firstServer: 'challenger', noAd: false, finalSet: 'SUPER_TIEBREAK' },
    });
    // The match says where it stands while live (the card's LIVE badge, game score and server).
    expect(match.body).toMatchObject({
      live: { seq: 4, game: { defender: '0', challenger: '0' }, server: 'defender', finished: false },
    });
    // The match's set scores follow the points; it stays planned until it ends.
    expect(match.body.status).toBe('planned');
    expect(match.body.defender.matchSets.map((set) => set.score)).toEqual([1]);
    await eventually(() =>
      expect(
        viewer.pushes
          .filter((push) => push.event === 'live.updated')
          .map((push) => (push.data as { state: LiveState }).state.seq),
      ).toEqual([0, 1, 0, 1, 2, 3, 4]),
    );
    viewer.close();
  });

  it('when the last point is scored by a player, the result waits for the other side, who confirms it; no more points', async () => {
    const { url, ladderId, defender, challenger } = await liveMatch();
    await challenger.http.json('POST', `${url}/live`, { firstServer: 'defender', finalSet: 'SET' });
    let last: { status: number; body: LiveState } | undefined;
    for (let seq = 1; seq <= 48; seq++) {
      last = await challenger.http.json<LiveState>('POST', `${url}/points`, { seq, winner: 'challenger' });
      expect(last.status).toBe(200);
    }
    const after = await challenger.http.json('POST', `${url}/points`, { seq: 49, winner: 'challenger' });
    const match = await defender.http.json<{ status: string; confirmation: { state: string } }>('GET', url);
    const standings = async () =>
      (
        await courtside
          .client()
          .json<{ teams: Array<{ teamId: string }> }>('GET', `${LADDER_API}/ladders/${ladderId}/standings`)
      ).body.teams.map((team) => team.teamId);
    const before = await standings();
    const waiting = await defender.http.json<{ resultStays: boolean }>('GET', `${url}/live`);
    const confirmed = await defender.http.json('POST', `${url}/confirm`);
    const undoAfter = await challenger.http.json('POST', `${url}/points/undo`, { seq: 48 });
    const counted = await defender.http.json<{ resultStays: boolean }>('GET', `${url}/live`);

    expect(last!.body).toMatchObject({
      finished: true,
      sets: [
        { defender: 0, challenger: 6 },
        { defender: 0, challenger: 6 },
      ],
    });
    expect(after).toMatchObject({ status: 409, body: { reason: 'FINISHED' } });
    expect(match.body).toMatchObject({ status: 'completed', confirmation: { state: 'pending' } });
    expect(before).toEqual([defender.teamId, expect.any(String), challenger.teamId]);
    expect(confirmed.status).toBe(200);
    expect(await standings()).toEqual([challenger.teamId, defender.teamId, expect.any(String)]);
    // DESIGN.md §13: a confirmed result stays; only a manager changes it. The live view says so, for the scorer.
    expect(undoAfter).toMatchObject({ status: 409, body: { reason: 'FINISHED' } });
    expect([waiting.body.resultStays, counted.body.resultStays]).toEqual([false, true]);
  });

  it('a mis-tapped match point is taken back while its result waits: the match is live again, nothing to confirm', async () => {
    const { url, defender, challenger } = await liveMatch();
    await challenger.http.json('POST', `${url}/live`, { firstServer: 'defender', finalSet: 'SET' });
    for (let seq = 1; seq <= 48; seq++) {
      expect(
        (await challenger.http.json('POST', `${url}/points`, { seq, winner: 'challenger' })).status,
      ).toBe(200);
    }
    const undone = await challenger.http.json<LiveState>('POST', `${url}/points/undo`, { seq: 48 });
    type Match = { status: string; confirmation: { state: string } };
    const match = await defender.http.json<Match>('GET', url);
    const confirm = await defender.http.json('POST', `${url}/confirm`);
    const again = await challenger.http.json<LiveState>('POST', `${url}/points`, {
      seq: 48,
      winner: 'challenger',
    });
    const ended = await defender.http.json<Match>('GET', url);

    expect(undone).toMatchObject({ status: 200, body: { seq: 47, finished: false } });
    expect(match.body).toMatchObject({ status: 'planned', confirmation: { state: 'confirmed' } });
    expect(match.body).not.toHaveProperty('winner');
    expect(confirm.status).toBe(409);
    expect(again).toMatchObject({ status: 200, body: { seq: 48, finished: true } });
    expect(ended.body).toMatchObject({ status: 'completed', confirmation: { state: 'pending' } });
  });

  it('a games-only match ends when its scorer ends it, with the games as they stand', async () => {
    const { url, defender, challenger } = await liveMatch('GAMESONLY');
    await defender.http.json('POST', `${url}/live`, { firstServer: 'defender' });
    for (let seq = 1; seq <= 12; seq++) {
      const winner = seq <= 4 ? 'challenger' : 'defender';
      expect((await defender.http.json('POST', `${url}/points`, { seq, winner })).status).toBe(200);
    }
    const early = await defender.http.json('POST', `${url}/live/end`, { seq: 11 });
    const ended = await defender.http.json<LiveState>('POST', `${url}/live/end`, { seq: 12 });
    const match = await challenger.http.json<{ status: string; confirmation: { state: string } }>('GET', url);

    expect(early).toMatchObject({ status: 409, body: { reason: 'SEQ' } });
    expect(ended.body).toMatchObject({ finished: true, sets: [{ defender: 2, challenger: 1 }] });
    expect(match.body).toMatchObject({ status: 'completed', confirmation: { state: 'pending' } });
  });

  it('while a super tiebreak is played the match says so, and its set holds the points from the first one', async () => {
    const { url, defender } = await liveMatch();
    await defender.http.json('POST', `${url}/live`, { firstServer: 'defender', finalSet: 'SUPER_TIEBREAK' });
    // 6-0 for the defender, 0-6 for the challenger (24 points each), then 3 points of the super tiebreak.
    const winners = [
      ...Array<string>(24).fill('defender'),
      ...Array<string>(24).fill('challenger'),
      ...Array<string>(3).fill('defender'),
    ];
    const inSet = await defender.http.json<{ live: { superTiebreak?: boolean } }>('GET', url);
    for (const [index, winner] of winners.entries()) {
      expect((await defender.http.json('POST', `${url}/points`, { seq: index + 1, winner })).status).toBe(
        200,
      );
    }
    const match = await defender.http.json<{
      live: { superTiebreak?: boolean };
      defender: { matchSets: Array<{ score: number }> };
    }>('GET', url);

    expect(inSet.body.live.superTiebreak).toBeUndefined();
    expect(match.body.live).toMatchObject({ seq: 51, finished: false, superTiebreak: true });
    expect(match.body.defender.matchSets.map((set) => set.score)).toEqual([6, 0, 3]);
  });

  it('a cancelled match, or one with a result, cannot be scored live', async () => {
    const { url, manager, challenger } = await liveMatch();
    await manager.json('PUT', `${MATCHES_API}/matches`, {
      id: url.split('/').at(-1),
      defender: { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' },
      challenger: { matchSets: [{ score: 2 }, { score: 3 }], special: 'none' },
    });
    expect(await challenger.http.json('POST', `${url}/live`, { firstServer: 'defender' })).toMatchObject({
      status: 409,
      body: { reason: 'HAS_RESULT' },
    });
    await manager.json('DELETE', `${url}/cancel`);
    expect((await challenger.http.json('POST', `${url}/live`, { firstServer: 'defender' })).status).toBe(409);
  });
});
