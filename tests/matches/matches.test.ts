import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { managerWithCompany, signedInAccount } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { day, managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { productEvents } from '@courtside/events/catalog';
import { EventRegistry } from '@courtside/events/event-registry';

interface Side {
  teamId: string;
  position: number;
  winner: boolean;
  special: string;
  members: Array<{ id: string; name: string; itsMe: boolean; position: number }>;
  matchSets: Array<{
    order: number;
    score: number | null;
    tiebreakScore?: number;
    winner: boolean;
    superTiebreak: boolean;
  }>;
}
interface Match {
  id: string;
  status: string;
  date: string | null;
  editable: boolean;
  defender: Side;
  challenger: Side;
}

const sets = (...scores: Array<number | [number, number]>) => ({
  matchSets: scores.map((score) =>
    Array.isArray(score) ? { score: score[0], tiebreakScore: score[1] } : { score },
  ),
  special: 'none',
});

describe('matches', () => {
  const courtside = courtsideForTests();

  async function matchBetween(defender: number, challenger: number, players = 3) {
    const setup = await seasonWithTeams(courtside.url, players);
    const created = await setup.manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${setup.seasonId}/teams/match`,
      {
        defenderId: setup.teams[defender]!.teamId,
        challengerId: setup.teams[challenger]!.teamId,
      },
    );
    expect(created.status).toBe(201);
    return { ...setup, matchId: created.body.matchId, url: `${MATCHES_API}/matches/${created.body.matchId}` };
  }

  it('lets a player enter a three-set result with a tiebreak and a super tiebreak; once the other side confirms, the challenger leapfrogs once', async () => {
    const { teams, manager, company, url, seasonId } = await matchBetween(0, 2);
    const challenger = teams[2]!.http;

    const planned = await challenger.json<Match>('GET', url);
    const preview = await challenger.json<Match>('PUT', `${MATCHES_API}/matches/recalculate`, {
      ...planned.body,
      defender: sets(6, [6, 5], 8),
      challenger: sets(3, [7, 7], 10),
    });
    const stillPlanned = await challenger.json<Match>('GET', url);
    const saved = await challenger.json<Match>('PUT', `${MATCHES_API}/matches`, {
      ...planned.body,
      defender: sets(6, [6, 5], 8),
      challenger: sets(3, [7, 7], 10),
    });
    const whilePending = await manager.json<Array<{ teamId: string; position: number }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );
    const ownConfirm = await challenger.json('POST', `${url}/confirm`);
    const confirmed = await teams[0]!.http.json<Match & { confirmation: { state: string } }>(
      'POST',
      `${url}/confirm`,
    );
    const confirmAgain = await teams[0]!.http.json('POST', `${url}/confirm`);
    const ladder = await manager.json<Array<{ teamId: string; position: number }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );
    const corrected = await manager.json<Match>('PUT', `${MATCHES_API}/matches`, {
      ...saved.body,
      defender: sets(6, 6),
      challenger: sets(3, 2),
    });
    const ladderAfterCorrection = await manager.json<Array<{ teamId: string }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );

    expect(planned.body).toMatchObject({
      status: 'planned',
      editable: true,
      defender: { position: 1 },
      challenger: { position: 3 },
    });
    expect(planned.body.challenger.members[0]!.itsMe).toBe(true);
    expect(preview.body.status).toBe('completed');
    expect(preview.body.challenger.winner).toBe(true);
    expect(stillPlanned.body.status).toBe('planned');
    expect(saved.body.status).toBe('completed');
    expect(saved.body.challenger.matchSets).toEqual([
      { order: 1, score: 3, winner: false, superTiebreak: false },
      { order: 2, score: 7, tiebreakScore: 7, winner: true, superTiebreak: false },
      { order: 3, score: 10, winner: true, superTiebreak: true },
    ]);
    expect((saved.body as Match & { confirmation: unknown }).confirmation).toEqual({
      state: 'pending',
      dueAt: expect.stringMatching(/Z$/),
      enteredBy: teams[2]!.account.id,
      side: 'challenger',
    });
    expect(whilePending.body.map((team) => team.teamId)).toEqual(teams.map((team) => team.teamId));
    expect(ownConfirm).toMatchObject({
      status: 403,
      body: { error: 'The other side confirms or disputes this result' },
    });
    expect(confirmed).toMatchObject({ status: 200, body: { confirmation: { state: 'confirmed' } } });
    expect(confirmAgain).toMatchObject({ status: 409, body: { reason: 'NOT_PENDING' } });
    expect(ladder.body.map((team) => team.teamId)).toEqual([
      teams[2]!.teamId,
      teams[0]!.teamId,
      teams[1]!.teamId,
    ]);
    expect(confirmed.body.challenger.position).toBe(1);
    expect(corrected.body.defender.winner).toBe(true);
    expect(ladderAfterCorrection.body.map((team) => team.teamId)).toEqual(
      ladder.body.map((team) => team.teamId),
    );
    const history = await manager.json<{ items: Array<{ type: string }> }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/events?stream=${seasonId}&limit=5`,
    );
    expect(history.body.items.map((event) => event.type)).toContain('ChallengerLeapfrogged');
  });

  type Confirmed = Match & { confirmation: { state: string } };

  it('a confirmed result is final for players (409 RESULT_FINAL), a disputed one too (409 DISPUTED); a manager changes either', async () => {
    const { teams, manager, url, matchId, seasonId } = await matchBetween(0, 2);
    const [defender, , challenger] = [teams[0]!.http, teams[1]!.http, teams[2]!.http];
    const put = (http: HttpClient, score: { defender: unknown; challenger: unknown }, date?: string) =>
      http.json<Confirmed & { reason?: string }>('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        ...score,
        ...(date ? { date } : {}),
      });
    const win = { defender: sets(4, 4), challenger: sets(6, 6) };
    const turned = { defender: sets(4, 6, 7), challenger: sets(6, 4, 5) };

    expect((await put(challenger, win)).body.confirmation.state).toBe('pending');
    expect((await defender.json('POST', `${url}/confirm`)).status).toBe(200);
    // The loser tries to turn the confirmed result round, then the winner to change its games.
    const byLoser = await put(defender, turned);
    const byWinner = await put(challenger, { defender: sets(0, 0), challenger: sets(6, 6) });
    const after = await defender.json<Confirmed>('GET', url);
    // The same scores with a date: only the date changes.
    const dated = await put(defender, win, `${day(1)}T19:00`);
    const byManager = await put(manager, turned);

    expect(byLoser).toMatchObject({ status: 409, body: { reason: 'RESULT_FINAL' } });
    expect(byWinner).toMatchObject({ status: 409, body: { reason: 'RESULT_FINAL' } });
    expect(after.body).toMatchObject({ confirmation: { state: 'confirmed' }, challenger: { winner: true } });
    expect(after.body.challenger.matchSets.map((set) => set.score)).toEqual([6, 6]);
    expect(dated).toMatchObject({
      status: 200,
      body: { date: `${day(1)}T19:00`, challenger: { winner: true } },
    });
    expect(byManager).toMatchObject({ status: 200, body: { defender: { winner: true } } });

    // A disputed result: neither player may enter another; the manager settles it.
    const second = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: teams[0]!.teamId,
        challengerId: teams[2]!.teamId,
      },
    );
    const secondUrl = `${MATCHES_API}/matches/${second.body.matchId}`;
    const putSecond = (http: HttpClient, score: { defender: unknown; challenger: unknown }) =>
      http.json<Confirmed & { reason?: string }>('PUT', `${MATCHES_API}/matches`, {
        id: second.body.matchId,
        ...score,
      });
    expect((await putSecond(challenger, win)).status).toBe(200);
    expect((await defender.json('POST', `${secondUrl}/dispute`, { reason: 'We won' })).status).toBe(200);
    const reenteredByEnterer = await putSecond(challenger, { defender: sets(4, 3), challenger: sets(6, 6) });
    const reenteredByOther = await putSecond(defender, turned);
    const stillDisputed = await defender.json<Confirmed>('GET', secondUrl);
    const settled = await putSecond(manager, turned);

    expect(reenteredByEnterer).toMatchObject({ status: 409, body: { reason: 'DISPUTED' } });
    expect(reenteredByOther).toMatchObject({ status: 409, body: { reason: 'DISPUTED' } });
    expect(stillDisputed.body.confirmation.state).toBe('disputed');
    expect(stillDisputed.body.defender.matchSets.map((set) => set.score)).toEqual([4, 4]);
    expect(settled).toMatchObject({ status: 200, body: { confirmation: { state: 'confirmed' } } });
  });

  it('refuses a set with one side’s games only (400 naming the set), on save and on recalculate; nothing is stored', async () => {
    const { teams, url, matchId } = await matchBetween(0, 1, 2);
    const player = teams[0]!.http;
    const half = {
      id: matchId,
      defender: sets(6, 6),
      challenger: { matchSets: [{ score: 3 }, { score: null }], special: 'none' },
    };
    const saved = await player.json<{ error: string; issues: Array<{ path: string; message: string }> }>(
      'PUT',
      `${MATCHES_API}/matches`,
      half,
    );
    const shorter = await player.json('PUT', `${MATCHES_API}/matches`, {
      ...half,
      challenger: sets(3),
    });
    const preview = await player.json<{ issues: Array<{ path: string; message: string }> }>(
      'PUT',
      `${MATCHES_API}/matches/recalculate`,
      half,
    );
    const after = await player.json<Match>('GET', url);

    for (const answer of [saved, shorter, preview]) {
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('Set 2 needs a score for both sides');
      expect(JSON.stringify(answer.body)).toMatch(
        /challenger\.matchSets\.1\.score|"challenger","matchSets",1,"score"/,
      );
    }
    expect(after.body.status).toBe('planned');
    expect(after.body.defender.matchSets).toEqual([]);
  });

  it('a result entered before the match’s date counts as played when entered: lastPlayedAt is never in the future', async () => {
    const { teams, manager, url, matchId, ladderId } = await matchBetween(0, 1, 2);
    const future = `${day(30)}T19:00`;
    // Sent again while refused with nothing changed (503), as a client does on a loaded machine.
    const dated = await sentUntilTaken(() =>
      manager.json('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        defender: sets(),
        challenger: sets(),
        date: future,
      }),
    );
    expect([200, 202]).toContain(dated.status);
    const saved = await sentUntilTaken(() =>
      manager.json<Match>('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        defender: sets(6, 6),
        challenger: sets(1, 1),
      }),
    );
    // 202 on a loaded machine: the result is in the log, shown a moment later.
    expect([200, 202]).toContain(saved.status);
    if (saved.status === 200) expect(saved.body).toMatchObject({ date: future, status: 'completed' });
    const shown = await eventually(async () => {
      const match = (await manager.json<Match>('GET', url)).body;
      return match.status === 'completed' && match;
    });
    expect(shown.date).toBe(future);
    const standings = await teams[0]!.http.json<{
      teams: Array<{ teamId: string; lastPlayedAt: string | null }>;
    }>('GET', `${LADDER_API}/ladders/${ladderId}/standings`);

    for (const row of standings.body.teams) {
      expect(row.lastPlayedAt).not.toBeNull();
      expect(row.lastPlayedAt! < `${day(5)}T00:00`).toBe(true);
      expect(row.lastPlayedAt! >= `${day(-1)}T00:00`).toBe(true);
    }
  });

  it('moves nobody when the defender wins or the challenger stood above', async () => {
    const { teams, manager, url, seasonId } = await matchBetween(1, 0);
    const before = await manager.json<Array<{ teamId: string }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );

    const saved = await teams[0]!.http.json<Match>('PUT', `${MATCHES_API}/matches`, {
      id: url.split('/').at(-1),
      defender: sets(2, 3),
      challenger: sets(6, 6),
    });
    const after = await manager.json<Array<{ teamId: string }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );

    expect(saved.body.challenger.winner).toBe(true);
    expect(after.body).toEqual(before.body);
  });

  it('keeps the date within the season, keeping the time', async () => {
    const { teams, url } = await matchBetween(0, 1, 2);
    const id = url.split('/').at(-1);

    const inSeason = await teams[0]!.http.json<Match>('PUT', `${MATCHES_API}/matches`, {
      id,
      date: `${day(10)}T19:30`,
      defender: sets(),
      challenger: sets(),
    });
    const late = await teams[0]!.http.json<Match>('PUT', `${MATCHES_API}/matches`, {
      id,
      date: `${day(200)}T08:15`,
      defender: sets(),
      challenger: sets(),
    });
    const notADate = await teams[0]!.http.json('PUT', `${MATCHES_API}/matches`, {
      id,
      date: '2026-02-30T25:00',
      defender: sets(),
      challenger: sets(),
    });

    expect(inSeason.body.date).toBe(`${day(10)}T19:30`);
    expect(late.body.date).toBe(`${day(90)}T08:15`);
    expect(notADate.status).toBe(400);
  });

  it('refuses a date before the season’s first day (400 on date), also for a player re-dating a confirmed match; nothing changes', async () => {
    const { teams, url, matchId } = await matchBetween(0, 1, 2);
    const [defender, challenger] = [teams[0]!.http, teams[1]!.http];
    const win = { defender: sets(4, 4), challenger: sets(6, 6) };
    const put = (http: HttpClient, date: string) =>
      http.json<Match & { issues?: Array<{ path: string[]; message: string }> }>(
        'PUT',
        `${MATCHES_API}/matches`,
        { id: matchId, ...win, date },
      );
    expect((await challenger.json('PUT', `${MATCHES_API}/matches`, { id: matchId, ...win })).status).toBe(
      200,
    );
    expect((await defender.json('POST', `${url}/confirm`)).status).toBe(200);
    const before = await defender.json<Match>('GET', url);
    expect(before.body).toMatchObject({ status: 'completed', date: null });

    // The season began 5 days ago: its first day is allowed, the day before it and a year back are not.
    for (const date of [`${day(-6)}T23:59`, `${day(-365)}T10:00`]) {
      const refused = await put(defender, date);
      expect(refused.status, date).toBe(400);
      expect(refused.body.issues, date).toEqual([
        expect.objectContaining({
          path: ['date'],
          message: 'Choose a date on or after the season’s first day',
        }),
      ]);
    }
    expect((await defender.json<Match>('GET', url)).body).toEqual(before.body);
    const firstDay = await put(defender, `${day(-5)}T00:00`);
    expect(firstDay).toMatchObject({ status: 200, body: { date: `${day(-5)}T00:00` } });
  });

  it('lets only the players and the managers change a match or see contact details', async () => {
    const { teams, manager, url } = await matchBetween(0, 1, 3);
    const id = url.split('/').at(-1);
    const outsider = teams[2]!.http;
    const otherManager = courtside.client();
    await managerWithCompany(otherManager);
    const anonymous = courtside.client();
    const save = (http: HttpClient) =>
      http.json('PUT', `${MATCHES_API}/matches`, { id, defender: sets(6), challenger: sets(1) });

    expect((await outsider.json<Match>('GET', url)).body.editable).toBe(false);
    expect((await anonymous.json<Match>('GET', url)).body.editable).toBe(false);
    expect((await manager.json<Match>('GET', url)).body.editable).toBe(true);
    expect([
      (await save(outsider)).status,
      (await save(otherManager)).status,
      (await save(anonymous)).status,
    ]).toEqual([403, 403, 401]);
    const contact = await teams[1]!.http.json<{ defender: Array<{ email: string }> }>(
      'GET',
      `${url}/contactinfo`,
    );
    expect(contact.status).toBe(200);
    expect(contact.body.defender[0]!.email).toBe(teams[0]!.account.email);
    expect((await manager.json('GET', `${url}/contactinfo`)).status).toBe(200);
    expect((await outsider.json('GET', `${url}/contactinfo`)).status).toBe(403);
    expect((await anonymous.json('GET', `${url}/contactinfo`)).status).toBe(401);
  });

  it('cancels a match permanently', async () => {
    const { teams, url } = await matchBetween(0, 1, 2);
    const id = url.split('/').at(-1);

    const cancelled = await teams[1]!.http.json<Match>('DELETE', `${url}/cancel`);
    const saveAfter = await teams[1]!.http.json('PUT', `${MATCHES_API}/matches`, {
      id,
      defender: sets(6),
      challenger: sets(1),
    });

    expect(cancelled.body).toMatchObject({ status: 'cancelled', editable: false });
    expect(saveAfter.status).toBe(409);
  });

  it('refuses bad scores and bad new matches with 400, and another club with 404', async () => {
    const { teams, manager, url, seasonId } = await matchBetween(0, 1, 2);
    const id = url.split('/').at(-1);
    const player = teams[0]!.http;
    const intruder = courtside.client();
    await managerWithCompany(intruder);
    const outsiderPlayer = courtside.client();
    await signedInAccount(outsiderPlayer);

    const sixSets = await player.json('PUT', `${MATCHES_API}/matches/recalculate`, {
      id,
      defender: sets(6, 6, 6, 6, 6, 6),
      challenger: sets(),
    });
    const negative = await player.json('PUT', `${MATCHES_API}/matches`, {
      id,
      defender: sets(-1),
      challenger: sets(6),
    });
    const fraction = await player.json('PUT', `${MATCHES_API}/matches`, {
      id,
      defender: sets(2.5),
      challenger: sets(6),
    });
    const bothGaveUp = await player.json('PUT', `${MATCHES_API}/matches`, {
      id,
      defender: { matchSets: [], special: 'retired' },
      challenger: { matchSets: [], special: 'walkover' },
    });
    const sameTeam = await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
      defenderId: teams[0]!.teamId,
      challengerId: teams[0]!.teamId,
    });
    const foreignTeam = await manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
      defenderId: teams[0]!.teamId,
      challengerId: '00000000-0000-4000-8000-000000000000',
    });
    const otherClub = await intruder.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
      defenderId: teams[0]!.teamId,
      challengerId: teams[1]!.teamId,
    });
    const notAManager = await outsiderPlayer.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
      defenderId: teams[0]!.teamId,
      challengerId: teams[1]!.teamId,
    });

    expect([
      sixSets.status,
      negative.status,
      fraction.status,
      bothGaveUp.status,
      sameTeam.status,
      foreignTeam.status,
    ]).toEqual([400, 400, 400, 400, 400, 400]);
    expect([otherClub.status, notAManager.status]).toEqual([404, 404]);
    expect((await player.json<Match>('GET', url)).body.status).toBe('planned');
  });

  it('lists matches by tags, own, completed and not completed', async () => {
    const { teams, manager, ladderId, seasonId } = await seasonWithTeams(courtside.url, 3);
    const create = async (d: number, c: number) =>
      (
        await manager.json<{ matchId: string }>('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
          defenderId: teams[d]!.teamId,
          challengerId: teams[c]!.teamId,
        })
      ).body.matchId;
    const first = await create(0, 1);
    const second = await create(1, 2);
    const third = await create(0, 2);
    await teams[0]!.http.json('PUT', `${MATCHES_API}/matches`, {
      id: first,
      defender: sets(6, 6),
      challenger: sets(1, 1),
    });
    await teams[1]!.http.json('PUT', `${MATCHES_API}/matches`, {
      id: second,
      date: `${day(3)}T18:00`,
      defender: sets(),
      challenger: sets(),
    });
    await teams[0]!.http.json('PUT', `${MATCHES_API}/matches`, {
      id: third,
      date: `${day(1)}T18:00`,
      defender: sets(),
      challenger: sets(),
    });
    const ids = (answer: { body: Array<{ match: { id: string } }> }) =>
      answer.body.map((item) => item.match.id);
    const anonymous = courtside.client();

    const byLadder = await anonymous.json<
      Array<{
        match: { id: string; defender: { url: string; members: Array<{ id: string }> } };
        event: unknown;
      }>
    >('GET', `${MATCHES_API}/matches?PAGE=0&TAGS=${ladderId}`);
    const upcoming = await anonymous.json<Array<{ match: { id: string } }>>(
      'GET',
      `${MATCHES_API}/matches?PAGE=0&TAGS=${seasonId}&NOTCOMPLETED=TRUE`,
    );
    const done = await anonymous.json<Array<{ match: { id: string } }>>(
      'GET',
      `${MATCHES_API}/matches?PAGE=0&TAGS=${seasonId}&COMPLETED=TRUE`,
    );
    const ofPlayer = await anonymous.json<Array<{ match: { id: string } }>>(
      'GET',
      `${MATCHES_API}/matches?TAGS=${teams[2]!.account.id},${seasonId}`,
    );
    const own = await teams[1]!.http.json<Array<{ match: { id: string } }>>(
      'GET',
      `${MATCHES_API}/matches?OWN=TRUE`,
    );
    const ownAnonymous = await anonymous.json('GET', `${MATCHES_API}/matches?OWN=TRUE`);
    const nextPage = await anonymous.json<unknown[]>('GET', `${MATCHES_API}/matches?PAGE=1&TAGS=${ladderId}`);
    const badTag = await anonymous.json('GET', `${MATCHES_API}/matches?TAGS=not-an-id`);

    expect(ids(byLadder).sort()).toEqual([first, second, third].sort());
    expect(byLadder.body[0]!.event).toEqual({
      name: { id: ladderId, name: 'Club Ladder' },
      part: { id: seasonId, name: 'Winter' },
    });
    expect(ids(upcoming)).toEqual([third, second]);
    expect(ids(done)).toEqual([first]);
    expect(ids(ofPlayer).sort()).toEqual([second, third].sort());
    // A team's url names a player (an account id, spec §2), and that id filters the list.
    const { url: teamUrl, members } = byLadder.body[0]!.match.defender;
    expect(teamUrl).toBe(`/webapps/matches/en/?event=${ladderId}&player=${members[0]!.id}`);
    expect(teams.map((team) => team.account.id)).toContain(members[0]!.id);
    expect(ids(own).sort()).toEqual([first, second].sort());
    expect(ownAnonymous.status).toBe(401);
    expect(nextPage.body).toEqual([]);
    expect(badTag.status).toBe(400);
  });

  it('pushes every saved score to the match, season and ladder rooms, once to a viewer in all three', async () => {
    const { teams, url, seasonId, ladderId } = await matchBetween(0, 1, 2);
    const id = url.split('/').at(-1)!;
    const viewer = new LiveClient(courtside.url);
    try {
      await viewer.connected();
      for (const room of [`match:${id}`, `season:${seasonId}`, `ladder:${ladderId}`])
        await viewer.subscribe(room);
      await teams[0]!.http.json('PUT', `${MATCHES_API}/matches`, {
        id,
        defender: sets(6, 7),
        challenger: sets(4, 5),
      });

      await eventually(() => viewer.pushes.some((push) => push.event === 'match.updated'), {
        message: 'the push',
      });
      // A subscribe answered after the push was emitted: any other copy emitted with it has arrived by then.
      await viewer.subscribe(`match:${id}`);
      const pushes = viewer.pushes.filter((push) => push.event === 'match.updated');
      expect(pushes).toHaveLength(1);
      expect(pushes[0]!.rooms.sort()).toEqual(
        [`ladder:${ladderId}`, `match:${id}`, `season:${seasonId}`].sort(),
      );
      expect((pushes[0]!.data as { match: Match }).match).toMatchObject({
        id,
        status: 'completed',
        editable: false,
      });
    } finally {
      viewer.close();
    }
  });

  it('projects and shows a match whose players have no account (events written by another tool), sides without members', async () => {
    const { company, seasonId, ladderId } = await managerWithSeason(courtside.url);
    const registry = new EventRegistry(productEvents);
    const [defenderId, challengerId, matchId] = [randomUUID(), randomUUID(), randomUUID()];
    const meta = {
      companyId: company.id,
      actorId: 'import',
      correlationId: randomUUID(),
      occurredAt: new Date(),
    };
    const event = (type: string, streamId: string, payload: object) =>
      registry.create({ type, streamId, payload }, meta);
    await courtside.log.append(company.id, [
      ...[defenderId, challengerId].flatMap((teamId) => [
        event('TeamRegistered', teamId, { teamId, seasonId, ladderId, memberIds: [randomUUID()] }),
        event('TeamAccepted', teamId, { teamId, seasonId, ladderId }),
      ]),
      event('MatchCreated', matchId, { matchId, seasonId, ladderId, defenderId, challengerId }),
    ]);
    // Building the match's push once failed here, and quarantined the whole company.
    const answer = await eventually(async () => {
      const found = await courtside.client().json<Match>('GET', `${MATCHES_API}/matches/${matchId}`);
      return found.status === 200 && found.body;
    });
    expect(answer.defender).toMatchObject({ teamId: defenderId, position: 1, members: [] });
    expect(answer.challenger).toMatchObject({ teamId: challengerId, position: 2, members: [] });
  });
});
