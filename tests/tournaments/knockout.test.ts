import { describe, expect, it, onTestFinished } from 'vitest';
import { TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { enteredTournament } from '../support/club.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';

interface Tournament {
  status: string;
  entries: Array<{ entryId: string; seed?: number }>;
  draw?: { rounds: Array<{ round: number; matchIds: string[] }>; plate?: { rounds: unknown[] } };
  rounds?: unknown;
  reason?: string;
}

/** DESIGN.md §16 knockout over HTTP, as far as it is built: entries, TOO_FEW, the bracket with its byes. */
describe('knockout tournaments', () => {
  const courtside = courtsideForTests();

  it('refuses a draw under two sides, draws five singles sides into eight places with byes for the top seeds', async () => {
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Tennis Club South');
    const created = await manager.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${company.id}/tournaments`,
      {
        name: 'Club championship',
        format: 'KNOCKOUT',
        sportsCategory: 'TENNISSINGLE',
        startsAt: '2026-12-12T10:00',
        entries: 'OPEN',
        maxEntrants: 16,
      },
    );
    expect(created.status).toBe(201);
    const { tournamentId } = created.body;
    const path = `${TOURNAMENT_API}/tournaments/${tournamentId}`;
    const draw = `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`;
    expect(await manager.json('POST', draw, { seeding: 'ENTRY' })).toMatchObject({
      status: 409,
      body: { reason: 'TOO_FEW' },
    });
    const players = await Promise.all(
      ['Ann Ace', 'Bo Break', 'Cy Court', 'Di Drop', 'Ed Edge'].map((name) =>
        signedInPerson(courtside.url, name),
      ),
    );
    expect((await players[0]!.http.json('POST', `${path}/entries`, {})).status).toBe(201);
    expect(await manager.json('POST', draw, { seeding: 'ENTRY' })).toMatchObject({
      status: 409,
      body: { reason: 'TOO_FEW' },
    });
    for (const player of players.slice(1))
      expect((await player.http.json('POST', `${path}/entries`, {})).status).toBe(201);
    // A manual order must name every entry once.
    expect((await manager.json('POST', draw, { seeding: 'MANUAL', order: [] })).status).toBe(400);

    const drawn = await manager.json<Tournament>('POST', draw, { seeding: 'ENTRY' });
    expect(drawn.status).toBe(201);
    expect(drawn.body.status).toBe('running');
    expect(drawn.body.rounds).toBeUndefined();
    expect(drawn.body.entries.map((entry) => entry.seed)).toEqual([1, 2, 3, 4, 5]);
    // Eight places: seeds 1–3 have byes (no match), so round 1 is the one match of 4 against 5.
    expect(drawn.body.draw!.rounds.map(({ round, matchIds }) => [round, matchIds.length])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
    expect(drawn.body.draw!.plate).toBeUndefined();
  });

  it('pushes one tournament.updated to its room for a draw of sixteen and its eight matches, and for a new draw', async () => {
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Tennis Club North');
    const players = await Promise.all(
      Array.from({ length: 16 }, (_, index) => signedInPerson(courtside.url, `Player ${index + 1}`)),
    );
    const tournamentId = await enteredTournament(
      manager,
      company.id,
      { name: 'Spring cup', format: 'KNOCKOUT', sportsCategory: 'TENNISSINGLE', maxEntrants: 16 },
      players,
    );
    const room = `tournament:${tournamentId}`;
    const watcher = new LiveClient(courtside.url);
    onTestFinished(() => watcher.close());
    await watcher.connected();
    const before = (await watcher.subscribe(room)) as { ok: boolean; cursor: number };
    expect(before).toMatchObject({ ok: true, cursor: expect.any(Number) });

    // The draw and its eight round-1 matches, one batch: one push at the room's next position.
    const draw = () =>
      manager.json<Tournament>('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`, {
        seeding: 'ENTRY',
      });
    const drawn = await draw();
    expect(drawn.body.draw!.rounds[0]!.matchIds).toHaveLength(8);
    const pushed = () => watcher.pushes.filter((push) => push.event === 'tournament.updated');
    await eventually(() => pushed().length > 0, { message: 'the draw’s push' });
    // A viewer back from a lost connection is told what it missed: the same single push, at the same cursor.
    const returning = async (since: number) => {
      const client = new LiveClient(courtside.url);
      onTestFinished(() => client.close());
      await client.connected();
      const ack = (await client.subscribe(room, since)) as { ok: boolean; cursor: number; resync?: boolean };
      return { ack, pushes: client.pushes.map(({ data, cursor }) => ({ data, cursor })) };
    };
    const drawPush = { data: { tournamentId, changed: ['draw'] }, cursor: before.cursor + 1 };
    expect(await returning(before.cursor)).toEqual({
      ack: { ok: true, cursor: before.cursor + 1 },
      pushes: [drawPush],
    });

    // A new draw cancels the eight matches and makes eight new ones: again one push.
    expect((await draw()).status).toBe(201);
    await eventually(() => pushed().length > 1, { message: 'the new draw’s push' });
    expect(await returning(before.cursor + 1)).toEqual({
      ack: { ok: true, cursor: before.cursor + 2 },
      pushes: [{ ...drawPush, cursor: before.cursor + 2 }],
    });
    expect(pushed().map(({ data, cursor }) => ({ data, cursor }))).toEqual([
      drawPush,
      { ...drawPush, cursor: before.cursor + 2 },
    ]);
  });

  it('refuses a doubles knockout’s entry of one player (a partner is named by email: entries-by-email.test.ts)', async () => {
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Padel Club East');
    const created = await manager.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${company.id}/tournaments`,
      {
        name: 'Doubles cup',
        format: 'KNOCKOUT',
        sportsCategory: 'PADEL',
        startsAt: '2026-12-12T10:00',
        entries: 'OPEN',
        maxEntrants: 8,
        plate: true,
      },
    );
    const path = `${TOURNAMENT_API}/tournaments/${created.body.tournamentId}`;
    const player = await signedInPerson(courtside.url, 'Gus Game');
    // A doubles side is two players: alone it is refused.
    expect((await player.http.json('POST', `${path}/entries`, {})).status).toBe(400);
  });
});
