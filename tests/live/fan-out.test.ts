import { describe, expect, it } from 'vitest';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { courtsideForTests } from '../support/courtside.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { LiveClient, type Push } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';

/**
 * Fan-out of the live channel (DESIGN.md §1 "Live", §7): a push written to the match, season and ladder
 * rooms reaches a socket in several of those rooms once, live and when it catches up after a reconnect.
 */
describe('live fan-out: one copy of a push per socket', () => {
  const courtside = courtsideForTests();

  async function liveMatch() {
    const setup = await seasonWithTeams(courtside.url, 2, { matchType: 'GAMESONLY' });
    const [defender, challenger] = setup.teams;
    const created = await setup.manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${setup.seasonId}/teams/match`,
      { defenderId: defender!.teamId, challengerId: challenger!.teamId },
    );
    expect(created.status).toBe(201);
    const matchId = created.body.matchId;
    const url = `${MATCHES_API}/matches/${matchId}`;
    const rooms = [`match:${matchId}`, `season:${setup.seasonId}`, `ladder:${setup.ladderId}`];
    return { ...setup, scorer: defender!.http, url, matchId, rooms };
  }

  const seqsOf = (pushes: readonly Push[]) =>
    pushes
      .filter((push) => push.event === 'live.updated')
      .map((push) => (push.data as { state: { seq: number } }).state.seq);

  /** Every push is one emit: no two copies of one push (the same positions in its rooms) reach the socket. */
  const copiesPerCursor = (pushes: readonly Push[]) => {
    const counts = new Map<string, number>();
    for (const push of pushes) {
      const key = `${push.event}@${JSON.stringify(push.cursors)}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return [...counts.values()].filter((count) => count > 1).length;
  };
  /** Where a client stands in each room: the ack's position, or the last push's there. */
  const standing = (acks: Record<string, number>, pushes: readonly Push[]) =>
    Object.fromEntries(
      Object.entries(acks).map(([room, ack]) => [
        room,
        Math.max(ack, ...pushes.map((push) => push.cursors[room] ?? 0)),
      ]),
    );

  it('a viewer in the match, season and ladder rooms gets every point and every match change once, naming the three rooms', async () => {
    const { scorer, url, rooms } = await liveMatch();
    const everywhere = new LiveClient(courtside.url);
    const matchOnly = new LiveClient(courtside.url);
    try {
      await Promise.all([everywhere.connected(), matchOnly.connected()]);
      for (const room of rooms) expect(await everywhere.subscribe(room)).toMatchObject({ ok: true });
      expect(await matchOnly.subscribe(rooms[0]!)).toMatchObject({ ok: true });

      expect((await scorer.json('POST', `${url}/live`, { firstServer: 'defender' })).status).toBe(200);
      for (let seq = 1; seq <= 6; seq++) {
        const winner = seq % 3 === 0 ? 'challenger' : 'defender';
        expect((await scorer.json('POST', `${url}/points`, { seq, winner })).status).toBe(200);
      }
      await eventually(() => seqsOf(everywhere.pushes).includes(6) && seqsOf(matchOnly.pushes).includes(6), {
        message: 'the last point at both viewers',
      });
      // A subscribe is answered on the same queue as the pushes, after them: any other copy has arrived by then.
      await everywhere.subscribe(rooms[0]!);
      await matchOnly.subscribe(rooms[0]!);

      expect(seqsOf(everywhere.pushes)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      expect(seqsOf(matchOnly.pushes)).toEqual([0, 1, 2, 3, 4, 5, 6]);
      const matchUpdates = (pushes: readonly Push[]) =>
        pushes.filter((push) => push.event === 'match.updated');
      // The viewer of three rooms gets exactly what the viewer of one room gets, no more.
      const matchRoom = (pushes: readonly Push[]) => pushes.map((push) => push.cursors[rooms[0]!]);
      expect(matchRoom(everywhere.pushes.filter((push) => push.event !== 'season.updated'))).toEqual(
        matchRoom(matchOnly.pushes),
      );
      // The start and the game the defender wins at the fifth point change the match; points inside a game do not.
      expect(matchUpdates(everywhere.pushes)).toHaveLength(2);
      for (const push of everywhere.pushes.filter((push) => push.event !== 'season.updated'))
        expect(push.rooms.sort()).toEqual([...rooms].sort());
      expect(copiesPerCursor(everywhere.pushes)).toBe(0);
    } finally {
      everywhere.close();
      matchOnly.close();
    }
  });

  it('a viewer that reconnects to the three rooms with its cursors gets each missed push once', async () => {
    const { scorer, url, rooms } = await liveMatch();
    const first = new LiveClient(courtside.url);
    await first.connected();
    const acks: Record<string, number> = {};
    for (const room of rooms) {
      const ack = (await first.subscribe(room)) as { ok: boolean; cursor: number };
      expect(ack).toMatchObject({ ok: true, cursor: expect.any(Number) });
      acks[room] = ack.cursor;
    }
    // Cursors are positions in each room: this new match's room counts its own pushes only, not the pushes of the
    // whole installation (the test before this one made dozens).
    expect(acks[rooms[0]!]).toBeLessThan(5);
    expect((await scorer.json('POST', `${url}/live`, { firstServer: 'defender' })).status).toBe(200);
    await eventually(() => seqsOf(first.pushes).includes(0), { message: 'the start' });
    const started = first.pushes.find((push) => push.event === 'live.updated')!;
    expect(started.cursors[rooms[0]!]).toBeGreaterThan(acks[rooms[0]!]!);
    expect(started.cursors[rooms[0]!]).toBeLessThan(5);
    const cursors = standing(acks, first.pushes);
    first.close();

    for (let seq = 1; seq <= 4; seq++)
      expect((await scorer.json('POST', `${url}/points`, { seq, winner: 'defender' })).status).toBe(200);
    const again = new LiveClient(courtside.url);
    try {
      await again.connected();
      for (const room of rooms)
        expect(await again.subscribe(room, cursors[room])).toMatchObject({ ok: true });

      // Catch-ups are sent before their ack, so everything missed has arrived now.
      expect(seqsOf(again.pushes)).toEqual([1, 2, 3, 4]);
      // The fourth point wins the first game: the one change of the match while the viewer was away.
      expect(again.pushes.filter((push) => push.event === 'match.updated')).toHaveLength(1);
      for (const push of again.pushes.filter((push) => push.event !== 'season.updated'))
        expect(push.rooms.sort()).toEqual([...rooms].sort());
      expect(copiesPerCursor(again.pushes)).toBe(0);
    } finally {
      again.close();
    }
  });
});
