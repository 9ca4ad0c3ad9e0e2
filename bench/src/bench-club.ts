import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import type { HttpClient } from '../../tests/support/http-client.ts';
import { expectStatus, signedIn } from './bench-accounts.ts';

/**
 * A club seeded over HTTP as people would: a ladder, a season of `teams` accepted teams and `matches` matches
 * between them, three in four with a result (the defender wins, so nobody moves).
 */
export async function seedClub(
  url: string,
  managerHttp: HttpClient,
  companyId: string,
  teams: number,
  matches: number,
) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const ladder = await managerHttp.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${companyId}/ladders`,
    {
      name: 'Bench Ladder',
      email: 'ladder@club.test',
      sportsCategory: 'TENNISSINGLE',
    },
  );
  expectStatus(ladder, 201, 'ladder');
  const season = await managerHttp.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${companyId}/ladders/${ladder.body.uuid}/seasons`,
    {
      name: 'Bench season',
      startDate: day(-30),
      endDate: day(90),
      minimumPlayedMatches: 3,
      openForRegistration: true,
      matchType: 'BESTOFTHREE',
    },
  );
  expectStatus(season, 201, 'season');
  const seasonId = season.body.uuid;
  const teamIds: string[] = [];
  let player: Awaited<ReturnType<typeof signedIn>> | undefined;
  for (let index = 0; index < teams; index++) {
    player = await signedIn(url, `player${index}`);
    const registered = await player.http.json<{ teamId: string }>(
      'POST',
      `${LADDER_API}/seasons/${seasonId}/teams`,
      {},
    );
    expectStatus(registered, 201, 'register');
    expectStatus(
      await managerHttp.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/accept`, {
        teamId: registered.body.teamId,
      }),
      200,
      'accept',
    );
    teamIds.push(registered.body.teamId);
  }
  const side = (...games: number[]) => ({
    matchSets: games.map((score, index) => ({ order: index + 1, score })),
    special: 'none',
  });
  let lastMatchId = '';
  for (let index = 0; index < matches; index++) {
    const defender = teamIds[index % teams]!;
    const challenger = teamIds[(index + 1 + Math.floor(index / teams)) % teams]!;
    if (defender === challenger) continue;
    const created = await managerHttp.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      {
        defenderId: defender,
        challengerId: challenger,
      },
    );
    expectStatus(created, 201, 'match');
    lastMatchId = created.body.matchId;
    // Three in four get a result (the defender wins: nobody moves, so the ladder stays as seeded).
    if (index % 4 !== 3) {
      const saved = await managerHttp.json('PUT', `${MATCHES_API}/matches`, {
        id: lastMatchId,
        defender: side(6, 6),
        challenger: side(3, 4),
      });
      expectStatus(saved, 200, 'result');
    }
  }
  return { ladderId: ladder.body.uuid, seasonId, matchId: lastMatchId, player: player! };
}

/** The team ids of a ladder's standings, top first (at least two, or the seeding went wrong). */
export async function standingTeamIds(http: HttpClient, ladderId: string): Promise<string[]> {
  const standings = await http.json<{ teams: Array<{ teamId: string }> }>(
    'GET',
    `${LADDER_API}/ladders/${ladderId}/standings`,
  );
  expectStatus(standings, 200, 'standings');
  const teamIds = standings.body.teams.map((team) => team.teamId);
  if (teamIds.length < 2) throw new Error('no teams in the standings');
  return teamIds;
}
