import { describe, expect, it, onTestFinished } from 'vitest';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForTests } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';
import { day, managerWithSeason, seasonWithTeams, winterSeason } from '../support/ladder-setup.ts';

interface Box {
  boxId: string;
  number: number;
  closedInto: string | null;
  rows: Array<{
    teamId: string;
    members: Array<{ fullName: string }>;
    played: number;
    points: number;
    movement: string | null;
    cameFrom: { seasonId: string; box: number | null; movement: string | null } | null;
  }>;
  matchIds: string[];
  matches: Array<{
    matchId: string;
    status: string;
    score: string;
    winnerId: string | null;
    counts: boolean;
  }>;
}
interface Drawn {
  boxes: Array<{ boxId: string; number: number; teamIds: string[] }>;
  reason?: string;
}
const winter = winterSeason();
const sets = (...scores: number[]) => ({ matchSets: scores.map((score) => ({ score })), special: 'none' });

/** DESIGN.md §12 box leagues: the draw, the tables, the close, and what a box season refuses. */
describe('box leagues', () => {
  const courtside = courtsideForTests({ log: 'kafka' });

  it('draws 9 sides in boxes of 4 as 5 and 4, tables a result, refuses a new draw and a format change, closes into the next season', async () => {
    const url = courtside.url;
    const { manager, company, ladderId, seasonId, teams } = await seasonWithTeams(url, 9);
    const ids = teams.map((team) => team.teamId);
    const seasonsPath = `${ADMIN_API}/companies/${company.id}/ladders/${ladderId}/seasons`;
    const drawPath = `${ADMIN_API}/seasons/${seasonId}/boxes/draw`;
    const closePath = `${ADMIN_API}/seasons/${seasonId}/boxes/close`;
    const boxes = async () =>
      (await new HttpClient(url).json<Box[]>('GET', `${LADDER_API}/seasons/${seasonId}/boxes`)).body;

    // Before: a ladder season with the default box settings; a draw is refused, the tables are empty.
    const before = await manager.json<{ format: string; box: object }>('GET', `${seasonsPath}/${seasonId}`);
    expect(before.body).toMatchObject({
      format: 'LADDER',
      box: { size: 5, pointsWin: 3, pointsPlayed: 1, promote: 1, relegate: 1 },
    });
    expect((await manager.json<Drawn>('POST', drawPath, { by: 'POSITION' })).body.reason).toBe('NOT_BOX');
    expect(await boxes()).toEqual([]);
    const anyone = new HttpClient(url);
    expect(
      (await anyone.json('GET', `${LADDER_API}/seasons/00000000-0000-4000-8000-000000000000/boxes`)).status,
    ).toBe(404);
    expect((await anyone.json('GET', `${LADDER_API}/seasons/not-a-season/boxes`)).status).toBe(400);

    // Bad bodies: 400 with what was wrong.
    const badSize = await manager.json<{ errors?: unknown }>('PUT', seasonsPath, {
      uuid: seasonId,
      ...winter,
      format: 'BOX',
      box: { size: 9 },
    });
    expect(badSize.status).toBe(400);
    expect(JSON.stringify(badSize.body)).toContain('size');
    const badFormat = await manager.json('PUT', seasonsPath, { uuid: seasonId, ...winter, format: 'ROUND' });
    expect(badFormat.status).toBe(400);
    expect((await manager.json('POST', drawPath, { by: 'AGE' })).status).toBe(400);
    expect((await manager.json('POST', drawPath, {})).status).toBe(400);
    expect((await manager.json('POST', closePath, { nextSeasonId: 'next' })).status).toBe(400);

    const changed = await manager.json<{ format: string; box: { size: number; promote: number } }>(
      'PUT',
      seasonsPath,
      { uuid: seasonId, ...winter, format: 'BOX', box: { size: 4 } },
    );
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ format: 'BOX', box: { size: 4, promote: 1 } });

    // Challenges are off in a box season.
    const challenge = await teams[1]!.http.json<{ reason?: string }>(
      'POST',
      `${LADDER_API}/seasons/${seasonId}/challenges`,
      { defenderTeamId: ids[0] },
    );
    expect(challenge.status).toBe(409);
    expect(challenge.body.reason).toBe('CHALLENGES_OFF');

    // Another club's manager does not see the season.
    const stranger = await managerWithSeason(url, { companyName: 'Other Club' });
    expect((await stranger.manager.json('POST', drawPath, { by: 'POSITION' })).status).toBe(404);

    // The season room hears of the boxes: after a draw, and after a box match's result.
    const live = new LiveClient(url);
    onTestFinished(() => live.close());
    await live.connected();
    await live.subscribe(`season:${seasonId}`);
    const boxPushes = (client = live) =>
      client.pushes.filter(
        (push) =>
          push.event === 'season.updated' && (push.data as { changed: string[] }).changed.includes('boxes'),
      ).length;

    // The draw: 5 and 4 (not 4, 4 and 1), every pairing a planned match; a new draw replaces them.
    const first = await manager.json<Drawn>('POST', drawPath, { by: 'POSITION' });
    expect(first.status).toBe(201);
    expect(first.body.boxes.map((box) => box.teamIds)).toEqual([ids.slice(0, 5), ids.slice(5)]);
    await eventually(() => boxPushes() === 1, { message: 'a boxes push after the draw' });
    const firstIds = (await boxes()).flatMap((box) => box.matchIds);
    const firstMatch = firstIds[0]!;
    const drawn = await manager.json<Drawn>('POST', drawPath, { by: 'POSITION' });
    expect(drawn.status).toBe(201);
    const tables = await boxes();
    expect(tables.map((box) => [box.number, box.matchIds.length])).toEqual([
      [1, 10],
      [2, 6],
    ]);
    expect(tables[0]!.matchIds).not.toContain(firstMatch);
    // Each match event's push carries its own match as that event left it (read once per run of them, in a batch):
    // the first draw's matches planned, then the re-draw's cancellations, then its new matches planned, in order.
    const newIds = tables.flatMap((box) => box.matchIds);
    const matchPushes = () =>
      live.pushes
        .filter((push) => push.event === 'match.updated')
        .map((push) => (push.data as { match: { id: string; status: string } }).match);
    await eventually(() => matchPushes().length === 48, { message: 'a push per match event' });
    const pushed = matchPushes();
    expect(pushed.slice(0, 16)).toEqual(
      firstIds.map((id) => expect.objectContaining({ id, status: 'planned' })),
    );
    expect(pushed.slice(16, 32).map((match) => match.status)).toEqual(Array(16).fill('cancelled'));
    expect(
      pushed
        .slice(16, 32)
        .map((match) => match.id)
        .sort(),
    ).toEqual([...firstIds].sort());
    expect(pushed.slice(32)).toEqual(newIds.map((id) => expect.objectContaining({ id, status: 'planned' })));
    expect(
      (await manager.json<{ status: string }>('GET', `${MATCHES_API}/matches/${firstMatch}`)).body.status,
    ).toBe('cancelled');
    expect(tables[1]!.rows.every((row) => row.played === 0 && row.members.length === 1)).toBe(true);

    // The format is fixed now that the season has matches.
    const fixed = await manager.json<{ reason?: string }>('PUT', seasonsPath, {
      uuid: seasonId,
      ...winter,
      format: 'LADDER',
    });
    expect(fixed.status).toBe(409);
    expect(fixed.body.reason).toBe('HAS_MATCHES');

    // The last of box 2 beats its first: top of the table with 3 points, the loser 1; nobody moves on the ladder.
    const match = await manager.json<{ defender: { teamId: string }; challenger: { teamId: string } }>(
      'GET',
      `${MATCHES_API}/matches/${tables[1]!.matchIds[2]!}`,
    );
    expect([match.body.defender.teamId, match.body.challenger.teamId]).toEqual([ids[5], ids[8]]);
    live.close();
    const afterDraw = new LiveClient(url);
    onTestFinished(() => afterDraw.close());
    await afterDraw.connected();
    await afterDraw.subscribe(`season:${seasonId}`);
    const saved = await manager.json('PUT', `${MATCHES_API}/matches`, {
      ...match.body,
      defender: sets(2, 3),
      challenger: sets(6, 6),
    });
    expect(saved.status).toBe(200);
    await eventually(() => boxPushes(afterDraw) > 0, { message: 'a boxes push after the result' });
    const box2 = (await boxes())[1]!;
    expect(box2.rows.map((row) => [row.teamId, row.played, row.points])).toEqual([
      [ids[8], 1, 3],
      [ids[5], 1, 1],
      [ids[6], 0, 0],
      [ids[7], 0, 0],
    ]);
    expect(box2.matches.find((one) => one.matchId === box2.matchIds[2])).toEqual({
      matchId: box2.matchIds[2],
      defenderId: ids[5],
      challengerId: ids[8],
      status: 'completed',
      winnerId: ids[8],
      score: '2-6 3-6',
      counts: true,
    });
    expect(box2.matches.filter((one) => one.status === 'planned')).toHaveLength(5);
    expect(box2.rows[0]).toMatchObject({ won: 1, setsFor: 2, setsAgainst: 0, gamesFor: 12, gamesAgainst: 5 });
    const positions = await manager.json<Array<{ teamId: string }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/teams`,
    );
    expect(positions.body.map((team) => team.teamId)).toEqual(ids);

    const again = await manager.json<Drawn>('POST', drawPath, { by: 'RATING' });
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('HAS_RESULTS');

    // Close: not into another ladder's season; into the next one, box 2's winner up, box 1's last down.
    const otherLadder = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders`,
      {
        name: 'Other Ladder',
        email: 'other@club.test',
        sportsCategory: 'TENNISSINGLE',
      },
    );
    const elsewhere = await manager.json<{ uuid: string }>(
      'POST',
      `${ADMIN_API}/companies/${company.id}/ladders/${otherLadder.body.uuid}/seasons`,
      { ...winter, name: 'Elsewhere', startDate: day(100), endDate: day(200) },
    );
    const wrong = await manager.json<{ reason?: string }>('POST', closePath, {
      nextSeasonId: elsewhere.body.uuid,
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.reason).toBe('NOT_NEXT_SEASON');
    const next = await manager.json<{ uuid: string }>('POST', seasonsPath, {
      ...winter,
      name: 'Spring',
      startDate: day(100),
      endDate: day(200),
      format: 'BOX',
    });
    // Before the close nobody moved, and no side came from anywhere.
    expect((await boxes()).flatMap((box) => box.rows.map((row) => [row.movement, row.cameFrom]))).toEqual(
      ids.map(() => [null, null]),
    );
    const closed = await manager.json<{
      positions: Array<{
        teamId: string;
        fromTeamId: string;
        position: number;
        fromBox?: number;
        movement?: string;
      }>;
    }>('POST', closePath, { nextSeasonId: next.body.uuid });
    expect(closed.status).toBe(200);
    const order = [0, 1, 2, 3, 8, 4, 5, 6, 7].map((index) => ids[index]);
    expect(closed.body.positions.map((side) => side.fromTeamId)).toEqual(order);
    expect(closed.body.positions.map((side) => side.position)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const nextTeams = await manager.json<Array<{ teamId: string; position: number }>>(
      'GET',
      `${ADMIN_API}/seasons/${next.body.uuid}/teams`,
    );
    expect(nextTeams.body.map((team) => team.teamId)).toEqual(
      closed.body.positions.map((side) => side.teamId),
    );
    // Who went where (DESIGN.md §12 close): the answer and the closed season's tables say it, side by side.
    expect(closed.body.positions.map((side) => [side.fromTeamId, side.fromBox, side.movement])).toEqual([
      [ids[0], 1, 'STAYS'],
      [ids[1], 1, 'STAYS'],
      [ids[2], 1, 'STAYS'],
      [ids[3], 1, 'STAYS'],
      [ids[8], 2, 'UP'],
      [ids[4], 1, 'DOWN'],
      [ids[5], 2, 'STAYS'],
      [ids[6], 2, 'STAYS'],
      [ids[7], 2, 'STAYS'],
    ]);
    const closedTables = await boxes();
    expect(closedTables.map((box) => box.closedInto)).toEqual([next.body.uuid, next.body.uuid]);
    const went = new Map(closedTables.flatMap((box) => box.rows.map((row) => [row.teamId, row.movement])));
    expect(ids.map((id) => went.get(id))).toEqual([
      ...['STAYS', 'STAYS', 'STAYS', 'STAYS', 'DOWN'],
      ...['STAYS', 'STAYS', 'STAYS', 'UP'],
    ]);

    // The next season, drawn by position: each side's row says where it came from.
    expect(
      (
        await manager.json<Drawn>('POST', `${ADMIN_API}/seasons/${next.body.uuid}/boxes/draw`, {
          by: 'POSITION',
        })
      ).status,
    ).toBe(201);
    const nextBoxes = (
      await new HttpClient(url).json<Box[]>('GET', `${LADDER_API}/seasons/${next.body.uuid}/boxes`)
    ).body;
    const newTeamOf = new Map(closed.body.positions.map((side) => [side.fromTeamId, side.teamId]));
    const cameFrom = new Map(nextBoxes.flatMap((box) => box.rows.map((row) => [row.teamId, row.cameFrom])));
    expect(cameFrom.get(newTeamOf.get(ids[8]!)!)).toEqual({ seasonId, box: 2, movement: 'UP' });
    expect(cameFrom.get(newTeamOf.get(ids[4]!)!)).toEqual({ seasonId, box: 1, movement: 'DOWN' });
    expect(cameFrom.get(newTeamOf.get(ids[0]!)!)).toEqual({ seasonId, box: 1, movement: 'STAYS' });
    expect(nextBoxes.flatMap((box) => box.rows.map((row) => row.movement))).toEqual(ids.map(() => null));

    // The ladder's seasons are public, the closed one too (its tables stay readable).
    const seasons = await new HttpClient(url).json<Array<{ uuid: string; name: string; format: string }>>(
      'GET',
      `${LADDER_API}/ladders/${ladderId}/seasons`,
    );
    expect(seasons.body.map((season) => [season.uuid, season.format])).toEqual([
      [seasonId, 'BOX'],
      [next.body.uuid, 'BOX'],
    ]);
    const unknownLadder = await new HttpClient(url).json(
      'GET',
      `${LADDER_API}/ladders/00000000-0000-4000-8000-000000000000/seasons`,
    );
    expect(unknownLadder.status).toBe(404);
  });
});
