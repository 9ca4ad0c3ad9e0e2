import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { ChallengeView } from '@courtside/projector/challenges/projection';
import { DEV_CLOCK_PATH, LADDER_API, MATCHES_API } from '@courtside/events/api-paths';
import { signedInAccount } from '../support/accounts.ts';
import { courtsideForTests } from '../support/courtside.ts';
import type { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { LiveClient } from '../support/live-client.ts';
import { acceptedBody } from '../support/loader-specs.ts';
import { eventually } from '../support/wait.ts';

type Challenge = ChallengeView;

const DAY_MS = 24 * 60 * 60 * 1000;

describe('challenges (DESIGN.md §5)', () => {
  const courtside = courtsideForTests();

  const standings = async (ladderId: string) =>
    (
      await courtside
        .client()
        .json<{ teams: Array<{ teamId: string; position: number }> }>(
          'GET',
          `${LADDER_API}/ladders/${ladderId}/standings`,
        )
    ).body.teams.map((team) => team.teamId);

  it('a player challenges a team above, the challenged team accepts with a date, and the match carries the challenge', async () => {
    const { seasonId, teams } = await seasonWithTeams(courtside.url, 4);
    const [first, second, third, fourth] = teams;
    const challenges = `${LADDER_API}/seasons/${seasonId}/challenges`;
    const live = new LiveClient(courtside.url, { 'SESSION-ID': fourth!.http.cookie('SESSION-ID')! });
    await live.connected();
    const intruder = new LiveClient(courtside.url, { 'SESSION-ID': third!.http.cookie('SESSION-ID')! });
    await intruder.connected();
    expect(await live.subscribe(`account:${fourth!.account.id}`)).toMatchObject({ ok: true });
    expect(await intruder.subscribe(`account:${fourth!.account.id}`)).toMatchObject({ ok: false });
    intruder.close();

    const issued = await fourth!.http.json<{ challengeId: string }>('POST', challenges, {
      defenderTeamId: first!.teamId,
    });
    const busy = await third!.http.json('POST', challenges, { defenderTeamId: first!.teamId });
    const notAbove = await second!.http.json('POST', challenges, { defenderTeamId: third!.teamId });
    const anonymous = await courtside.client().json('POST', challenges, {
      defenderTeamId: first!.teamId,
    });
    const listed = await courtside.client().json<Challenge[]>('GET', challenges);
    const wrongSide = await third!.http.json(
      'POST',
      `${LADDER_API}/challenges/${issued.body.challengeId}/accept`,
      {},
    );
    const accepted = await first!.http.json<{ challengeId: string; matchId: string }>(
      'POST',
      `${LADDER_API}/challenges/${issued.body.challengeId}/accept`,
      { date: '2099-01-01T18:30' },
    );
    const withdrawLate = await fourth!.http.json(
      'POST',
      `${LADDER_API}/challenges/${issued.body.challengeId}/withdraw`,
    );
    const match = await first!.http.json<{ challengeId: string; date: string; defender: { teamId: string } }>(
      'GET',
      `${MATCHES_API}/matches/${accepted.body.matchId}`,
    );
    const mine = await fourth!.http.json<Challenge[]>('GET', `${LADDER_API}/challenges/mine`);

    expect(issued.status).toBe(201);
    expect(busy).toEqual({
      status: 409,
      body: { error: 'One of the two teams is already in a challenge', reason: 'BUSY' },
    });
    expect(notAbove).toMatchObject({ status: 409, body: { reason: 'NOT_ABOVE' } });
    expect(anonymous.status).toBe(401);
    expect(listed.body).toEqual([
      {
        challengeId: issued.body.challengeId,
        seasonId,
        challengerTeamId: fourth!.teamId,
        defenderTeamId: first!.teamId,
        state: 'open',
        issuedAt: expect.any(String),
        respondBy: expect.any(String),
        played: false,
        overdue: false,
      },
    ]);
    expect(Date.parse(listed.body[0]!.respondBy) - Date.parse(listed.body[0]!.issuedAt)).toBe(7 * DAY_MS);
    expect(wrongSide).toMatchObject({ status: 403 });
    expect(accepted).toEqual({
      status: 200,
      body: { challengeId: issued.body.challengeId, matchId: expect.any(String) },
    });
    expect(withdrawLate).toMatchObject({ status: 409, body: { reason: 'NOT_OPEN' } });
    // The date was clamped to the season's last day, as any match date.
    expect(match.body).toMatchObject({
      challengeId: issued.body.challengeId,
      defender: { teamId: first!.teamId },
    });
    expect(match.body.date).not.toBe('2099-01-01T18:30');
    expect(mine.body).toEqual([
      expect.objectContaining({
        state: 'accepted',
        matchId: accepted.body.matchId,
        playBy: expect.any(String),
      }),
    ]);
    await eventually(() =>
      expect(
        live.pushes
          .filter((push) => push.event === 'challenge.updated')
          .map((push) => (push.data as { challenge: Challenge }).challenge.state),
      ).toEqual(['open', 'accepted']),
    );
    live.close();
  });

  it('a decline is a walkover for the challenger, who leapfrogs; a withdrawal moves nobody', async () => {
    const { ladderId, seasonId, teams } = await seasonWithTeams(courtside.url, 4);
    const [first, second, third, fourth] = teams;
    const challenges = `${LADDER_API}/seasons/${seasonId}/challenges`;

    const withdrawn = await fourth!.http.json<{ challengeId: string }>('POST', challenges, {
      defenderTeamId: second!.teamId,
    });
    const withdraw = await fourth!.http.json(
      'POST',
      `${LADDER_API}/challenges/${withdrawn.body.challengeId}/withdraw`,
    );
    const declined = await third!.http.json<{ challengeId: string }>('POST', challenges, {
      defenderTeamId: first!.teamId,
    });
    const decline = await first!.http.json(
      'POST',
      `${LADDER_API}/challenges/${declined.body.challengeId}/decline`,
    );

    expect(withdraw.status).toBe(200);
    expect(decline).toEqual({ status: 200, body: { challengeId: declined.body.challengeId } });
    expect(await standings(ladderId)).toEqual([third!.teamId, first!.teamId, second!.teamId, fourth!.teamId]);
  });

  it('expires an unanswered challenge when the dev clock passes its deadline, once, as a walkover', async () => {
    const { ladderId, seasonId, teams } = await seasonWithTeams(courtside.url, 3);
    const [first, , third] = teams;
    const issued = await third!.http.json<{ challengeId: string }>(
      'POST',
      `${LADDER_API}/seasons/${seasonId}/challenges`,
      {
        defenderTeamId: first!.teamId,
      },
    );
    const http = courtside.client();
    const before = await http.json<{ now: string }>('GET', DEV_CLOCK_PATH);
    const early = await http.json<{ now: string }>('POST', DEV_CLOCK_PATH, { advanceMs: 6 * DAY_MS });
    const stillOpen = await http.json<Challenge[]>('GET', `${LADDER_API}/seasons/${seasonId}/challenges`);
    const late = await http.json<{ now: string }>('POST', DEV_CLOCK_PATH, { advanceMs: DAY_MS });
    const again = await http.json('POST', DEV_CLOCK_PATH, { advanceMs: 0 });
    const backwards = await http.json('POST', DEV_CLOCK_PATH, { advanceMs: -1 });
    const missing = await http.json('POST', DEV_CLOCK_PATH, {});
    const after = await http.json<Challenge[]>('GET', `${LADDER_API}/seasons/${seasonId}/challenges`);

    expect(Date.parse(early.body.now) - Date.parse(before.body.now)).toBeGreaterThanOrEqual(6 * DAY_MS);
    expect(stillOpen.body.map((challenge) => challenge.state)).toEqual(['open']);
    expect(late.status).toBe(200);
    expect(again.status).toBe(200);
    expect(backwards.status).toBe(400);
    expect(missing.status).toBe(400);
    expect(after.body).toEqual([
      expect.objectContaining({
        challengeId: issued.body.challengeId,
        state: 'expired',
        matchId: expect.any(String),
      }),
    ]);
    expect(await standings(ladderId)).toEqual([third!.teamId, first!.teamId, teams[1]!.teamId]);
  });

  it('shows on the standings who may be challenged, the challenges on both rows, and each team’s record and movement', async () => {
    const { ladderId, seasonId, teams } = await seasonWithTeams(courtside.url, 4);
    const [first, second, third, fourth] = teams;
    const path = `${LADDER_API}/ladders/${ladderId}/standings`;
    type Row = {
      teamId: string;
      played: number;
      won: number;
      lost: number;
      movement: number;
      minimumMet: boolean;
      lastPlayedAt: string | null;
      canChallenge?: boolean;
      challengeRefusal?: string;
      challenge?: { challengeId: string };
    };
    const rowsFor = async (http: HttpClient) => (await http.json<{ teams: Row[] }>('GET', path)).body.teams;
    const issued = await third!.http.json<{ challengeId: string }>(
      'POST',
      `${LADDER_API}/seasons/${seasonId}/challenges`,
      {
        defenderTeamId: first!.teamId,
      },
    );

    const asFourth = await rowsFor(fourth!.http);
    const anonymous = await rowsFor(courtside.client());
    expect(
      asFourth.map((row) => [row.canChallenge, row.challengeRefusal, row.challenge?.challengeId]),
    ).toEqual([
      [false, 'BUSY', issued.body.challengeId],
      [true, undefined, undefined],
      [false, 'BUSY', issued.body.challengeId],
      [false, 'NOT_ABOVE', undefined],
    ]);
    expect(anonymous.every((row) => !('canChallenge' in row) && !('challengeRefusal' in row))).toBe(true);

    await first!.http.json('POST', `${LADDER_API}/challenges/${issued.body.challengeId}/decline`);
    const after = await rowsFor(second!.http);
    expect(
      after.map(({ teamId, played, won, lost, movement, minimumMet }) => [
        teamId,
        played,
        won,
        lost,
        movement,
        minimumMet,
      ]),
    ).toEqual([
      [third!.teamId, 1, 1, 0, 2, false],
      [first!.teamId, 1, 0, 1, -1, false],
      [second!.teamId, 0, 0, 0, -1, false],
      [fourth!.teamId, 0, 0, 0, 0, false],
    ]);
    expect(after[0]!.lastPlayedAt).toEqual(expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/));
    expect(after[3]!.lastPlayedAt).toBeNull();
    expect(after.map((row) => row.canChallenge)).toEqual([true, true, false, false]);
  });

  it('a player’s result waits for the other side: a dispute is settled by a manager, silence by the clock', async () => {
    const { ladderId, seasonId, teams, manager } = await seasonWithTeams(courtside.url, 3);
    const [first, second, third] = teams;
    const score = (defender: number[], challenger: number[]) => ({
      defender: { matchSets: defender.map((games) => ({ score: games })), special: 'none' },
      challenger: { matchSets: challenger.map((games) => ({ score: games })), special: 'none' },
    });
    const playChallenge = async (from: typeof first, to: typeof first) => {
      const issued = await from!.http.json<{ challengeId: string }>(
        'POST',
        `${LADDER_API}/seasons/${seasonId}/challenges`,
        {
          defenderTeamId: to!.teamId,
        },
      );
      const accepted = await to!.http.json<{ matchId: string }>(
        'POST',
        `${LADDER_API}/challenges/${issued.body.challengeId}/accept`,
        {},
      );
      return accepted.body.matchId;
    };
    type Confirmed = { confirmation: { state: string; dueAt?: string } };

    const firstMatch = await playChallenge(third, first);
    const entered = await third!.http.json<Confirmed>('PUT', `${MATCHES_API}/matches`, {
      id: firstMatch,
      ...score([4, 3], [6, 6]),
    });
    const noReason = await first!.http.json('POST', `${MATCHES_API}/matches/${firstMatch}/dispute`, {});
    const disputed = await first!.http.json<Confirmed>(
      'POST',
      `${MATCHES_API}/matches/${firstMatch}/dispute`,
      {
        reason: 'We won the second set',
      },
    );
    // The reason is for the sides and the club's managers; a viewer sees only that the result is disputed.
    const managersView = await manager.json<Confirmed>('GET', `${MATCHES_API}/matches/${firstMatch}`);
    const viewersView = await fetch(`${courtside.url}${MATCHES_API}/matches/${firstMatch}`).then(
      (answer) => answer.json() as Promise<Confirmed>,
    );
    const stillBusy = await third!.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
      defenderTeamId: second!.teamId,
    });
    const cancelByPlayer = await first!.http.json('DELETE', `${MATCHES_API}/matches/${firstMatch}/cancel`);
    const beforeSettling = await standings(ladderId);
    const settled = await manager.json<Confirmed>('PUT', `${MATCHES_API}/matches`, {
      id: firstMatch,
      ...score([4, 3], [6, 6]),
    });

    expect(entered.body.confirmation.state).toBe('pending');
    expect(noReason.status).toBe(400);
    expect(disputed).toMatchObject({
      status: 200,
      body: { confirmation: { state: 'disputed', reason: 'We won the second set' } },
    });
    expect(managersView.body.confirmation).toMatchObject({
      state: 'disputed',
      reason: 'We won the second set',
    });
    expect(viewersView.confirmation.state).toBe('disputed');
    expect(viewersView.confirmation).not.toHaveProperty('reason');
    expect(stillBusy).toMatchObject({ status: 409, body: { reason: 'BUSY' } });
    expect(cancelByPlayer).toMatchObject({
      status: 409,
      body: { error: 'A match with a result can only be cancelled by a manager', reason: 'HAS_RESULT' },
    });
    expect(beforeSettling).toEqual([first!.teamId, second!.teamId, third!.teamId]);
    expect(settled).toMatchObject({ status: 200, body: { confirmation: { state: 'confirmed' } } });
    // The challenge's match counts now: its teams are free, and the challenge says it was played.
    const thirdsChallenges = await third!.http.json<Challenge[]>('GET', `${LADDER_API}/challenges/mine`);
    expect(thirdsChallenges.body).toEqual([expect.objectContaining({ state: 'accepted', played: true })]);
    expect(await standings(ladderId)).toEqual([third!.teamId, first!.teamId, second!.teamId]);

    // Nobody answers the second result: the system confirms it when confirmHours (48) have passed.
    const secondMatch = await playChallenge(second, first);
    const waiting = await second!.http.json<Confirmed>('PUT', `${MATCHES_API}/matches`, {
      id: secondMatch,
      ...score([2, 2], [6, 6]),
    });
    const clock = courtside.client();
    await clock.json('POST', DEV_CLOCK_PATH, { advanceMs: 47 * 60 * 60 * 1000 });
    const notYet = await standings(ladderId);
    await clock.json('POST', DEV_CLOCK_PATH, { advanceMs: 60 * 60 * 1000 });
    const confirmedBySystem = await second!.http.json<Confirmed>(
      'GET',
      `${MATCHES_API}/matches/${secondMatch}`,
    );

    expect(waiting.body.confirmation.state).toBe('pending');
    expect(notYet).toEqual([third!.teamId, first!.teamId, second!.teamId]);
    expect(confirmedBySystem.body.confirmation).toMatchObject({
      state: 'confirmed',
      enteredBy: second!.account.id,
    });
    expect(confirmedBySystem.body.confirmation.dueAt).toBeUndefined();
    expect(await standings(ladderId)).toEqual([third!.teamId, second!.teamId, first!.teamId]);
  });

  it('a stranger to the club hears there is no such challenge (404, as for an unknown id); the club’s own people who may not answer get 403 (DESIGN.md §19)', async () => {
    const { seasonId, teams, manager } = await seasonWithTeams(courtside.url, 3);
    const [first, , third] = teams;
    const elsewhere = await seasonWithTeams(courtside.url, 1);
    const noTeam = courtside.client();
    await signedInAccount(noTeam);
    const issued = await acceptedBody<{ challengeId: string }>(
      third!.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
        defenderTeamId: first!.teamId,
      }),
    );
    const path = (answer: string) => `${LADDER_API}/challenges/${issued.challengeId}/${answer}`;
    const unknown = await noTeam.json('POST', `${LADDER_API}/challenges/${randomUUID()}/accept`, {});
    expect(unknown.status).toBe(404);

    const strangers = {
      'another club’s player': elsewhere.teams[0]!.http,
      'another club’s manager': elsewhere.manager,
      'an account on no team': noTeam,
    };
    for (const [who, stranger] of Object.entries(strangers)) {
      for (const answer of ['accept', 'decline', 'withdraw']) {
        expect(await stranger.json('POST', path(answer), {}), `${who} ${answer}`).toEqual(unknown);
      }
    }
    // Another team of the season, and the club's manager: of the club, not on the side that answers.
    for (const [who, ofTheClub] of [
      ['a player of the season', teams[1]!.http],
      ['the club’s manager', manager],
    ] as const) {
      expect((await ofTheClub.json('POST', path('accept'), {})).status, who).toBe(403);
      expect((await ofTheClub.json('POST', path('withdraw'), {})).status, who).toBe(403);
    }
    // Still open, and its own sides answer as before.
    expect((await first!.http.json('POST', path('withdraw'), {})).status).toBe(403);
    await acceptedBody(third!.http.json('POST', path('withdraw'), {}));
  });

  it('answers 404 for unknown ids and 400 for bad input, never 500', async () => {
    const { seasonId, teams } = await seasonWithTeams(courtside.url, 2);
    const player = teams[1]!.http;
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await player.json('POST', `${LADDER_API}/seasons/${unknown}/challenges`, { defenderTeamId: unknown }))
        .status,
    ).toBe(404);
    expect(
      (await player.json('POST', `${LADDER_API}/seasons/nope/challenges`, { defenderTeamId: unknown }))
        .status,
    ).toBe(400);
    expect(
      (await player.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, { defenderTeamId: 'x' }))
        .status,
    ).toBe(400);
    expect(
      (await player.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, { defenderTeamId: unknown }))
        .body,
    ).toMatchObject({ reason: 'NOT_IN_SEASON' });
    expect((await player.json('POST', `${LADDER_API}/challenges/${unknown}/accept`, {})).status).toBe(404);
    expect(
      (await player.json('POST', `${LADDER_API}/challenges/${unknown}/accept`, { date: 'soon' })).status,
    ).toBe(400);
    expect((await courtside.client().json('GET', `${LADDER_API}/challenges/mine`)).status).toBe(401);
  });
});
