import { describe, expect, it } from 'vitest';
import { managerWithCompany, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { day, managerWithSeason } from '../support/ladder-setup.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';
import { ADMIN_API, LADDER_API } from '@courtside/events/api-paths';

interface Team {
  teamId: string;
  position: number | null;
  joinDate: string | null;
  leaveDate?: string | null;
  members: Array<{
    fullName: string;
    email: string;
    phoneNumber: { countryCode: string; number: string } | null;
  }>;
}

describe('teams in a season', () => {
  const courtside = courtsideForTests();
  const client = () => courtside.client();

  /** A manager with a ladder and an active season, open for registration unless `open` is false. */
  async function seasonOf(sportsCategory = 'TENNISSINGLE', open = true) {
    const setup = await managerWithSeason(courtside.url, {
      ladderName: `Ladder ${sportsCategory}`,
      sportsCategory,
      openForRegistration: open,
    });
    return { ...setup, admin: `${ADMIN_API}/seasons/${setup.seasonId}` };
  }

  async function player(seasonId: string, body: object = {}) {
    const http = client();
    const account = await signedInAccount(http);
    const registered = await http.json<{ teamId: string }>(
      'POST',
      `${LADDER_API}/seasons/${seasonId}/teams`,
      body,
    );
    return { http, account, registered };
  }

  it('takes teams from waiting to active to left, keeping positions 1..N, and shows the public standings', async () => {
    const { manager, admin, seasonId, ladderId } = await seasonOf();
    const [ann, bob, cas, dee] = [
      await player(seasonId),
      await player(seasonId),
      await player(seasonId),
      await player(seasonId),
    ];

    const waiting = await manager.json<Team[]>('GET', `${admin}/teams/waitingforapproval`);
    for (const team of [ann, bob, cas])
      await manager.json('POST', `${admin}/teams/accept`, { teamId: team.registered.body.teamId });
    const rejected = await manager.json('POST', `${admin}/teams/reject`, {
      teamId: dee.registered.body.teamId,
    });
    const moved = await manager.json('POST', `${admin}/teams/position/1`, {
      teamId: cas.registered.body.teamId,
    });
    const removed = await manager.json('DELETE', `${admin}/teams/${bob.registered.body.teamId}`);
    const active = await manager.json<Team[]>('GET', `${admin}/teams`);
    const left = await manager.json<Team[]>('GET', `${admin}/teams/left`);
    const standings = await client().json<{
      season: { uuid: string };
      teams: Array<{ position: number; members: unknown[] }>;
    }>('GET', `${LADDER_API}/ladders/${ladderId}/standings`);
    const mine = await dee.http.json<Array<{ status: string }>>('GET', `${LADDER_API}/teams/mine`);

    expect(ann.registered.status).toBe(201);
    expect(waiting.body).toHaveLength(4);
    expect(waiting.body[0]).toEqual({
      teamId: ann.registered.body.teamId,
      position: null,
      joinDate: null,
      members: [
        {
          fullName: 'Sam Server',
          email: ann.account.email,
          phoneNumber: { countryCode: '31', number: '612345678' },
        },
      ],
    });
    expect(rejected.status).toBe(200);
    expect(moved.status).toBe(200);
    expect(removed.status).toBe(200);
    expect(active.body.map((team) => [team.teamId, team.position])).toEqual([
      [cas.registered.body.teamId, 1],
      [ann.registered.body.teamId, 2],
    ]);
    expect(active.body[0]!.joinDate).toBe(day(0));
    expect(left.body).toEqual([
      // Bob stood third when he left (Cas had moved to the top).
      expect.objectContaining({ teamId: bob.registered.body.teamId, position: 3, leaveDate: day(0) }),
    ]);
    expect(standings.body.season.uuid).toBe(seasonId);
    expect(standings.body.teams.map((team) => team.position)).toEqual([1, 2]);
    expect(standings.body.teams[0]!.members).toEqual([
      { fullName: 'Sam Server', playerId: expect.any(String) },
    ]);
    expect(mine.body.map((team) => team.status)).toEqual(['rejected']);
  });

  it('lists the teams that left with the position each held when it left, those of one day by that position', async () => {
    const { manager, admin, seasonId } = await seasonOf();
    const players = [
      await player(seasonId),
      await player(seasonId),
      await player(seasonId),
      await player(seasonId),
    ];
    const teams = players.map((team) => team.registered.body.teamId);
    for (const teamId of teams) await manager.json('POST', `${admin}/teams/accept`, { teamId });
    const waiting = await player(seasonId);
    const [first, second, third, fourth] = teams as [string, string, string, string];
    const positions = (list: Team[]) => list.map((team) => [team.teamId, team.position]);

    const removed = await manager.json('DELETE', `${admin}/teams/${second}`);
    const activeAfterOne = await manager.json<Team[]>('GET', `${admin}/teams`);
    const leftAfterOne = await manager.json<Team[]>('GET', `${admin}/teams/left`);
    // The player's own list says the same of the team it left.
    const mineAfterOne = await players[1]!.http.json<
      Array<{ teamId: string; status: string; position: number | null }>
    >('GET', `${LADDER_API}/teams/mine`);
    // The fourth stands third by now; then the first; and a team leaves while it still waits (it had no place).
    await manager.json('DELETE', `${admin}/teams/${fourth}`);
    await manager.json('DELETE', `${admin}/teams/${first}`);
    const withdrawn = await waiting.http.json(
      'DELETE',
      `${LADDER_API}/seasons/${seasonId}/teams/${waiting.registered.body.teamId}`,
    );
    const active = await manager.json<Team[]>('GET', `${admin}/teams`);
    const left = await manager.json<Team[]>('GET', `${admin}/teams/left`);

    expect(removed.status).toBe(200);
    expect(positions(activeAfterOne.body)).toEqual([
      [first, 1],
      [third, 2],
      [fourth, 3],
    ]);
    expect(leftAfterOne.body).toEqual([
      expect.objectContaining({ teamId: second, position: 2, leaveDate: day(0) }),
    ]);
    expect(mineAfterOne.body).toEqual([
      expect.objectContaining({ teamId: second, status: 'left', position: 2 }),
    ]);
    expect(withdrawn.status).toBe(200);
    expect(positions(active.body)).toEqual([[third, 1]]);
    expect(positions(left.body)).toEqual([
      [first, 1],
      [second, 2],
      [fourth, 3],
      [waiting.registered.body.teamId, null],
    ]);
  });

  it('keeps registration to the rules: open seasons, one team per player, the right team size, real partners', async () => {
    const singles = await seasonOf('TENNISSINGLE');
    const padel = await seasonOf('PADEL');
    const closed = await seasonOf('TENNISSINGLE', false);
    const partner = client();
    const partnerAccount = await signedInAccount(partner);
    const incomplete = client();
    await signedInAccount(incomplete, { minimal: false });

    const first = await player(singles.seasonId);
    const twice = await first.http.json<{ error: string }>(
      'POST',
      `${LADDER_API}/seasons/${singles.seasonId}/teams`,
      {},
    );
    const singlesWithPartner = await player(singles.seasonId, { partnerEmail: partnerAccount.email });
    const padelAlone = await player(padel.seasonId);
    // DESIGN.md §9: any address is asked, with or without an account; the team forms when the partner accepts.
    const unknownPartner = await player(padel.seasonId, { partnerEmail: uniqueEmail('ghost') });
    const padelTeam = await player(padel.seasonId, { partnerEmail: partnerAccount.email });
    const beforeAnswer = await padel.manager.json<Team[]>('GET', `${padel.admin}/teams/waitingforapproval`);
    await partner.json('POST', `${LADDER_API}/teams/${padelTeam.registered.body.teamId}/partner`, {
      accept: true,
    });
    const partnerTaken = await player(padel.seasonId, { partnerEmail: partnerAccount.email });
    const partnerAgain = await partner.json<{ error: string }>(
      'POST',
      `${LADDER_API}/seasons/${padel.seasonId}/teams`,
      { partnerEmail: padelTeam.account.email },
    );
    const closedSeason = await player(closed.seasonId);
    const noAccountYet = await incomplete.json('POST', `${LADDER_API}/seasons/${singles.seasonId}/teams`, {});
    const anonymous = await client().json('POST', `${LADDER_API}/seasons/${singles.seasonId}/teams`, {});
    const members = await padel.manager.json<Team[]>('GET', `${padel.admin}/teams/waitingforapproval`);

    expect(first.registered.status).toBe(201);
    expect(twice).toEqual({ status: 409, body: { error: 'You are in a team of this season already' } });
    expect(singlesWithPartner.registered.status).toBe(400);
    expect(padelAlone.registered.status).toBe(400);
    expect(unknownPartner.registered.status).toBe(201);
    expect(padelTeam.registered.status).toBe(201);
    expect(beforeAnswer.body).toEqual([]);
    // Asking someone who is in a team already answers alike: the request is theirs to refuse.
    expect(partnerTaken.registered.status).toBe(201);
    expect(partnerAgain).toEqual({
      status: 409,
      body: { error: 'You are in a team of this season already' },
    });
    expect(closedSeason.registered).toMatchObject({
      status: 409,
      body: { error: 'Registration for this season is closed' },
    });
    expect(noAccountYet.status).toBe(403);
    expect(anonymous.status).toBe(401);
    expect(members.body.map((team) => team.members.map((member) => member.email))).toEqual([
      [padelTeam.account.email, partnerAccount.email],
    ]);
  });

  it('refuses transitions that do not apply and positions outside 1..N', async () => {
    const { manager, admin, seasonId } = await seasonOf();
    const [ann, bob] = [await player(seasonId), await player(seasonId)];
    await manager.json('POST', `${admin}/teams/accept`, { teamId: ann.registered.body.teamId });

    const acceptTwice = await manager.json('POST', `${admin}/teams/accept`, {
      teamId: ann.registered.body.teamId,
    });
    const removeWaiting = await manager.json('DELETE', `${admin}/teams/${bob.registered.body.teamId}`);
    const tooFar = await manager.json<{ issues: Array<{ message: string }> }>(
      'POST',
      `${admin}/teams/position/2`,
      {
        teamId: ann.registered.body.teamId,
      },
    );
    const zero = await manager.json('POST', `${admin}/teams/position/0`, {
      teamId: ann.registered.body.teamId,
    });
    const notANumber = await manager.json('POST', `${admin}/teams/position/first`, {
      teamId: ann.registered.body.teamId,
    });
    const unknownTeam = await manager.json('POST', `${admin}/teams/accept`, {
      teamId: '00000000-0000-4000-8000-000000000000',
    });
    const badBody = await manager.json('POST', `${admin}/teams/accept`, { team: 'x' });

    expect(acceptTwice.status).toBe(409);
    expect(removeWaiting.status).toBe(409);
    expect(tooFar.status).toBe(400);
    expect(tooFar.body.issues[0]!.message).toBe('Choose a position from 1 to 1');
    expect([zero.status, notANumber.status, badBody.status]).toEqual([400, 400, 400]);
    expect(unknownTeam.status).toBe(404);
  });

  it("answers 404 to another company's manager and 401 without a session, on every season-team route", async () => {
    const { admin, seasonId } = await seasonOf();
    const { registered } = await player(seasonId);
    const intruder = client();
    await managerWithCompany(intruder);
    const anonymous = client();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `${admin}/teams/waitingforapproval`],
      ['GET', `${admin}/teams`],
      ['GET', `${admin}/teams/left`],
      ['POST', `${admin}/teams/accept`, { teamId: registered.body.teamId }],
      ['POST', `${admin}/teams/reject`, { teamId: registered.body.teamId }],
      ['DELETE', `${admin}/teams/${registered.body.teamId}`],
      ['POST', `${admin}/teams/position/1`, { teamId: registered.body.teamId }],
    ];
    for (const [method, path, body] of routes) {
      expect([method, path, (await intruder.json(method, path, body)).status]).toEqual([method, path, 404]);
      expect([method, path, (await anonymous.json(method, path, body)).status]).toEqual([method, path, 401]);
    }
  });

  it('tells the season room about new teams and moved positions', async () => {
    const { manager, admin, seasonId } = await seasonOf();
    const live = new LiveClient(courtside.url);
    try {
      await live.connected();
      await live.subscribe(`season:${seasonId}`);
      const { registered } = await player(seasonId);
      await manager.json('POST', `${admin}/teams/accept`, { teamId: registered.body.teamId });

      await eventually(() => live.pushes.length >= 2, { message: 'two season pushes' });
      expect(live.pushes.map((push) => [push.event, push.data])).toEqual([
        ['season.updated', { seasonId, changed: ['teams'] }],
        ['season.updated', { seasonId, changed: ['teams', 'positions'] }],
      ]);
    } finally {
      live.close();
    }
  });

  it('lists ladders with their open seasons for anyone', async () => {
    const { ladderId, seasonId } = await seasonOf('PADEL');
    const ladders = await client().json<
      Array<{ uuid: string; seasons: Array<{ uuid: string }>; company: { name: string } }>
    >('GET', `${LADDER_API}/ladders`);
    const ours = ladders.body.find((ladder) => ladder.uuid === ladderId);
    expect(ours?.seasons.map((season) => season.uuid)).toEqual([seasonId]);
    expect(ours?.company.name).toBe('TC Baseline');
  });
});
