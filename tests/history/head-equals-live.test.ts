import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { createBackend, logKinds, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { ADMIN_API, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { generatedSeason } from './generated-season.ts';
import {
  seasonTimelineOf,
  type SeasonEventsAnswer,
  type SeasonView,
} from '../../web/src/features/audit/components/season-view.ts';

interface AtAnswer {
  at: { position: number; occurredAt: string };
  standings: Array<SeasonView['standings'][number] & Record<string, unknown>>;
  matches: Array<SeasonView['matches'][number] & Record<string, unknown>>;
}

/** The fields of the api's answer the timeline shows, as the page's own fold builds them. */
function asTimelineShows(answer: AtAnswer): SeasonView {
  const side = ({
    teamId,
    members,
    matchSets,
    winner,
    special,
  }: SeasonView['matches'][number]['defender']) => ({
    teamId,
    members: members.map(({ name }) => ({ name })),
    matchSets,
    winner,
    special,
  });
  return {
    standings: answer.standings.map(({ teamId, position, members, played, won, lost, movement }) => ({
      teamId,
      position,
      members: members.map(({ fullName }) => ({ fullName })),
      played,
      won,
      lost,
      movement,
    })),
    matches: answer.matches.map(({ id, date, status, defender, challenger, confirmation }) => ({
      id,
      date,
      status,
      defender: side(defender),
      challenger: side(challenger),
      confirmation: { state: confirmation.state },
    })),
  };
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

    // The timeline folds the same events in the page: what it shows at a step is what the api answers for it.
    const events = await manager.json<SeasonEventsAnswer>(
      'GET',
      `${ADMIN_API}/seasons/${seasonId}/history/events`,
    );
    expect(events.status).toBe(200);
    const timeline = seasonTimelineOf(events.body);
    expect(timeline.at(last)).toEqual(asTimelineShows(head.body));

    expect(season.snapshots.length).toBeGreaterThan(4);
    for (const snapshot of season.snapshots) {
      const then = await manager.json<AtAnswer>(
        'GET',
        `${ADMIN_API}/seasons/${seasonId}/standings?at=${snapshot.position}`,
      );
      expect(then.status).toBe(200);
      expect(then.body.standings, `at ${snapshot.position}`).toEqual(snapshot.standings);
      expect(timeline.at(snapshot.position), `the page's fold at ${snapshot.position}`).toEqual(
        asTimelineShows(then.body),
      );
    }

    const verified = await manager.json<{ ok: boolean; events: number }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/verify`,
    );
    expect(verified.body).toMatchObject({ ok: true, events: last });
  }, 240_000);
});
