import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ADMIN_API, MATCHES_API } from '@courtside/events/api-paths';
import { matchDecider, type MatchDomainEvent, type MatchState } from '@courtside/events/matches/decider';
import { matchEvents } from '@courtside/events/matches/events';
import { matchStateOf, seasonMatchStateOf } from '@courtside/projector/matches/queries';
import { signedInAccount } from '../support/accounts.ts';
import {
  acceptedBody,
  companyEventsOf,
  courtsideWithReadModels,
  seasonAtStart,
} from '../support/loader-specs.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, seasonWithTeams } from '../support/ladder-setup.ts';

const matchTypes = new Set<string>(matchEvents.map((definition) => definition.type));
const moves = new Set(['ChallengerLeapfrogged', 'ChallengerSwapped']);
const sets = (...games: Array<number | [number, number]>) => ({
  matchSets: games.map((score) =>
    Array.isArray(score) ? { score: score[0], tiebreakScore: score[1] } : { score },
  ),
  special: 'none',
});

/**
 * Loader specs: a loader (the state a command is decided against, read from the read models) gives what the match
 * rules' own `evolve` gives over the same events. The history is written through the real command routes; the
 * loaders read what the projector made of it.
 */
describe('the match loaders agree with evolve', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  let seasonId: string;
  let companyId: string;
  /** The season before any match, as it was set up (not as a loader reads it): the match events start from there. */
  let start: MatchState;
  const matchIds: string[] = [];

  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
    const setup = await seasonWithTeams(courtside.url!, 6, { rules: { confirmHours: 24 } });
    ({ seasonId } = setup);
    companyId = setup.company.id;
    const { manager, teams } = setup;
    start = seasonAtStart(setup, { confirmHours: 24 });
    const create = async (defender: number, challenger: number) => {
      const body = await acceptedBody<{ matchId: string }>(
        manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
          defenderId: teams[defender]!.teamId,
          challengerId: teams[challenger]!.teamId,
        }),
      );
      matchIds.push(body.matchId);
      return body.matchId;
    };
    const save = (by: HttpClient, id: string, defender: unknown, challenger: unknown, date?: string) =>
      acceptedBody(by.json('PUT', `${MATCHES_API}/matches`, { id, defender, challenger, date }));

    // #5 beats #2 (a manager's result counts at once: a leapfrog), then the match moves to another day.
    const leapfrog = await create(1, 4);
    await save(manager, leapfrog, sets(3, [6, 4]), sets(6, [7, 7]));
    await save(manager, leapfrog, sets(3, [6, 4]), sets(6, [7, 7]), `${day(1)}T18:30`);
    // A player's win waits for the other side, which confirms it: #6 climbs over #4.
    const confirmed = await create(3, 5);
    await save(teams[5]!.http, confirmed, sets(2, 3), sets(6, 6));
    await acceptedBody(teams[3]!.http.json('POST', `${MATCHES_API}/matches/${confirmed}/confirm`));
    // A player's win the other side disputes; then a correction by a manager, who settles it.
    const disputed = await create(0, 2);
    await save(teams[0]!.http, disputed, sets(6, 6), sets(1, 2));
    await acceptedBody(
      teams[2]!.http.json('POST', `${MATCHES_API}/matches/${disputed}/dispute`, { reason: 'Not the score' }),
    );
    const settled = await create(2, 3);
    await save(teams[3]!.http, settled, sets(6, 6), sets(4, 4));
    await acceptedBody(
      teams[2]!.http.json('POST', `${MATCHES_API}/matches/${settled}/dispute`, { reason: 'We won' }),
    );
    await save(manager, settled, sets(4, 4), sets(6, 6));
    // Still pending, planned with a date, and cancelled.
    const pending = await create(4, 1);
    await save(teams[4]!.http, pending, sets(6, 6), sets(0, 0));
    await save(manager, await create(0, 5), sets(), sets(), `${day(3)}T09:00`);
    // DESIGN.md §9: a location set by a player, changed by a manager, and another set and cleared.
    const located = await create(3, 4);
    await acceptedBody(
      teams[4]!.http.json('PUT', `${MATCHES_API}/matches`, {
        id: located,
        defender: sets(),
        challenger: sets(),
        location: 'Court 2',
      }),
    );
    await acceptedBody(
      manager.json('PUT', `${MATCHES_API}/matches`, {
        id: located,
        defender: sets(),
        challenger: sets(),
        location: 'Court 3',
      }),
    );
    const clearedPlace = await create(5, 2);
    await acceptedBody(
      manager.json('PUT', `${MATCHES_API}/matches`, {
        id: clearedPlace,
        defender: sets(),
        challenger: sets(),
        location: 'Hall',
      }),
    );
    await acceptedBody(
      manager.json('PUT', `${MATCHES_API}/matches`, {
        id: clearedPlace,
        defender: sets(),
        challenger: sets(),
        location: null,
      }),
    );
    const cancelled = await create(1, 2);
    await acceptedBody(manager.json('DELETE', `${MATCHES_API}/matches/${cancelled}/cancel`));
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  /** The company's match events as the projector stored them, in their order. */
  const history = () => companyEventsOf<MatchDomainEvent>(db, companyId, matchTypes);

  it('seasonMatchStateOf: the season with its positions, as the season set up plus evolve over its moves', async () => {
    const events = await history();
    expect(events.some((event) => moves.has(event.type))).toBe(true);
    const folded = events.reduce(matchDecider.evolve, start);
    expect(await seasonMatchStateOf(db, seasonId)).toEqual({ season: folded.season });
  });

  it('matchStateOf: each match, as evolve over its own events and the season’s moves', async () => {
    const events = await history();
    let locatedSeen = 0;
    expect(matchIds).toHaveLength(9);
    for (const matchId of matchIds) {
      const own = events.filter((event) => event.streamId === matchId || moves.has(event.type));
      const folded = own.reduce(matchDecider.evolve, start);
      expect(await matchStateOf(db, matchId), matchId).toEqual(folded);
      if (own.some((event) => event.type === 'MatchLocationSet')) locatedSeen++;
    }
    expect(locatedSeen).toBe(2);
  });

  it('with an account, the caller is what it is to the match: manager, player of one side, or nothing', async () => {
    const { rows } = await db.query<{ account_id: string; team_id: string }>(
      'SELECT account_id, team_id FROM team_members',
    );
    const [matchId] = matchIds;
    const { match } = await matchStateOf(db, matchId!);
    const player = rows.find((row) => row.team_id === match!.challengerId)!.account_id;
    const { rows: managers } = await db.query<{ account_id: string }>(
      'SELECT account_id FROM company_managers WHERE company_id = $1',
      [companyId],
    );
    const outsider = await signedInAccount(new HttpClient(courtside.url!));
    const callerOf = async (accountId: string) => (await matchStateOf(db, matchId!, accountId)).caller;
    expect(await callerOf(managers[0]!.account_id)).toEqual({
      accountId: managers[0]!.account_id,
      actor: { role: 'manager' },
    });
    expect(await callerOf(player)).toEqual({
      accountId: player,
      actor: { role: 'player', accountId: player, side: 'challenger' },
    });
    expect(await callerOf(outsider.id)).toEqual({ accountId: outsider.id, actor: null });
  });
});
