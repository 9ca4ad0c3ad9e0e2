import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { MATCHES_API } from '@courtside/events/api-paths';
import { liveDecider, type LiveDomainEvent, type LiveMatchState } from '@courtside/events/live/decider';
import { liveEvents } from '@courtside/events/live/events';
import { matchDecider, type MatchDomainEvent, type MatchState } from '@courtside/events/matches/decider';
import { matchEvents } from '@courtside/events/matches/events';
import { liveStateOf } from '@courtside/projector/live/queries';
import {
  acceptedBody,
  companyEventsOf,
  courtsideWithReadModels,
  seasonAtStart,
} from '../support/loader-specs.ts';
import type { HttpClient } from '../support/http-client.ts';
import { plannedMatch, seasonWithTeams } from '../support/ladder-setup.ts';

const liveTypes = new Set<string>(liveEvents.map((definition) => definition.type));
const matchTypes = new Set<string>(matchEvents.map((definition) => definition.type));
const moves = new Set(['ChallengerLeapfrogged', 'ChallengerSwapped']);
/** The events live scoring's own `evolve` folds: its own, and the result its last point records or takes back. */
const ownTypes = new Set<string>([...liveTypes, 'MatchResultRecorded', 'ResultWithdrawn']);

/**
 * Live scoring's state is the match rules' state with the points beside it: the live events and the result they
 * record fold through live scoring's `evolve`; the match's other events (its creation, a confirmation, the season's
 * moves) through the match rules' `evolve`, into the match it holds.
 */
const liveFold = (state: LiveMatchState, event: LiveDomainEvent | MatchDomainEvent): LiveMatchState =>
  ownTypes.has(event.type)
    ? liveDecider.evolve(state, event as LiveDomainEvent)
    : { ...state, match: matchDecider.evolve(state.match, event as MatchDomainEvent) };

/**
 * Loader specs: the live scoring loader (the state a point is decided against, read from the read models) gives what the
 * rules' own `evolve` gives over the same events. The history is written through the real command routes.
 */
describe('the live scoring loader agrees with evolve', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  let companyId: string;
  let start: MatchState;
  const matchIds: Record<'scoring' | 'finished' | 'taken back' | 'confirmed' | 'not live', string> = {
    scoring: '',
    finished: '',
    'taken back': '',
    confirmed: '',
    'not live': '',
  };

  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
    const setup = await seasonWithTeams(courtside.url!, 6);
    const { manager, teams, seasonId } = setup;
    companyId = setup.company.id;
    start = seasonAtStart(setup);
    const url = (matchId: string) => `${MATCHES_API}/matches/${matchId}`;
    const score = async (by: HttpClient, matchId: string, from: number, winners: string[]) => {
      for (const [index, winner] of winners.entries()) {
        await acceptedBody(by.json('POST', `${url(matchId)}/points`, { seq: from + index, winner }));
      }
    };
    const match = 48;
    const [t0, t1, t2, t3, t4, t5] = teams;
    // In progress: five points, the last taken back.
    matchIds.scoring = await plannedMatch(manager, seasonId, t0!.teamId, t1!.teamId);
    await acceptedBody(
      t1!.http.json('POST', `${url(matchIds.scoring)}/live`, { firstServer: 'challenger', noAd: true }),
    );
    await score(t1!.http, matchIds.scoring, 1, [
      'challenger',
      'defender',
      'defender',
      'challenger',
      'defender',
    ]);
    await acceptedBody(t1!.http.json('POST', `${url(matchIds.scoring)}/points/undo`, { seq: 5 }));
    // Scored to its end by a player: the result waits for the other side.
    matchIds.finished = await plannedMatch(manager, seasonId, t2!.teamId, t3!.teamId);
    await acceptedBody(
      t3!.http.json('POST', `${url(matchIds.finished)}/live`, { firstServer: 'defender', finalSet: 'SET' }),
    );
    await score(t3!.http, matchIds.finished, 1, Array<string>(match).fill('defender'));
    // Its match point taken back (the result withdrawn), then scored the other way... and taken back again.
    matchIds['taken back'] = await plannedMatch(manager, seasonId, t4!.teamId, t5!.teamId);
    const back = matchIds['taken back'];
    await acceptedBody(
      t5!.http.json('POST', `${url(back)}/live`, { firstServer: 'defender', finalSet: 'SUPER_TIEBREAK' }),
    );
    await score(t5!.http, back, 1, Array<string>(match).fill('challenger'));
    await acceptedBody(t5!.http.json('POST', `${url(back)}/points/undo`, { seq: match }));
    // Scored to its end and confirmed: the challenger climbs (a move in the season).
    matchIds.confirmed = await plannedMatch(manager, seasonId, t0!.teamId, t5!.teamId);
    await acceptedBody(t5!.http.json('POST', `${url(matchIds.confirmed)}/live`, { firstServer: 'defender' }));
    await score(t5!.http, matchIds.confirmed, 1, Array<string>(match).fill('challenger'));
    await acceptedBody(t0!.http.json('POST', `${url(matchIds.confirmed)}/confirm`));
    // Never scored live.
    matchIds['not live'] = await plannedMatch(manager, seasonId, t2!.teamId, t4!.teamId);
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  it('liveStateOf: each match with its points, as evolve over its own events and the season’s moves', async () => {
    const events = await companyEventsOf<LiveDomainEvent | MatchDomainEvent>(
      db,
      companyId,
      new Set([...liveTypes, ...matchTypes]),
    );
    expect(events.some((event) => moves.has(event.type))).toBe(true);
    for (const [name, matchId] of Object.entries(matchIds)) {
      const own = events.filter((event) => event.streamId === matchId || moves.has(event.type));
      const folded = own.reduce(liveFold, { match: start });
      const expected = folded.live ? { ...folded, sportsCategory: 'TENNISSINGLE' } : folded;
      expect(await liveStateOf(db, matchId), name).toEqual(expected);
    }
  });

  it('liveStateOf: a games-only match its scorer ended, as evolve over its events', async () => {
    const setup = await seasonWithTeams(courtside.url!, 2, { matchType: 'GAMESONLY' });
    const [defender, challenger] = setup.teams;
    const matchId = await plannedMatch(setup.manager, setup.seasonId, defender!.teamId, challenger!.teamId);
    const url = `${MATCHES_API}/matches/${matchId}`;
    const winners = ['defender', 'defender', 'challenger', 'defender', 'defender', 'challenger'];
    const sent = [await defender!.http.json('POST', `${url}/live`, { firstServer: 'challenger' })];
    for (const [index, winner] of winners.entries()) {
      sent.push(await defender!.http.json('POST', `${url}/points`, { seq: index + 1, winner }));
    }
    sent.push(await defender!.http.json('POST', `${url}/live/end`, { seq: winners.length }));
    expect(sent.map((answer) => answer.status).every((status) => status < 300)).toBe(true);

    const events = await companyEventsOf<LiveDomainEvent | MatchDomainEvent>(
      db,
      setup.company.id,
      new Set([...liveTypes, ...matchTypes]),
    );
    expect(events.map((event) => event.type)).toContain('LiveMatchEnded');
    const folded = events.reduce(liveFold, { match: seasonAtStart(setup, { matchType: 'GAMESONLY' }) });
    expect(folded.live?.ended).toBe(true);
    expect(await liveStateOf(db, matchId)).toEqual({ ...folded, sportsCategory: 'TENNISSINGLE' });
  });

  it('an unknown match: nothing', async () => {
    expect(await liveStateOf(db, '00000000-0000-4000-8000-000000000000')).toEqual({ match: {} });
  });
});
