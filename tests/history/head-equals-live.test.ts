import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { createBackend, logKinds, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { generatedSeason } from './generated-season.ts';

interface AtAnswer {
  at: { position: number; occurredAt: string };
  standings: unknown[];
  matches: Array<{ id: string }>;
}

describe.each(logKinds)('season history on the %s log', (kind) => {
  let courtside: RunningCourtside;
  beforeAll(async () => {
    courtside = await startTestCourtside(await createBackend(kind));
  });
  afterAll(async () => {
    await courtside?.stop();
  });

  it('folds a generated season of a few hundred events to exactly the live read models, at the head and at every snapshot taken on the way', async () => {
    const season = await generatedSeason(courtside.url!, {
      seed: 20261123,
      teams: 8,
      steps: 150,
      snapshotEvery: 25,
    });
    const { manager, seasonId, ladderId, company, matchIds } = season;
    const last = await season.lastPosition();

    const history = await manager.json<Array<{ position: number }>>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/history`,
    );
    const head = await manager.json<AtAnswer>('GET', `${ADMIN_API}/seasons/${seasonId}/standings`);
    const atLast = await manager.json<AtAnswer>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/standings?at=${last}`,
    );
    const live = await new HttpClient(courtside.url!).json<{ teams: unknown[] }>(
      'GET',
      `${LADDER_API}/ladders/${ladderId}/standings`,
    );
    const liveMatches = await Promise.all(
      matchIds.map(
        async (id) => (await manager.json<{ id: string }>('GET', `${MATCHES_API}/matches/${id}`)).body,
      ),
    );

    expect(history.status).toBe(200);
    expect(history.body.length).toBeGreaterThan(250);
    expect(head.status).toBe(200);
    expect(head.body.at.position).toBe(last);
    expect(head.body.standings).toEqual(live.body.teams);
    expect(head.body.matches).toEqual(liveMatches);
    expect(atLast.body).toEqual(head.body);

    expect(season.snapshots.length).toBeGreaterThan(4);
    for (const snapshot of season.snapshots) {
      const then = await manager.json<AtAnswer>(
        'GET',
        `${ADMIN_API}/seasons/${seasonId}/standings?at=${snapshot.position}`,
      );
      expect(then.status).toBe(200);
      expect(then.body.standings, `at ${snapshot.position}`).toEqual(snapshot.standings);
    }

    const verified = await manager.json<{ ok: boolean; events: number }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/verify`,
    );
    expect(verified.body).toMatchObject({ ok: true, events: last });
  }, 240_000);
});
