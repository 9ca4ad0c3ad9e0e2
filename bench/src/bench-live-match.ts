import { ACCOUNT_API, ADMIN_API, LADDER_API } from '@courtside/events/api-paths';
import { expectStatus, signedIn } from './bench-accounts.ts';

/**
 * A planned games-only match of two signed-in players, set up over HTTP as people would (a company, a ladder, a
 * season, two accepted teams, the match): a games-only match never ends by itself, so a live bench can last as long
 * as asked.
 */
export function gamesOnlyMatch(url: string, clubName: string) {
  return clubMatch(url, clubName, 'GAMESONLY');
}

/**
 * A planned match of two signed-in players in a season of `matchType`, set up over HTTP as people would (a company,
 * a ladder, a season, two accepted teams, the match); `joining` runs for each player as they sign up.
 */
export async function clubMatch(
  url: string,
  clubName: string,
  matchType: string,
  joining?: (player: Awaited<ReturnType<typeof signedIn>>) => Promise<void>,
) {
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  const manager = await signedIn(url, 'manager');
  const company = await manager.http.json<{ id: string }>('POST', `${ACCOUNT_API}/companies`, {
    name: clubName,
  });
  expectStatus(company, 201, 'company');
  const ladder = await manager.http.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${company.body.id}/ladders`,
    { name: 'Live Ladder', email: 'ladder@club.test', sportsCategory: 'TENNISSINGLE' },
  );
  expectStatus(ladder, 201, 'ladder');
  const season = await manager.http.json<{ uuid: string }>(
    'POST',
    `${ADMIN_API}/companies/${company.body.id}/ladders/${ladder.body.uuid}/seasons`,
    {
      name: 'Live season',
      startDate: day(-5),
      endDate: day(90),
      minimumPlayedMatches: 3,
      openForRegistration: true,
      matchType,
    },
  );
  expectStatus(season, 201, 'season');
  const teams = [];
  for (const label of ['defender', 'challenger']) {
    const player = await signedIn(url, label);
    await joining?.(player);
    const registered = await player.http.json<{ teamId: string }>(
      'POST',
      `${LADDER_API}/seasons/${season.body.uuid}/teams`,
      {},
    );
    expectStatus(registered, 201, 'register');
    expectStatus(
      await manager.http.json('POST', `${ADMIN_API}/seasons/${season.body.uuid}/teams/accept`, {
        teamId: registered.body.teamId,
      }),
      200,
      'accept',
    );
    teams.push({ ...player, teamId: registered.body.teamId });
  }
  const match = await manager.http.json<{ matchId: string }>(
    'POST',
    `${ADMIN_API}/seasons/${season.body.uuid}/teams/match`,
    { defenderId: teams[0]!.teamId, challengerId: teams[1]!.teamId },
  );
  expectStatus(match, 201, 'match');
  return {
    matchId: match.body.matchId,
    teams,
    seasonId: season.body.uuid,
    ladderId: ladder.body.uuid,
    manager: manager.http,
  };
}
