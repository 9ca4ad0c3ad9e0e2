import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { TOURNAMENT_ADMIN_API, TOURNAMENT_API } from '@courtside/events/api-paths';
import { tournamentDecider } from '@courtside/events/tournaments/decider';
import { tournamentEvents } from '@courtside/events/tournaments/events';
import { tournamentStateOf } from '@courtside/projector/tournaments/queries';
import { managerWithCompany, signedInPerson } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { acceptedBody, companyEventsOf, courtsideWithReadModels } from '../support/loader-specs.ts';

const tournamentTypes = new Set<string>(tournamentEvents.map((event) => event.type));
type TournamentEvent = Parameters<typeof tournamentDecider.evolve>[1];

interface Detail {
  entries: Array<{ entryId: string }>;
  rounds: Array<{ round: number; games: Array<{ gameId: string }> }>;
}

/**
 * Loader specs: the tournament loader (the state a tournament's commands are decided against, read from the read
 * model) gives what the rules' own `evolve` gives over the same events, written through the real routes: entries
 * and a withdrawal, a draw, results and a correction, a late arrival that makes an Americano's rounds again, a
 * Mexicano's next round, a finish and a deletion.
 */
describe('the tournament loader agrees with evolve', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  let companyId: string;
  const tournamentIds: string[] = [];

  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
    const url = courtside.url!;
    const manager = new HttpClient(url);
    companyId = (await managerWithCompany(manager)).company.id;
    const players = await Promise.all(
      ['Ann Ace', 'Bo Break', 'Cy Court', 'Di Drop', 'Ed Edge', 'Flo Fault'].map((name) =>
        signedInPerson(url, name),
      ),
    );
    const create = (format: string, more: object = {}) =>
      acceptedBody<{ tournamentId: string }>(
        manager.json('POST', `${TOURNAMENT_ADMIN_API}/companies/${companyId}/tournaments`, {
          name: `${format} night`,
          format,
          sportsCategory: 'PADEL',
          startsAt: '2026-12-04T19:30',
          entries: 'OPEN',
          maxEntrants: 8,
          ...more,
        }),
      );
    const detail = async (tournamentId: string) =>
      (await manager.json<Detail>('GET', `${TOURNAMENT_API}/tournaments/${tournamentId}`)).body;

    // An Americano: five enter, one withdraws, drawn, two results (one corrected), a late arrival.
    const americano = (await create('AMERICANO', { courts: 2 })).tournamentId;
    const entries = [];
    for (const player of players.slice(0, 5))
      entries.push(
        await acceptedBody<{ entryId: string }>(
          player.http.json('POST', `${TOURNAMENT_API}/tournaments/${americano}/entries`, {}),
        ),
      );
    await acceptedBody(
      players[4]!.http.json(
        'DELETE',
        `${TOURNAMENT_API}/tournaments/${americano}/entries/${entries[4]!.entryId}`,
      ),
    );
    await acceptedBody(
      manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${americano}/draw`, { seeding: 'ENTRY' }),
    );
    const drawn = await detail(americano);
    const score = (tournamentId: string, gameId: string, pointsA: number) =>
      acceptedBody(
        manager.json('PUT', `${TOURNAMENT_API}/tournaments/${tournamentId}/games/${gameId}`, {
          pointsA,
          pointsB: 24 - pointsA,
        }),
      );
    await score(americano, drawn.rounds[0]!.games[0]!.gameId, 15);
    await score(americano, drawn.rounds[0]!.games[0]!.gameId, 11);
    await score(americano, drawn.rounds[1]!.games[0]!.gameId, 12);
    await acceptedBody(
      manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${americano}/entries`, {
        accountId: players[5]!.account.id,
      }),
    );
    tournamentIds.push(americano);

    // A Mexicano entered by the manager: drawn by rating, a round scored, the next round, finished.
    const mexicano = (await create('MEXICANO', { entries: 'MANAGER' })).tournamentId;
    for (const player of players.slice(0, 4))
      await acceptedBody(
        manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${mexicano}/entries`, {
          accountId: player.account.id,
        }),
      );
    // A manager's invitation by email, never answered (DESIGN.md §16 `{email}`).
    await acceptedBody(
      manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${mexicano}/entries`, {
        email: 'someone.invited@example.test',
      }),
    );
    await acceptedBody(
      manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${mexicano}/draw`, { seeding: 'RATING' }),
    );
    await score(mexicano, (await detail(mexicano)).rounds[0]!.games[0]!.gameId, 18);
    await acceptedBody(manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${mexicano}/rounds`));
    await acceptedBody(manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${mexicano}/finish`));
    tournamentIds.push(mexicano);

    // A knockout drawn (its bracket) and one deleted before its draw.
    const knockout = (await create('KNOCKOUT', { sportsCategory: 'TENNISSINGLE' })).tournamentId;
    for (const player of players.slice(0, 5))
      await acceptedBody(player.http.json('POST', `${TOURNAMENT_API}/tournaments/${knockout}/entries`, {}));
    await acceptedBody(
      manager.json('POST', `${TOURNAMENT_ADMIN_API}/tournaments/${knockout}/draw`, { seeding: 'ENTRY' }),
    );
    tournamentIds.push(knockout);
    // A doubles knockout: one partner request open, one declined by the partner (DESIGN.md §9).
    const doubles = (await create('KNOCKOUT')).tournamentId;
    const doublesEntries = `${TOURNAMENT_API}/tournaments/${doubles}/entries`;
    await acceptedBody(
      players[0]!.http.json('POST', doublesEntries, { partnerEmail: players[1]!.account.email }),
    );
    const declined = await acceptedBody<{ entryId: string }>(
      players[2]!.http.json('POST', doublesEntries, { partnerEmail: players[3]!.account.email }),
    );
    await acceptedBody(players[3]!.http.json('DELETE', `${doublesEntries}/${declined.entryId}`));
    tournamentIds.push(doubles);
    const deleted = (await create('AMERICANO')).tournamentId;
    await acceptedBody(players[0]!.http.json('POST', `${TOURNAMENT_API}/tournaments/${deleted}/entries`, {}));
    await acceptedBody(manager.json('DELETE', `${TOURNAMENT_ADMIN_API}/tournaments/${deleted}`));
    tournamentIds.push(deleted);
  }, 120_000);
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  it('tournamentStateOf: as evolve over the tournament’s events, for each format and a deleted one', async () => {
    const events = await companyEventsOf<TournamentEvent>(db, companyId, tournamentTypes);
    for (const tournamentId of tournamentIds) {
      const folded = events
        .filter((event) => event.payload.tournamentId === tournamentId)
        .reduce(tournamentDecider.evolve, tournamentDecider.initialState());
      // A knockout's draw matches are the match rules' (their events are not the tournament's): the loader reads
      // them from the matches read model; below, against the log's MatchCreated events.
      const { made, winners, ...loaded } = await tournamentStateOf(db, tournamentId);
      const { made: _made, winners: _winners, ...evolved } = folded;
      expect(loaded, tournamentId).toEqual(evolved);
      const drawMatches = await companyEventsOf<{
        type: string;
        payload: { matchId: string; tournamentId?: string };
      }>(db, companyId, new Set(['MatchCreated']));
      expect([...made].sort(), tournamentId).toEqual(
        drawMatches
          .filter((event) => event.payload.tournamentId === tournamentId)
          .map((event) => event.payload.matchId)
          .sort(),
      );
      expect(winners, tournamentId).toEqual({});
    }
    // The knockout of five made its two matches whose sides the draw places: 4–5, and 3–2 (two byes) in round 2.
    expect((await tournamentStateOf(db, tournamentIds[2]!)).made).toHaveLength(2);
    // The late arrival made the Americano's rounds again around them: rounds made after the draw are in the log.
    expect(events.filter((event) => event.type === 'TournamentPlayerAdded')).toHaveLength(1);
    expect((await tournamentStateOf(db, tournamentIds[0]!)).entries).toHaveLength(5);
  });
});
