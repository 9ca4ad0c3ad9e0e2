import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { boxesDecider, type BoxesState } from '@courtside/events/boxes/decider';
import { boxSettingsOf } from '@courtside/events/boxes/model';
import type { EventEnvelope } from '@courtside/events/envelope';
import { INITIAL_RATING, sideOf } from '@courtside/events/ratings/glicko2';
import { evolveRatings, initialRatings, ratingKey, ratingsOf } from '@courtside/events/ratings/fold';
import { boxesStateOf, seasonTeamsWithBoxesStateOf } from '@courtside/projector/boxes/queries';
import { seasonTeamsStateOf } from '@courtside/projector/teams/queries';
import { acceptedBody, companyEventsOf, courtsideWithReadModels } from '../support/loader-specs.ts';
import type { HttpClient } from '../support/http-client.ts';
import { day, seasonWithTeams, winterSeason } from '../support/ladder-setup.ts';

/**
 * The events the box rules fold: the draws and their close, what happens to the boxes' matches, and a side that
 * leaves (DESIGN.md §19).
 */
const boxTypes = new Set<string>([
  'BoxesDrawn',
  'BoxesClosed',
  'MatchCreated',
  'MatchResultRecorded',
  'ResultConfirmed',
  'ResultDisputed',
  'MatchCancelled',
  'TeamRemoved',
]);
const sets = (...games: number[]) => ({ matchSets: games.map((score) => ({ score })), special: 'none' });

/**
 * Loader specs: the box loader (the state the draw and the close are decided against, read from the read models) gives
 * what the box rules' own `evolve` gives over the same events, from the season's sides as its history left them:
 * in ladder order, each with its rating as the ratings' own fold gives it (DESIGN.md §11; no box event changes a
 * rating, so the box rules take it as given). The history is written through the real command routes.
 */
describe('the box loader agrees with evolve', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  let companyId: string;
  let seasonId: string;
  let ladderId: string;
  let teams: Array<{ http: HttpClient; teamId: string; account: { id: string } }>;

  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
    const setup = await seasonWithTeams(courtside.url!, 8);
    ({ seasonId, ladderId, teams } = setup);
    companyId = setup.company.id;
    const { manager } = setup;
    await acceptedBody(
      manager.json('PUT', `${ADMIN_API}/companies/${companyId}/ladders/${ladderId}/seasons`, {
        uuid: seasonId,
        ...winterSeason(),
        format: 'BOX',
        box: { size: 4, pointsWin: 2 },
      }),
    );
    // Drawn, then drawn again (the second draw replaces the first): two boxes of four, six matches each.
    const draw = `${ADMIN_API}/seasons/${seasonId}/boxes/draw`;
    await acceptedBody(manager.json('POST', draw, { by: 'POSITION' }));
    await acceptedBody(manager.json('POST', draw, { by: 'RATING' }));
    const drawn = await db.query<{ match_ids: string[] }>(
      'SELECT match_ids FROM boxes WHERE season_id = $1 ORDER BY number',
      [seasonId],
    );
    const matchIds = drawn.rows.flatMap((box) => box.match_ids);
    expect(matchIds).toHaveLength(12);
    const { rows } = await db.query<{ id: string; defender_id: string; challenger_id: string }>(
      'SELECT id, defender_id, challenger_id FROM matches WHERE id = ANY($1::uuid[])',
      [matchIds],
    );
    const match = (index: number) => {
      const row = rows.find((candidate) => candidate.id === matchIds[index])!;
      const player = (teamId: string) => teams.find((team) => team.teamId === teamId)!.http;
      return { id: row.id, defender: player(row.defender_id), challenger: player(row.challenger_id) };
    };
    const save = (by: HttpClient, id: string, defender: unknown, challenger: unknown) =>
      acceptedBody(by.json('PUT', `${MATCHES_API}/matches`, { id, defender, challenger }));
    // A manager's result (counts at once), a player's waiting, one disputed, one confirmed, one cancelled, one left
    // unplayed.
    await save(manager, match(0).id, sets(6, 6), sets(3, 4));
    await save(match(1).defender, match(1).id, sets(6, 2, 6), sets(4, 6, 1));
    const disputed = match(2);
    await save(disputed.challenger, disputed.id, sets(1, 1), sets(6, 6));
    await acceptedBody(
      disputed.defender.json('POST', `${MATCHES_API}/matches/${disputed.id}/dispute`, { reason: 'No' }),
    );
    const confirmed = match(3);
    await save(confirmed.challenger, confirmed.id, sets(0, 0), sets(6, 6));
    await acceptedBody(confirmed.defender.json('POST', `${MATCHES_API}/matches/${confirmed.id}/confirm`));
    await acceptedBody(manager.json('DELETE', `${MATCHES_API}/matches/${match(4).id}/cancel`));
    // A side leaves after the draw (DESIGN.md §19): its matches without a result are cancelled with it.
    await acceptedBody(manager.json('DELETE', `${ADMIN_API}/seasons/${seasonId}/teams/${teams[7]!.teamId}`));
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  it('boxesStateOf: the boxes drawn last and their matches, as evolve over the box events', async () => {
    // Each side's rating: the ratings' own fold over the company's events.
    const { rows } = await db.query<{ envelope: EventEnvelope }>(
      'SELECT envelope FROM company_events WHERE company_id = $1 ORDER BY seq',
      [companyId],
    );
    const ratings = ratingsOf(rows.map((row) => row.envelope).reduce(evolveRatings, initialRatings()));
    const ratingOf = (accountId: string) => {
      const rating = ratings[ratingKey('TENNISSINGLE', accountId)];
      return rating ? { rating: rating.rating, deviation: rating.deviation } : INITIAL_RATING;
    };
    const start: BoxesState = {
      season: {
        seasonId,
        ladderId,
        startDate: day(-5),
        format: 'BOX',
        box: boxSettingsOf({ size: 4, pointsWin: 2 }),
        matchType: 'BESTOFTHREE',
      },
      teams: teams.map((team) => ({
        teamId: team.teamId,
        memberIds: [team.account.id],
        rating: sideOf([{ ...ratingOf(team.account.id), volatility: 0 }]).rating,
      })),
      boxes: [],
      matches: {},
    };
    // Three results count: some sides have a rating of their own now.
    expect(start.teams.filter((team) => team.rating !== INITIAL_RATING.rating).length).toBeGreaterThan(0);
    const events = await companyEventsOf<Parameters<typeof boxesDecider.evolve>[1]>(db, companyId, boxTypes);
    expect(events.filter((event) => event.type === 'BoxesDrawn')).toHaveLength(2);
    const folded = events.reduce(boxesDecider.evolve, start);
    const matches = Object.values(folded.matches);
    expect(matches).toHaveLength(12);
    expect(matches.filter((match) => match.counts && match.defender.matchSets.length > 0)).toHaveLength(2);
    const left = teams[7]!.teamId;
    const unplayed = (match: (typeof matches)[number]) =>
      match.defender.matchSets.length === 0 && match.defender.special === 'none';
    expect(
      matches
        .filter((match) => [match.defenderId, match.challengerId].includes(left) && unplayed(match))
        .every((match) => match.cancelled),
    ).toBe(true);
    expect(matches.filter((match) => match.cancelled).length).toBeGreaterThan(1);
    expect(folded.teams.map((team) => team.teamId)).not.toContain(left);
    expect(await boxesStateOf(db, seasonId)).toEqual(folded);
    // What a team's leaving is decided against: the team rules' loader and this one, side by side.
    expect(await seasonTeamsWithBoxesStateOf(db, seasonId)).toEqual({
      teams: await seasonTeamsStateOf(db, seasonId),
      boxes: folded,
    });
  });

  it('an unknown season: nothing', async () => {
    expect(await boxesStateOf(db, '00000000-0000-4000-8000-000000000000')).toEqual({
      teams: [],
      boxes: [],
      matches: {},
    });
  });
});
