import { addDays, format } from 'date-fns';
import { expect } from 'vitest';
import { managerWithCompany, signedInAccount } from './accounts.ts';
import { HttpClient } from './http-client.ts';

export const ADMIN = '/webapps/api/admin/api/admin/v1';
export const LADDER = '/webapps/api/ladder/api/v1';
export const MATCHES = '/webapps/api/matches/api/v1';
export const day = (offset: number) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

/** A manager, a ladder with an active season, and `players` accepted singles teams at positions 1..n. */
export async function seasonWithTeams(
  baseUrl: string,
  players: number,
  { matchType = 'BESTOFTHREE', endOffset = 90 } = {},
) {
  const manager = new HttpClient(baseUrl);
  const { company } = await managerWithCompany(manager);
  const ladder = await manager.json<{ uuid: string }>('POST', `${ADMIN}/companies/${company.id}/ladders`, {
    name: 'Club Ladder',
    email: 'ladder@club.test',
    sportsCategory: 'TENNISSINGLE',
  });
  const season = await manager.json<{ uuid: string }>(
    'POST',
    `${ADMIN}/companies/${company.id}/ladders/${ladder.body.uuid}/seasons`,
    {
      name: 'Winter',
      startDate: day(-5),
      endDate: day(endOffset),
      minimumPlayedMatches: 3,
      openForRegistration: true,
      matchType,
    },
  );
  expect(season.status).toBe(201);
  const teams = [];
  for (let index = 0; index < players; index++) {
    const http = new HttpClient(baseUrl);
    const account = await signedInAccount(http);
    const registered = await http.json<{ teamId: string }>(
      'POST',
      `${LADDER}/seasons/${season.body.uuid}/teams`,
      {},
    );
    await manager.json('POST', `${ADMIN}/seasons/${season.body.uuid}/teams/accept`, {
      teamId: registered.body.teamId,
    });
    teams.push({ http, account, teamId: registered.body.teamId });
  }
  return { manager, company, ladderId: ladder.body.uuid, seasonId: season.body.uuid, teams };
}
