import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ACCOUNT_API, DEV_CLOCK_PATH, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import type { SeasonChallengesState } from '@courtside/events/challenges/decider';
import { isBusy } from '@courtside/events/challenges/decider';
import { rulesOf } from '@courtside/events/ladders/rules';
import { matchDecider, type MatchDomainEvent, type MatchState } from '@courtside/events/matches/decider';
import { pauseDaysLeft, pauseDecider, type PauseEvent, type PauseState } from '@courtside/events/teams/pause';
import { teamPaused, teamResumed } from '@courtside/events/teams/events';
import { seasonChallengesStateOf } from '@courtside/projector/challenges/queries';
import { pauseStateOf } from '@courtside/projector/teams/queries';
import { PASSWORD } from '../support/accounts.ts';
import {
  acceptedBody,
  challengesFold,
  companyEventsOf,
  courtsideWithReadModels,
  seasonAtStart,
} from '../support/loader-specs.ts';
import { HttpClient } from '../support/http-client.ts';
import { day, seasonWithTeams } from '../support/ladder-setup.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const moves = new Set(['ChallengerLeapfrogged', 'ChallengerSwapped']);
const pauseTypes = new Set<string>([teamPaused.type, teamResumed.type]);
const allTypes = { has: () => true } as unknown as Set<string>;

/**
 * Loader specs: the challenge loader and the pause loader (the state those commands are decided against, read from the
 * read models) give what the rules' own `evolve` gives over the same events. One history, written through the real
 * command routes, serves both: challenges open, accepted (settled by a result, by a cancellation, and not), declined
 * into a walkover, withdrawn and expired into one; teams paused, paused again, and resumed.
 */
describe('the challenge and pause loaders agree with evolve', () => {
  let courtside: RunningCourtside;
  let db: pg.Pool;
  let companyId: string;
  let seasonId: string;
  let ladderId: string;
  /** The challenges answered for good (declined, withdrawn, expired), which the loader gives only when asked. */
  const closed: string[] = [];
  let teams: Array<{ http: HttpClient; teamId: string; account: { id: string; email: string } }>;

  beforeAll(async () => {
    ({ courtside, db } = await courtsideWithReadModels());
    const setup = await seasonWithTeams(courtside.url!, 7, {
      rules: { challengeRange: 3, maxPauseDays: 30 },
    });
    ({ seasonId, ladderId, teams } = setup);
    companyId = setup.company.id;
    const { manager } = setup;
    const [t0, t1, t2, t3, t4, t5, t6] = teams;
    const challenge = (by: typeof t0, defender: typeof t0) =>
      acceptedBody<{ challengeId: string }>(
        by!.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
          defenderTeamId: defender!.teamId,
        }),
      );
    const answer = (by: typeof t0, challengeId: string, how: 'accept' | 'decline' | 'withdraw') =>
      acceptedBody<{ matchId: string }>(
        by!.http.json('POST', `${LADDER_API}/challenges/${challengeId}/${how}`, {}),
      );
    const pause = (team: typeof t0, until: string) =>
      acceptedBody(
        team!.http.json('POST', `${LADDER_API}/seasons/${seasonId}/teams/${team!.teamId}/pause`, { until }),
      );

    // Accepted, and settled by the manager's result (the defender wins: no move).
    const settled = await challenge(t1, t0);
    const { matchId } = await answer(t0, settled.challengeId, 'accept');
    await acceptedBody(
      manager.json('PUT', `${MATCHES_API}/matches`, {
        id: matchId,
        defender: { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' },
        challenger: { matchSets: [{ score: 1 }, { score: 2 }], special: 'none' },
      }),
    );
    // Declined: a walkover, #4 leapfrogs #3.
    const declined = await challenge(t3, t2);
    await answer(t2, declined.challengeId, 'decline');
    closed.push(declined.challengeId);
    // Withdrawn.
    const withdrawn = await challenge(t5, t2);
    await answer(t5, withdrawn.challengeId, 'withdraw');
    closed.push(withdrawn.challengeId);
    // Accepted, its match still to play: both teams busy.
    const playing = await challenge(t6, t5);
    await answer(t5, playing.challengeId, 'accept');
    // Accepted, then its match cancelled by the manager: settled.
    const cancelled = await challenge(t2, t0);
    const cancelledMatch = await answer(t0, cancelled.challengeId, 'accept');
    await acceptedBody(manager.json('DELETE', `${MATCHES_API}/matches/${cancelledMatch.matchId}/cancel`));
    // Not answered in time: the deadline expires it into a walkover (#2 leapfrogs #1).
    const expired = await challenge(t1, t0);
    closed.push(expired.challengeId);
    await acceptedBody(
      new HttpClient(courtside.url!).json('POST', DEV_CLOCK_PATH, {
        advanceMs: 8 * DAY_MS,
      }),
    );
    // The players' access ran out days ago: they sign in anew.
    for (const { http, account } of teams) {
      await acceptedBody(
        http.json('POST', `${ACCOUNT_API}/account/login`, { email: account.email, password: PASSWORD }),
      );
    }
    // Open: both teams busy.
    await challenge(t4, t3);
    // Pauses: one paused, one paused twice (the second replacing the first), one paused and resumed.
    await pause(t0, day(8 + 5));
    await pause(t2, day(8 + 9));
    await pause(t2, day(8 + 4));
    await pause(t1, day(8 + 3));
    await acceptedBody(
      t1!.http.json('DELETE', `${LADDER_API}/seasons/${seasonId}/teams/${t1!.teamId}/pause`),
    );
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
  });

  /** The season as set up, before any event of the history: positions 1..7, the default rules but these two. */
  const seasonStart = (): MatchState => seasonAtStart({ seasonId, ladderId, teams });

  /** The challenge rules' fold over the history: every challenge of the season, with its match settled or not. */
  async function challengesFolded(): Promise<SeasonChallengesState> {
    const events = await companyEventsOf<MatchDomainEvent>(db, companyId, allTypes);
    return challengesFold(events, { teams: [], challenges: {} }, seasonStart());
  }

  /** Each team's pauses, folded by the pause rules' own fold. */
  async function pausesFolded(): Promise<PauseState['teams']> {
    const events = await companyEventsOf<PauseEvent>(db, companyId, pauseTypes);
    const start: PauseState = {
      teams: Object.fromEntries(
        teams.map((team) => [team.teamId, { teamId: team.teamId, busy: false, pauses: [] }]),
      ),
    };
    return events.reduce(pauseDecider.evolve, start).teams;
  }

  it('seasonChallengesStateOf: the open and accepted challenges, teams in ladder order, as the rules fold them', async () => {
    const folded = await challengesFolded();
    const states = Object.values(folded.challenges).map((challenge) => challenge.state);
    expect(states.sort()).toEqual([
      'accepted',
      'accepted',
      'accepted',
      'declined',
      'expired',
      'open',
      'withdrawn',
    ]);
    expect(Object.values(folded.challenges).filter((challenge) => challenge.settled)).toHaveLength(4);

    // The order: the match rules' fold of the moves; the pauses: the pause rules' fold.
    const events = await companyEventsOf<MatchDomainEvent>(db, companyId, moves);
    expect(events.length).toBe(2);
    const { positions } = events.reduce(matchDecider.evolve, seasonStart()).season!;
    const pauses = await pausesFolded();
    const order = Object.keys(positions).sort((a, b) => positions[a]! - positions[b]!);
    const expected: SeasonChallengesState = {
      season: {
        seasonId,
        ladderId,
        startDate: day(-5),
        endDate: day(90),
        matchType: 'BESTOFTHREE',
        rules: rulesOf({ challengeRange: 3, maxPauseDays: 30 }),
        format: 'LADDER',
      },
      teams: order.map((teamId) => ({
        teamId,
        memberIds: [teams.find((team) => team.teamId === teamId)!.account.id],
        ...(pauses[teamId]!.pausedUntil ? { pausedUntil: pauses[teamId]!.pausedUntil } : {}),
      })),
      // What can still matter: open or accepted.
      challenges: Object.fromEntries(
        Object.entries(folded.challenges).filter(([, challenge]) =>
          ['open', 'accepted'].includes(challenge.state),
        ),
      ),
    };
    expect(expected.teams.filter((team) => team.pausedUntil)).toHaveLength(2);
    expect(await seasonChallengesStateOf(db, seasonId)).toEqual(expected);
    // And one answered for good, when asked for.
    for (const challengeId of closed) {
      const { challenges } = await seasonChallengesStateOf(db, seasonId, challengeId);
      expect(challenges[challengeId], challengeId).toEqual(folded.challenges[challengeId]);
    }
  });

  it('pauseStateOf: each team’s pauses as the pause rules fold them; busy as the challenge rules judge it', async () => {
    const pauses = await pausesFolded();
    // `busy` is no pause event: the pause rules keep what they were given. It is the challenge rules' own
    // judgement (isBusy) over their fold of the same history, which is what the loader reads from the tables.
    const challenges = Object.values((await challengesFolded()).challenges);
    const busy = (teamId: string) =>
      challenges.some(
        (challenge) =>
          isBusy(challenge) && [challenge.challengerTeamId, challenge.defenderTeamId].includes(teamId),
      );
    const expected: PauseState = {
      season: { seasonId, ladderId, maxPauseDays: 30 },
      teams: Object.fromEntries(
        Object.entries(pauses).map(([teamId, team]) => [teamId, { ...team, busy: busy(teamId) }]),
      ),
    };
    expect(Object.values(expected.teams).filter((team) => team.busy)).toHaveLength(4);
    // Two paused; the one resumed on the day it paused keeps a period of no days, which uses one day (§19).
    expect(Object.values(expected.teams).filter((team) => team.pausedUntil)).toHaveLength(2);
    const loaded = await pauseStateOf(db, seasonId);
    expect(loaded).toEqual(expected);
    expect(pauseDaysLeft(loaded, teams[1]!.teamId)).toBe(29);
  });

  it('an unknown season: nothing', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(await seasonChallengesStateOf(db, unknown)).toEqual({ teams: [], challenges: {} });
    expect(await pauseStateOf(db, unknown)).toEqual({ teams: {} });
  });
});
