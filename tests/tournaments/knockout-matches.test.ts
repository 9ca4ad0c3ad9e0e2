import { describe, expect, it } from 'vitest';
import {
  ACCOUNT_API,
  LADDER_API,
  MATCHES_API,
  TOURNAMENT_ADMIN_API,
  TOURNAMENT_API,
} from '@courtside/events/api-paths';
import { managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { courtsideForTests, logKinds } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { drawnKnockout, scoreOf } from '../support/club.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';

interface DrawMatch {
  matchId: string;
  sideA: string | null;
  sideB: string | null;
  winner?: string;
}
interface Tournament {
  status: string;
  entries: Array<{ entryId: string; members: Array<{ playerId: string }>; seed?: number }>;
  draw?: { rounds: Array<{ round: number; matchIds: string[]; matches: DrawMatch[] }> };
}
interface Match {
  id: string;
  status: string;
  date: string | null;
  matchType: string;
  sportsCategory: string;
  defender: { teamId: string; members: Array<{ id: string; name: string }> };
  challenger: { teamId: string; members: Array<{ id: string; name: string }> };
  confirmation: { state: string };
}

/**
 * DESIGN.md §16: a knockout's draw matches are matches of §4–§7 (the same scoring, confirmation, ratings, calendar):
 * when a result counts the winner stands in the next round's match at once, made planned and undated once both its
 * sides are known; a bye is no match.
 */
describe.each(logKinds)('knockout draw matches (%s log)', (log) => {
  const courtside = courtsideForTests({ log });

  it('plays a knockout of six with byes through to the final over HTTP', async () => {
    const manager = courtside.client();
    const { company } = await managerWithCompany(manager, 'Tennis Club West');
    const players = [];
    for (const name of ['Ann Ace', 'Bo Break', 'Cy Court', 'Di Drop', 'Ed Edge', 'Flo Fault'])
      players.push(await signedInPerson(courtside.url, name));
    const { tournamentId, drawn } = await drawnKnockout<Tournament>(
      manager,
      company.id,
      'Winter championship',
      players,
    );
    const path = `${TOURNAMENT_API}/tournaments/${tournamentId}`;
    const entryOf = (index: number) => drawn.entries[index]!.entryId;
    const [e1, e2, e3, e4, e5, e6] = [0, 1, 2, 3, 4, 5].map(entryOf);
    // Eight places, 1–8, 4–5, 3–6, 2–7: seeds 1 and 2 have byes and stand in round 2's matches.
    const rounds = drawn.draw!.rounds;
    expect(rounds.map(({ round, matches }) => [round, matches.map((m) => [m.sideA, m.sideB])])).toEqual([
      [
        1,
        [
          [e4, e5],
          [e3, e6],
        ],
      ],
      [
        2,
        [
          [e1, null],
          [null, e2],
        ],
      ],
      [3, [[null, null]]],
    ]);
    const [r1a, r1b] = rounds[0]!.matchIds as [string, string];
    const [r2a, r2b] = rounds[1]!.matchIds as [string, string];
    const final = rounds[2]!.matchIds[0]!;
    expect(rounds.map((round) => round.matchIds)).toEqual(
      rounds.map((round) => round.matches.map((match) => match.matchId)),
    );

    const matchOf = (id: string, http: HttpClient = manager) =>
      http.json<Match>('GET', `${MATCHES_API}/matches/${id}`);
    const save = (http: HttpClient, id: string, text: string, walkover?: 'defender' | 'challenger') =>
      http.json<Match>('PUT', `${MATCHES_API}/matches`, { id, ...scoreOf(text, walkover) });

    // Round 1's matches are matches of §4: planned, undated, best of three, the entries' players as sides.
    const first = await matchOf(r1a);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'planned', date: null, matchType: 'BESTOFTHREE' });
    expect(first.body.sportsCategory).toBe('TENNISSINGLE');
    expect(first.body.defender.members.map((member) => member.name)).toEqual(['Di Drop']);
    expect(first.body.challenger.members.map((member) => member.name)).toEqual(['Ed Edge']);
    // A match whose sides are not both known is not made yet.
    expect((await matchOf(r2a)).status).toBe(404);

    // The tournament's room hears of every match made or decided; each match's points come on its own room.
    const watcher = new LiveClient(courtside.url);
    await watcher.connected();
    expect(await watcher.subscribe(`tournament:${tournamentId}`)).toMatchObject({ ok: true });
    const drawPushes = () =>
      watcher.pushes.filter(
        (push) =>
          push.event === 'tournament.updated' &&
          (push.data as { changed: string[] }).changed.includes('draw'),
      ).length;

    // Di enters a win: it waits for Ed; nothing moves until Ed confirms, then Ann meets Di at once.
    const [ann, bo, , di, ed, flo] = players.map((player) => player);
    const pending = await save(di!.http, r1a, '6-3 6-4');
    expect(pending.status).toBe(200);
    expect(pending.body.confirmation.state).toBe('pending');
    expect((await matchOf(r2a)).status).toBe(404);
    expect((await ed!.http.json('POST', `${MATCHES_API}/matches/${r1a}/confirm`)).status).toBe(200);
    const second = await matchOf(r2a);
    expect(second.status).toBe(200);
    // One push for the result entered, one for its confirmation and the match it made (one batch).
    await eventually(() => expect(drawPushes()).toBe(2));
    expect(second.body).toMatchObject({ status: 'planned', date: null });
    expect([second.body.defender.teamId, second.body.challenger.teamId]).toEqual([e1, e4]);

    // A manager's result counts at once: Flo beats Cy and meets Bo.
    expect((await save(manager, r1b, '2-6 4-6')).status).toBe(200);
    const third = await matchOf(r2b);
    expect([third.body.defender.teamId, third.body.challenger.teamId]).toEqual([e6, e2]);

    // The winner plays on: round 1's winner stays; a draw match is not cancelled; no new draw.
    expect(await save(manager, r1a, '3-6 4-6')).toMatchObject({ status: 409, body: { reason: 'ADVANCED' } });
    expect(await save(manager, r1a, '6-2 6-4')).toMatchObject({ status: 200 });
    expect(await manager.json('DELETE', `${MATCHES_API}/matches/${r1b}/cancel`)).toMatchObject({
      status: 409,
      body: { reason: 'IN_DRAW' },
    });
    expect(
      await manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${tournamentId}/draw`, {
        seeding: 'ENTRY',
      }),
    ).toMatchObject({ status: 409, body: { reason: 'HAS_RESULTS' } });

    // Round 2: Di does not come (a walkover for Ann); Bo beats Flo. The final is Ann against Bo.
    expect((await save(manager, r2a, '', 'challenger')).body.status).toBe('walkover');
    expect((await save(bo!.http, r2b, '3-6 3-6')).body.confirmation.state).toBe('pending');
    expect((await flo!.http.json('POST', `${MATCHES_API}/matches/${r2b}/confirm`)).status).toBe(200);
    const theFinal = await matchOf(final);
    expect([theFinal.body.defender.teamId, theFinal.body.challenger.teamId]).toEqual([e1, e2]);

    // The final is dated like any match, so it is in both players' calendar feeds.
    const dated = await ann!.http.json<Match>('PUT', `${MATCHES_API}/matches`, {
      id: final,
      ...scoreOf(''),
      date: '2026-12-19T14:00',
    });
    expect(dated.body.date).toBe('2026-12-19T14:00');
    const { body: account } = await bo!.http.json<{ calendarUrl: string }>('GET', `${ACCOUNT_API}/account`);
    const feed = await (await fetch(account.calendarUrl)).text();
    expect(feed).toContain(final);
    expect(feed).toContain('Winter championship');

    // Ann scores the final live, point by point, on the match's own room; her last point's result waits for Bo.
    expect(await watcher.subscribe(`match:${final}`)).toMatchObject({ ok: true });
    const live = `${MATCHES_API}/matches/${final}`;
    expect(
      (await ann!.http.json('POST', `${live}/live`, { firstServer: 'defender', finalSet: 'SET' })).status,
    ).toBe(200);
    for (let seq = 1; seq <= 48; seq++)
      expect((await ann!.http.json('POST', `${live}/points`, { seq, winner: 'defender' })).status).toBe(200);
    await eventually(() =>
      expect(watcher.pushes.filter((push) => push.event === 'live.updated').length).toBeGreaterThanOrEqual(
        48,
      ),
    );
    expect((await matchOf(final)).body.confirmation.state).toBe('pending');
    expect((await bo!.http.json('POST', `${MATCHES_API}/matches/${final}/confirm`)).status).toBe(200);
    expect((await matchOf(final)).body.status).toBe('completed');
    watcher.close();
    const after = await manager.json<Tournament>('GET', path);
    expect(after.body.draw!.rounds.map((round) => round.matches.map((match) => match.winner))).toEqual([
      [e4, e6],
      [e1, e2],
      [e1],
    ]);

    // Ratings change for draw matches like for any (a walkover changes none): Di played and won once.
    const ratings = await manager.json<Array<{ matchId: string; won: boolean }>>(
      'GET',
      `${LADDER_API}/players/${di!.account.id}/ratings?companyId=${company.id}&sportsCategory=TENNISSINGLE`,
    );
    expect(ratings.status).toBe(200);
    expect(ratings.body.map((change) => [change.matchId, change.won])).toEqual([[r1a, true]]);
  });
});
