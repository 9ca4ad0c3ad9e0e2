import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import {
  ACCOUNT_API,
  ADMIN_API,
  LADDER_API,
  MATCHES_API,
  NOTIFICATIONS_PATH,
  OPENAPI_PATH,
  PREFERENCES_PATH,
} from '@courtside/events/api-paths';
import { conditionalGet } from '../support/conditional-get.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';

/**
 * DESIGN.md §19 "Caching": every answer that holds personal data carries `Cache-Control: no-store`; a public read
 * keeps its caching (ETag, 304).
 */
describe('Cache-Control of personal and public answers', () => {
  let courtside: RunningCourtside;
  let world: Awaited<ReturnType<typeof seasonWithTeams>> & { matchId: string };
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend('embedded'));
    const season = await seasonWithTeams(courtside.url!, 2);
    const matchId = await plannedMatch(
      season.manager,
      season.seasonId,
      season.teams[0]!.teamId,
      season.teams[1]!.teamId,
    );
    world = { ...season, matchId };
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it('answers every personal read with no-store', async () => {
    const { manager, company, seasonId, ladderId, teams, matchId } = world;
    const player = teams[0]!.http;
    const calendarUrl = (await player.json<{ calendarUrl: string }>('GET', `${ACCOUNT_API}/account`)).body
      .calendarUrl;
    const personal: Array<[HttpClient, string]> = [
      [player, `${ACCOUNT_API}/account`],
      [player, `${ACCOUNT_API}/account/hasminimalaccount`],
      [player, `${ACCOUNT_API}/account/export`],
      [player, NOTIFICATIONS_PATH],
      [player, PREFERENCES_PATH],
      [player, `${LADDER_API}/teams/mine`],
      [player, `${LADDER_API}/challenges/mine`],
      [player, `${MATCHES_API}/matches/${matchId}/contactinfo`],
      // Public routes, answered to a signed-in caller: built for them.
      [player, `${MATCHES_API}/matches/${matchId}`],
      [player, `${LADDER_API}/ladders/${ladderId}/standings`],
      [manager, `${ACCOUNT_API}/companies`],
      [manager, `${ADMIN_API}/companies/${company.id}/managers`],
      [manager, `${ADMIN_API}/seasons/${seasonId}/teams/waitingforapproval`],
      [manager, `${ADMIN_API}/seasons/${seasonId}/teams/left`],
      [manager, `${ADMIN_API}/seasons/${seasonId}/invitations`],
      [manager, `${ADMIN_API}/seasons/${seasonId}/standings`],
      [manager, `${ADMIN_API}/companies/${company.id}/events`],
      [manager, `${ADMIN_API}/companies/${company.id}/results.csv`],
      [manager, `${ADMIN_API}/companies/${company.id}/ladders`],
      // The personal calendar feed: the secret address is the sign-in.
      [new HttpClient(courtside.url!), new URL(calendarUrl).pathname],
    ];
    const answers = [];
    for (const [client, path] of personal) {
      const response = await client.request('GET', path);
      answers.push({ path, status: response.status, cacheControl: response.headers.get('cache-control') });
    }
    expect(answers).toEqual(personal.map(([, path]) => ({ path, status: 200, cacheControl: 'no-store' })));
  });

  it('answers every route for signed-in callers with no-store, whatever the answer (the OpenAPI document’s list)', async () => {
    const document = (await (await fetch(`${courtside.url}${OPENAPI_PATH}`)).json()) as {
      paths: Record<string, Record<string, { 'x-access': string }>>;
    };
    const sessionReads = Object.entries(document.paths)
      .filter(([, operations]) => operations.get?.['x-access'] === 'session')
      .map(([path]) => path.replace(/\{[^}]+\}/g, '6d1f6f52-3b8a-4f0e-9a51-7e0c2b1d9a10'));
    expect(sessionReads.length).toBeGreaterThan(15);
    const player = new HttpClient(courtside.url!, false);
    const notStored = [];
    for (const path of sessionReads) {
      const signedIn = await fetch(`${courtside.url}${path}`, {
        headers: { cookie: world.teams[0]!.http.cookieHeader() },
      });
      const anonymous = await player.request('GET', path);
      notStored.push({
        path,
        signedIn: signedIn.headers.get('cache-control'),
        anonymous: anonymous.headers.get('cache-control'),
      });
    }
    expect(notStored).toEqual(
      sessionReads.map((path) => ({ path, signedIn: 'no-store', anonymous: 'no-store' })),
    );
  });

  it('keeps public reads cacheable for a signed-out visitor: an ETag, a 304, no no-store', async () => {
    const visitor = new HttpClient(courtside.url!);
    for (const path of [
      `${LADDER_API}/ladders`,
      `${LADDER_API}/ladders/${world.ladderId}/standings`,
      `${MATCHES_API}/matches/${world.matchId}`,
      `${LADDER_API}/ladders/${world.ladderId}/calendar.ics`,
    ]) {
      const first = await visitor.request('GET', path);
      expect({ path, status: first.status, cacheControl: first.headers.get('cache-control') }).toEqual({
        path,
        status: 200,
        cacheControl: path.endsWith('.ics') ? 'public, max-age=300' : null,
      });
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      expect((await conditionalGet(`${courtside.url}${path}`, etag)).status).toBe(304);
    }
  });
});
