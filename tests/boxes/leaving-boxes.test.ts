import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { PASSWORD } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { sentUntilTaken } from '../support/wait.ts';
import { seasonWithTeams, winterSeason } from '../support/ladder-setup.ts';

interface Box {
  number: number;
  rows: Array<{
    teamId: string;
    left: boolean;
    members: Array<{ playerId: string; fullName: string }>;
    played: number;
    won: number;
    lost: number;
    points: number;
  }>;
  matches: Array<{ matchId: string; defenderId: string; challengerId: string; status: string }>;
}
const sets = (...scores: number[]) => ({ matchSets: scores.map((score) => ({ score })), special: 'none' });

/**
 * DESIGN.md §19 "Box seasons": a team that leaves after the draw (removed by a manager, left by its player, or
 * erased with its player's account) leaves its box: its matches without a result are cancelled, its played results
 * stay in the others' rows, and its own row stays at the bottom marked as left. Over HTTP, with the real log.
 */
describe('a team that leaves a box season after the draw', () => {
  const courtside = courtsideForTests({ log: 'kafka' });

  it('removed, left or erased: its unplayed matches are cancelled, its row goes to the bottom marked as left', async () => {
    const url = courtside.url;
    const { manager, company, ladderId, seasonId, teams } = await seasonWithTeams(url, 12);
    const ids = teams.map((team) => team.teamId);
    const accepted = async (send: () => Promise<{ status: number; body: unknown }>) => {
      const answer = await sentUntilTaken(send);
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
      return answer;
    };
    await accepted(() =>
      manager.json('PUT', `${ADMIN_API}/companies/${company.id}/ladders/${ladderId}/seasons`, {
        uuid: seasonId,
        ...winterSeason(),
        format: 'BOX',
        box: { size: 4 },
      }),
    );
    await accepted(() =>
      manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/boxes/draw`, { by: 'POSITION' }),
    );
    const boxes = async () =>
      (await new HttpClient(url).json<Box[]>('GET', `${LADDER_API}/seasons/${seasonId}/boxes`)).body;
    const drawn = await boxes();
    expect(drawn.map((box) => box.rows.map((row) => row.teamId).sort())).toEqual([
      ids.slice(0, 4).sort(),
      ids.slice(4, 8).sort(),
      ids.slice(8).sort(),
    ]);
    const status = async (matchId: string) =>
      (await manager.json<{ status: string }>('GET', `${MATCHES_API}/matches/${matchId}`)).body.status;
    const matchOf = (box: Box, a: string, b: string) =>
      box.matches.find(
        (match) => [match.defenderId, match.challengerId].sort().join() === [a, b].sort().join(),
      )!;
    const save = async (matchId: string, defender: unknown, challenger: unknown) => {
      const match = await manager.json<object>('GET', `${MATCHES_API}/matches/${matchId}`);
      await accepted(() =>
        manager.json('PUT', `${MATCHES_API}/matches`, { ...match.body, defender, challenger }),
      );
    };

    // Box 1: the first side beats the second (a manager's result counts at once), then a manager removes it.
    const [first, second, third, fourth] = ids.slice(0, 4) as [string, string, string, string];
    await save(matchOf(drawn[0]!, first, second).matchId, sets(6, 6), sets(1, 2));
    await accepted(() => manager.json('DELETE', `${ADMIN_API}/seasons/${seasonId}/teams/${first}`));
    // Box 2: its fifth side's player leaves the season (no result: all three of its matches go).
    const leaver = teams[4]!;
    await accepted(() =>
      leaver.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${leaver.teamId}`),
    );
    // Box 3: the ninth side's player deletes their account.
    const erased = teams[8]!;
    await accepted(() => erased.http.json('DELETE', `${ACCOUNT_API}/account`, { currentPassword: PASSWORD }));

    const after = await boxes();
    // Box 1: the removed side's played result stays (its opponent's row keeps the loss), the rest are cancelled.
    const box1 = after[0]!;
    expect(box1.rows.map((row) => [row.teamId, row.left])).toEqual([
      [second, false],
      [third, false],
      [fourth, false],
      [first, true],
    ]);
    expect(box1.rows.find((row) => row.teamId === second)).toMatchObject({ played: 1, lost: 1, points: 1 });
    expect(box1.rows.at(-1)).toMatchObject({ played: 1, won: 1, points: 3 });
    expect(await status(matchOf(box1, first, second).matchId)).toBe('completed');
    for (const other of [third, fourth]) {
      expect(matchOf(box1, first, other).status).toBe('cancelled');
      expect(await status(matchOf(box1, first, other).matchId)).toBe('cancelled');
    }
    expect(box1.matches.filter((match) => match.status === 'planned')).toHaveLength(3);

    // Box 2 (left) and box 3 (erased): the side at the bottom marked as left, its three matches cancelled, the
    // others' untouched.
    for (const [box, side] of [
      [after[1]!, leaver.teamId],
      [after[2]!, erased.teamId],
    ] as const) {
      expect(box.rows.at(-1)).toMatchObject({ teamId: side, left: true, played: 0 });
      expect(box.rows.filter((row) => row.left)).toHaveLength(1);
      const own = box.matches.filter((match) => [match.defenderId, match.challengerId].includes(side));
      expect(own.map((match) => match.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
      expect(box.matches.filter((match) => match.status === 'planned')).toHaveLength(3);
    }
    // The erased player's row names a former player, and still links to their (public) page.
    expect(after[2]!.rows.at(-1)!.members).toEqual([
      { playerId: erased.account.id, fullName: 'Former player' },
    ]);
    expect(after[1]!.rows.at(-1)!.members[0]!.playerId).toBe(leaver.account.id);
  });
});
