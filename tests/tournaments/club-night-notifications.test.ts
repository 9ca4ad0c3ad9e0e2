import { describe, expect, it } from 'vitest';
import { TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { notificationOf } from '../support/notifications.ts';

/** DESIGN.md §16 notifications of a club night: the draw tells each player their court, a Mexicano's next round too. */
describe('club night notifications', () => {
  const courtside = courtsideForTests({ runNotifier: true, reminderIntervalMs: 3_600_000 });

  it('tells each player their court and partner at the draw (tournament.drawn) and at a Mexicano’s next round (tournament.round)', async () => {
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Padel Club West');
    const created = await manager.json<{ tournamentId: string }>(
      'POST',
      `${TOURNAMENT_ADMIN_API}/companies/${company.id}/tournaments`,
      {
        name: 'Thursday Mexicano',
        format: 'MEXICANO',
        sportsCategory: 'PADEL',
        startsAt: '2026-12-03T20:00',
        entries: 'OPEN',
        maxEntrants: 8,
      },
    );
    const { tournamentId } = created.body;
    const players = await Promise.all(
      ['Ann Ace', 'Bo Break', 'Cy Court', 'Di Drop', 'Ed Edge'].map((name) =>
        signedInPerson(courtside.url, name),
      ),
    );
    for (const player of players)
      expect(
        (await player.http.json('POST', `${TOURNAMENT_API}/tournaments/${tournamentId}/entries`, {})).status,
      ).toBe(201);
    const admin = `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}`;
    const drawn = await manager.json<{
      rounds: Array<{
        games: Array<{ gameId: string; court: number; sideA: string[]; sideB: string[] }>;
        sittingOut: string[];
      }>;
    }>('POST', `${admin}/draw`, { seeding: 'ENTRY' });
    expect(drawn.status).toBe(201);
    const until = notificationOf;
    const [game] = drawn.body.rounds[0]!.games;
    const nameOf = (id: string) =>
      ['Ann Ace', 'Bo Break', 'Cy Court', 'Di Drop', 'Ed Edge'][
        players.findIndex((p) => p.account.id === id)
      ]!;
    const first = game!.sideA[0]!;
    const firstPlayer = players.find((p) => p.account.id === first)!;
    expect(await until(firstPlayer.http, 'tournament.drawn')).toEqual({
      kind: 'tournament.drawn',
      title: 'Thursday Mexicano: round 1 on court 1',
      body: `With ${nameOf(game!.sideA[1]!)}, against ${nameOf(game!.sideB[0]!)} and ${nameOf(game!.sideB[1]!)}.`,
      url: `/webapps/tournaments/en/${tournamentId}`,
      id: expect.any(String),
      createdAt: expect.any(String),
      readAt: null,
    });
    const resting = players.find((p) => p.account.id === drawn.body.rounds[0]!.sittingOut[0])!;
    expect((await until(resting.http, 'tournament.drawn')).title).toBe(
      'Thursday Mexicano: you sit out round 1',
    );

    expect(
      (
        await manager.json('PUT', `${TOURNAMENT_API}/tournaments/${tournamentId}/games/${game!.gameId}`, {
          pointsA: 14,
          pointsB: 10,
        })
      ).status,
    ).toBe(200);
    expect(await manager.json('POST', `${admin}/rounds`)).toMatchObject({ status: 201, body: { round: 2 } });
    // The one who sat out plays round 2.
    expect((await until(resting.http, 'tournament.round')).title).toBe(
      'Thursday Mexicano: round 2 on court 1',
    );
  });
});
