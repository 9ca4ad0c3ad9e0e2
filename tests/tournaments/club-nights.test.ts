import { describe, expect, it, onTestFinished } from 'vitest';
import { TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';

interface Game {
  gameId: string;
  court: number;
  sideA: [string, string];
  sideB: [string, string];
  pointsA?: number;
  pointsB?: number;
}
interface Tournament {
  tournamentId: string;
  name: string;
  status: string;
  entrants: number;
  entries: Array<{ entryId: string; members: Array<{ playerId: string; name: string }>; seed?: number }>;
  rounds?: Array<{ round: number; games: Game[]; sittingOut: string[] }>;
  leaderboard?: Array<{
    playerId: string;
    name: string;
    played: number;
    points: number;
    perGame: number;
    won: number;
  }>;
  reason?: string;
}

const nightBody = (format: 'AMERICANO' | 'MEXICANO', more: object = {}) => ({
  name: 'Friday padel night',
  format,
  sportsCategory: 'PADEL',
  startsAt: '2026-12-04T19:30',
  entries: 'OPEN',
  maxEntrants: 8,
  courts: 1,
  ...more,
});

/** DESIGN.md §16 club nights over HTTP: create, enter, draw, results, late arrival, next round, finish, delete. */
describe('club nights', () => {
  const courtside = courtsideForTests();

  async function clubWithManager() {
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Padel Club North');
    const create = (body: object) =>
      manager.json<{ tournamentId: string }>(
        'POST',
        `${TOURNAMENT_ADMIN_API}/companies/${company.id}/tournaments`,
        body,
      );
    return { manager, company, create };
  }
  const players = (names: string[]) => Promise.all(names.map((name) => signedInPerson(courtside.url, name)));
  const detail = async (tournamentId: string) =>
    (
      await new HttpClient(courtside.url).json<Tournament>(
        'GET',
        `${TOURNAMENT_API}/tournaments/${tournamentId}`,
      )
    ).body;

  it('runs an Americano: entries and their refusals, the draw, results, a late arrival, the live room, finish', async () => {
    const { manager, company, create } = await clubWithManager();
    const bad = await create(nightBody('AMERICANO', { pointsPerGame: 25, maxEntrants: 200 }));
    expect(bad.status).toBe(400);
    const created = await create(nightBody('AMERICANO', { maxEntrants: 5 }));
    expect(created.status).toBe(201);
    const { tournamentId } = created.body;
    const path = `${TOURNAMENT_API}/tournaments/${tournamentId}`;
    const admin = `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}`;

    // Another club's manager: the manager routes answer 404, as for a tournament that does not exist.
    const stranger = courtside.client();
    await managerWithCompany(stranger, 'Other Club');
    expect((await stranger.json('POST', `${admin}/draw`, { seeding: 'ENTRY' })).status).toBe(404);
    expect((await stranger.json('DELETE', admin)).status).toBe(404);
    expect(
      (await manager.json('GET', `${TOURNAMENT_API}/tournaments/00000000-0000-4000-8000-000000000000`))
        .status,
    ).toBe(404);

    const list = await new HttpClient(courtside.url).json<Array<Record<string, unknown>>>(
      'GET',
      `${TOURNAMENT_API}/tournaments?companyId=${company.id}`,
    );
    expect(list.body).toEqual([
      {
        tournamentId,
        companyId: company.id,
        name: 'Friday padel night',
        format: 'AMERICANO',
        sportsCategory: 'PADEL',
        startsAt: '2026-12-04T19:30',
        status: 'entry',
        entrants: 0,
      },
    ]);

    const [ann, bo, cy, di, ed] = await players(['Ann Ace', 'Bo Break', 'Cy Court', 'Di Drop', 'Ed Edge']);
    const enter = (person: { http: HttpClient }) =>
      person.http.json<{ entryId: string; reason?: string }>('POST', `${path}/entries`, {});
    expect((await new HttpClient(courtside.url).json('POST', `${path}/entries`, {})).status).toBe(401);
    for (const person of [ann, bo, cy]) expect((await enter(person!)).status).toBe(201);
    expect(await enter(ann!)).toMatchObject({ status: 409, body: { reason: 'ENTERED' } });
    expect((await manager.json<Tournament>('POST', `${admin}/draw`, { seeding: 'ENTRY' })).body.reason).toBe(
      'TOO_FEW',
    );
    expect((await enter(di!)).status).toBe(201);

    const live = new LiveClient(courtside.url);
    onTestFinished(() => live.close());
    await live.connected();
    expect(await live.subscribe(`tournament:${tournamentId}`)).toMatchObject({ ok: true });

    const drawn = await manager.json<Tournament>('POST', `${admin}/draw`, { seeding: 'ENTRY' });
    expect(drawn.status).toBe(201);
    expect(drawn.body.status).toBe('running');
    expect(drawn.body.rounds!.map((round) => round.round)).toEqual([1, 2, 3]);
    expect(drawn.body.entries.map((entry) => entry.seed)).toEqual([1, 2, 3, 4]);
    // Four players, three rounds: everyone partners everyone once.
    const pairs = drawn.body.rounds!.flatMap((round) =>
      round.games.flatMap((game) => [[...game.sideA].sort().join(), [...game.sideB].sort().join()]),
    );
    expect(new Set(pairs).size).toBe(6);
    expect(await enter(ed!)).toMatchObject({ status: 409, body: { reason: 'CLOSED' } });
    await eventually(
      () =>
        live.pushes.some(
          (push) =>
            push.event === 'tournament.updated' &&
            (push.data as { changed: string[] }).changed.includes('round'),
        ),
      { message: 'the round push' },
    );
    // The draw and its three rounds are one batch of the projector: one push names what all of them changed.
    const tournamentPushes = () => live.pushes.filter((push) => push.event === 'tournament.updated');
    expect(tournamentPushes().map((push) => push.data)).toEqual([
      { tournamentId, changed: ['draw', 'round'] },
    ]);
    const drawnAt = tournamentPushes()[0]!.cursor!;

    // A result: entered by a player of the game; the points add up to pointsPerGame.
    const game = drawn.body.rounds![0]!.games[0]!;
    const gamePath = `${path}/games/${game.gameId}`;
    const annInGame = [...game.sideA, ...game.sideB].includes(ann!.account.id);
    expect(annInGame).toBe(true);
    expect((await ann!.http.json('PUT', gamePath, { pointsA: 13, pointsB: 12 })).status).toBe(400);
    expect((await ed!.http.json('PUT', gamePath, { pointsA: 14, pointsB: 10 })).status).toBe(403);
    const scored = await ann!.http.json<Game>('PUT', gamePath, { pointsA: 14, pointsB: 10 });
    expect(scored).toMatchObject({ status: 200, body: { gameId: game.gameId, pointsA: 14, pointsB: 10 } });
    // A result alone in its batch still pushes, the next position in the room.
    await eventually(() => expect(tournamentPushes()).toHaveLength(2), { message: 'the result’s push' });
    expect(tournamentPushes()[1]).toMatchObject({
      data: { tournamentId, changed: ['game', 'leaderboard'] },
      cursor: drawnAt + 1,
    });
    const board = (await detail(tournamentId)).leaderboard!;
    expect(
      board
        .slice(0, 2)
        .map((row) => row.playerId)
        .sort(),
    ).toEqual([...game.sideA].sort());
    expect(board[0]).toMatchObject({ played: 1, points: 14, perGame: 14, won: 1 });
    expect(board[3]).toMatchObject({ played: 1, points: 10, won: 0 });

    // A late arrival, added by a manager: plays from round 2, the later rounds made again with one sitting out.
    expect((await stranger.json('POST', `${admin}/entries`, { accountId: ed!.account.id })).status).toBe(404);
    const late = await manager.json('POST', `${admin}/entries`, { accountId: ed!.account.id });
    expect(late.status).toBe(201);
    const after = await detail(tournamentId);
    expect(after.entrants).toBe(5);
    expect(after.rounds![0]).toEqual(
      drawn.body.rounds![0] && { ...drawn.body.rounds![0], games: [{ ...game, pointsA: 14, pointsB: 10 }] },
    );
    for (const round of after.rounds!.slice(1)) expect(round.sittingOut).toHaveLength(1);
    expect(
      after
        .rounds!.slice(1)
        .some((round) => round.games.some((g) => [...g.sideA, ...g.sideB].includes(ed!.account.id))),
    ).toBe(true);
    expect(after.leaderboard!.find((row) => row.playerId === ed!.account.id)).toMatchObject({
      played: 0,
      perGame: 0,
    });

    // After the draw: no withdrawal, no deletion; finishing keeps the leaderboard.
    const annEntry = after.entries.find((entry) => entry.members[0]!.playerId === ann!.account.id)!;
    expect(await ann!.http.json('DELETE', `${path}/entries/${annEntry.entryId}`)).toMatchObject({
      status: 409,
      body: { reason: 'CLOSED' },
    });
    expect(await manager.json('DELETE', admin)).toMatchObject({ status: 409, body: { reason: 'CLOSED' } });
    const finished = await manager.json<Tournament>('POST', `${admin}/finish`);
    expect(finished.status).toBe(200);
    expect(finished.body.status).toBe('finished');
    expect(finished.body.leaderboard).toEqual(after.leaderboard);
    expect((await ann!.http.json('PUT', gamePath, { pointsA: 12, pointsB: 12 })).body).toMatchObject({
      reason: 'CLOSED',
    });
  });

  it('runs a Mexicano entered by a manager: FULL, CLOSED, withdraw, next round, ROUND_OPEN and ROUND_CLOSED; deletes before a draw', async () => {
    const { manager, company, create } = await clubWithManager();
    const created = await create(nightBody('MEXICANO', { entries: 'MANAGER', maxEntrants: 4 }));
    expect(created.status).toBe(201);
    const { tournamentId } = created.body;
    const path = `${TOURNAMENT_API}/tournaments/${tournamentId}`;
    const admin = `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}`;
    const people = await players(['Fay Fault', 'Gus Game', 'Hal Hold', 'Ivy Inside', 'Jo Joker']);
    expect(await people[0]!.http.json('POST', `${path}/entries`, {})).toMatchObject({
      status: 409,
      body: { reason: 'CLOSED' },
    });
    const entryIds: string[] = [];
    for (const person of people.slice(0, 4)) {
      const added = await manager.json<{ entryId: string }>('POST', `${admin}/entries`, {
        accountId: person.account.id,
      });
      expect(added.status).toBe(201);
      entryIds.push(added.body.entryId);
    }
    expect(
      await manager.json('POST', `${admin}/entries`, { accountId: people[4]!.account.id }),
    ).toMatchObject({
      status: 409,
      body: { reason: 'FULL' },
    });
    expect(
      (await manager.json('POST', `${admin}/entries`, { accountId: '00000000-0000-4000-8000-000000000000' }))
        .status,
    ).toBe(404);
    // A member withdraws (another player may not), and the fifth takes the place.
    expect((await people[1]!.http.json('DELETE', `${path}/entries/${entryIds[0]}`)).status).toBe(403);
    expect((await people[0]!.http.json('DELETE', `${path}/entries/${entryIds[0]}`)).status).toBe(204);
    expect(
      (await manager.json('POST', `${admin}/entries`, { accountId: people[4]!.account.id })).status,
    ).toBe(201);

    const drawn = await manager.json<Tournament>('POST', `${admin}/draw`, { seeding: 'RATING' });
    expect(drawn.status).toBe(201);
    expect(drawn.body.rounds).toHaveLength(1);
    const first = drawn.body.rounds![0]!.games[0]!;
    expect(await manager.json('POST', `${admin}/rounds`)).toMatchObject({
      status: 409,
      body: { reason: 'ROUND_OPEN' },
    });
    expect(
      (await manager.json('PUT', `${path}/games/${first.gameId}`, { pointsA: 20, pointsB: 4 })).status,
    ).toBe(200);
    // A draw again is refused once a result exists.
    expect(await manager.json('POST', `${admin}/draw`, { seeding: 'ENTRY' })).toMatchObject({
      status: 409,
      body: { reason: 'HAS_RESULTS' },
    });
    expect(await manager.json('POST', `${admin}/rounds`)).toMatchObject({ status: 201, body: { round: 2 } });
    const second = await detail(tournamentId);
    expect(second.rounds!.map((round) => round.round)).toEqual([1, 2]);
    // Round 2 from the leaderboard: 1st and 4th against 2nd and 3rd.
    const ranked = second.leaderboard!.map((row) => row.playerId);
    const game2 = second.rounds![1]!.games[0]!;
    expect([[...game2.sideA].sort(), [...game2.sideB].sort()]).toContainEqual([ranked[0], ranked[3]].sort());
    expect(
      await manager.json('PUT', `${path}/games/${first.gameId}`, { pointsA: 12, pointsB: 12 }),
    ).toMatchObject({
      status: 409,
      body: { reason: 'ROUND_CLOSED' },
    });

    // Another tournament, deleted before its draw: gone from the list and the detail.
    const spare = await create(nightBody('AMERICANO', { name: 'Spare night' }));
    expect(
      (await manager.json('DELETE', `${TOURNAMENT_ADMIN_API}/tournaments/${spare.body.tournamentId}`)).status,
    ).toBe(204);
    expect(
      (await manager.json('GET', `${TOURNAMENT_API}/tournaments/${spare.body.tournamentId}`)).status,
    ).toBe(404);
    const list = await manager.json<Array<{ tournamentId: string }>>(
      'GET',
      `${TOURNAMENT_API}/tournaments?companyId=${company.id}`,
    );
    expect(list.body.map((row) => row.tournamentId)).toEqual([tournamentId]);
    expect(
      (
        await manager.json(
          'GET',
          `${TOURNAMENT_API}/tournaments?companyId=00000000-0000-4000-8000-000000000000`,
        )
      ).status,
    ).toBe(404);
  });
});
