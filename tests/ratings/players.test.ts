import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ACCOUNT_API, ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { rateInOrder, ratingKey, type CountedResult } from '@courtside/events/ratings/fold';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';

interface Player {
  playerId: string;
  name: string;
  companies: Array<{
    companyId: string;
    name: string;
    ratings: Array<{
      sportsCategory: string;
      rating: number;
      deviation: number;
      provisional: boolean;
      matches: number;
    }>;
  }>;
  record: { played: number; won: number; lost: number; streak: { result: string; count: number } | null };
  recentMatchIds: string[];
}
interface Change {
  matchId: string;
  before: number;
  after: number;
  expected: number;
  won: boolean;
  opponents: Array<{ playerId: string; name: string; rating: number }>;
}

const won = { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' };
const lost = { matchSets: [{ score: 3 }, { score: 4 }], special: 'none' };

describe('players: ratings, record and head-to-head (DESIGN.md §11)', () => {
  let courtside: RunningCourtside;
  let anonymous: HttpClient;
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'));
    anonymous = new HttpClient(courtside.url!);
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  /** Three players; the manager plays out matches between the first two and enters each result (it counts at once). */
  async function clubWithMatches(defenderWins: boolean[]) {
    const setup = await seasonWithTeams(courtside.url!, 3);
    const [ann, bob] = setup.teams as [(typeof setup.teams)[0], (typeof setup.teams)[0]];
    // Names beside the log, so the answers can be seen to carry them.
    for (const [player, fullName] of [
      [ann, 'Ann Ace'],
      [bob, 'Bob Baseline'],
    ] as const) {
      const named = await player.http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
        fullName,
        phoneNumber: { countryCode: '31', number: '06 12345678' },
      });
      expect(named.status).toBe(200);
    }
    const matchIds: string[] = [];
    for (const defenderWon of defenderWins) {
      const created = await setup.manager.json<{ matchId: string }>(
        'POST',
        `${ADMIN_API}/seasons/${setup.seasonId}/teams/match`,
        { defenderId: ann.teamId, challengerId: bob.teamId },
      );
      expect(created.status).toBe(201);
      await enter(setup.manager, created.body.matchId, defenderWon);
      matchIds.push(created.body.matchId);
    }
    return { ...setup, ann, bob, matchIds };
  }

  async function enter(manager: HttpClient, matchId: string, defenderWon: boolean) {
    const planned = await manager.json<Record<string, unknown>>('GET', `${MATCHES_API}/matches/${matchId}`);
    const saved = await manager.json('PUT', `${MATCHES_API}/matches`, {
      ...planned.body,
      defender: defenderWon ? won : lost,
      challenger: defenderWon ? lost : won,
    });
    expect(saved.status).toBe(200);
  }

  /** What the ratings fold gives for these results between ann (defender) and bob, in this order. */
  function folded(annId: string, bobId: string, matchIds: string[], defenderWins: boolean[]) {
    const results: CountedResult[] = matchIds.map((matchId, index) => ({
      matchId,
      sportsCategory: 'TENNISSINGLE',
      at: new Date().toISOString(),
      players: { defender: [annId], challenger: [bobId] },
      winner: defenderWins[index] ? 'defender' : 'challenger',
      walkover: false,
    }));
    const players = rateInOrder(results);
    return (id: string) => players.get(ratingKey('TENNISSINGLE', id))!;
  }

  it('rates each confirmed result, explains every change, and keeps the record, the streak and the recent matches', async () => {
    const outcomes = [true, false, false];
    const { ann, bob, company, matchIds } = await clubWithMatches(outcomes);
    const expected = folded(ann.account.id, bob.account.id, matchIds, outcomes);

    const page = await anonymous.json<Player>('GET', `${LADDER_API}/players/${ann.account.id}`);
    const changes = await anonymous.json<Change[]>(
      'GET',
      `${LADDER_API}/players/${ann.account.id}/ratings?companyId=${company.id}&sportsCategory=TENNISSINGLE`,
    );

    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({
      playerId: ann.account.id,
      name: 'Ann Ace',
      companies: [
        {
          companyId: company.id,
          ratings: [
            {
              sportsCategory: 'TENNISSINGLE',
              rating: Math.round(expected(ann.account.id).rating),
              deviation: Math.round(expected(ann.account.id).deviation),
              provisional: true,
              matches: 3,
            },
          ],
        },
      ],
      record: { played: 3, won: 1, lost: 2, streak: { result: 'L', count: 2 } },
      recentMatchIds: [...matchIds].reverse(),
    });
    expect(changes.body.map((change) => [change.matchId, change.won])).toEqual([
      [matchIds[0], true],
      [matchIds[1], false],
      [matchIds[2], false],
    ]);
    expect(changes.body[0]).toMatchObject({
      before: 1500,
      expected: 0.5,
      opponents: [{ playerId: bob.account.id, name: 'Bob Baseline', rating: 1500 }],
    });
    expect(changes.body[2]!.after).toBeCloseTo(expected(ann.account.id).rating, 6);
  });

  it('gives the head-to-head of two players with their matches, and nothing for players who never met', async () => {
    const { ann, bob, teams, matchIds } = await clubWithMatches([true, true, false]);

    const versus = await anonymous.json<{
      played: number;
      wonByA: number;
      wonByB: number;
      matches: Array<{ id: string }>;
    }>('GET', `${LADDER_API}/players/${bob.account.id}/versus/${ann.account.id}`);
    const strangers = await anonymous.json<{ played: number }>(
      'GET',
      `${LADDER_API}/players/${ann.account.id}/versus/${teams[2]!.account.id}`,
    );
    const unplayed = await anonymous.json<Player>('GET', `${LADDER_API}/players/${teams[2]!.account.id}`);

    expect(versus.body).toMatchObject({ played: 3, wonByA: 1, wonByB: 2 });
    expect(versus.body.matches.map((match) => match.id)).toEqual([...matchIds].reverse());
    expect(strangers.body).toEqual({ played: 0, wonByA: 0, wonByB: 0, matches: [] });
    expect(unplayed.body).toMatchObject({
      companies: [],
      record: { played: 0, won: 0, lost: 0, streak: null },
      recentMatchIds: [],
    });
  });

  it('refolds from a corrected result on: the ratings are those of the corrected results in their first order', async () => {
    const { ann, bob, manager, matchIds } = await clubWithMatches([true, true]);

    await enter(manager, matchIds[0]!, false);
    const expected = folded(ann.account.id, bob.account.id, matchIds, [false, true]);
    const page = await anonymous.json<Player>('GET', `${LADDER_API}/players/${bob.account.id}`);

    expect(page.body.companies[0]!.ratings[0]!.rating).toBe(Math.round(expected(bob.account.id).rating));
    expect(page.body.record).toMatchObject({ played: 2, won: 1, lost: 1, streak: { result: 'L', count: 1 } });
  });

  it('answers 404 for ids of no player and 400 for what is no id or no sports category', async () => {
    const unknown = await anonymous.json('GET', `${LADDER_API}/players/${randomUUID()}`);
    const notAnId = await anonymous.json<{ error: string }>('GET', `${LADDER_API}/players/nobody`);
    const versusUnknown = await anonymous.json(
      'GET',
      `${LADDER_API}/players/${randomUUID()}/versus/${randomUUID()}`,
    );
    const noCategory = await anonymous.json(
      'GET',
      `${LADDER_API}/players/${randomUUID()}/ratings?companyId=${randomUUID()}&sportsCategory=CHESS`,
    );

    expect(unknown.status).toBe(404);
    expect(notAnId.status).toBe(400);
    expect(versusUnknown.status).toBe(404);
    expect(noCategory.status).toBe(400);
  });

  it('answers 404, as for no account, for an account that was never on a team: a manager who does not play, an unverified account (DESIGN.md §19)', async () => {
    const { manager, company, teams } = await seasonWithTeams(courtside.url!, 1);
    const managerId = (await manager.json<{ id: string }>('GET', `${ACCOUNT_API}/account`)).body.id;
    const unverified = await anonymous.json<{ id: string }>('POST', `${ACCOUNT_API}/account`, {
      email: uniqueEmail('unverified'),
      password: PASSWORD,
    });
    expect(unverified.status).toBe(201);
    const noAccount = await anonymous.json('GET', `${LADDER_API}/players/${randomUUID()}`);
    const player = teams[0]!.account.id;

    for (const id of [managerId, unverified.body.id]) {
      for (const path of [
        `${LADDER_API}/players/${id}`,
        `${LADDER_API}/players/${id}/ratings?companyId=${company.id}&sportsCategory=TENNISSINGLE`,
        `${LADDER_API}/players/${id}/versus/${player}`,
      ]) {
        const answer = await anonymous.json('GET', path);
        expect(answer, path).toEqual(noAccount);
      }
    }
    // A player on a team who has not played yet has a page.
    const page = await anonymous.json<Player>('GET', `${LADDER_API}/players/${player}`);
    expect(page.status).toBe(200);
    expect(page.body.record).toMatchObject({ played: 0 });
  });
});
