import { describe, expect, it } from 'vitest';
import {
  mailWithdrawnBy,
  notify,
  reminderDue,
  settledBy,
  type NotifierInput,
  type NotifyContext,
  type Person,
  type ProductEvent,
} from './notify.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const ladderId = '00000000-0000-4000-8000-0000000000d1';
const seasonId = '00000000-0000-4000-8000-0000000000e1';
const matchId = '00000000-0000-4000-8000-0000000000f1';
const challengeId = '00000000-0000-4000-8000-0000000000f2';
const top = '00000000-0000-4000-8000-0000000000b1';
const bottom = '00000000-0000-4000-8000-0000000000b2';
const [ann, bob, cas, dee, manager] = ['a1', 'a2', 'a3', 'a4', 'a5'].map(
  (suffix) => `00000000-0000-4000-8000-0000000000${suffix}`,
) as [string, string, string, string, string];

const person = (fullName: string, overrides: Partial<Person> = {}): Person => ({
  fullName,
  email: `${fullName.toLowerCase()}@example.test`,
  verified: true,
  language: 'en',
  mail: {},
  ...overrides,
});

const sides = { defenderId: top, challengerId: bottom, date: null, matchType: 'BESTOFTHREE' as const };

/** Two doubles teams: Ann and Bob on top, Cas and Dee below; Mia manages the club. */
const context = (overrides: Partial<NotifyContext> = {}): NotifyContext => ({
  ladder: { name: 'Club Ladder', companyId },
  managers: [manager],
  teams: { [top]: { members: [ann, bob] }, [bottom]: { members: [cas, dee] } },
  match: sides,
  people: {
    [ann]: person('Ann'),
    [bob]: person('Bob', { language: 'nl' }),
    [cas]: person('Cas'),
    [dee]: person('Dee'),
    [manager]: person('Mia'),
  },
  ...overrides,
});

function event<T extends ProductEvent['type']>(
  type: T,
  payload: Extract<ProductEvent, { type: T }>['payload'],
  actorId = 'system',
): NotifierInput {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    type,
    schemaVersion: 1,
    companyId,
    streamId: seasonId,
    actorId,
    occurredAt: '2026-03-14T10:00:00.000Z',
    correlationId: 'c',
    payload,
  } as NotifierInput;
}

/** Given a context, when an event happens, then these people are told these kinds (mailed or not). */
const given = (ctx: NotifyContext) => ({
  when: (input: NotifierInput) => {
    const told = notify(input, ctx);
    return {
      thenTold: (expected: Array<[string, string, { mail?: boolean }?]>) =>
        expect(told.map((n) => [n.recipientId, n.kind, { mail: n.mail }])).toEqual(
          expected.map(([who, kind, options]) => [who, kind, { mail: options?.mail ?? true }]),
        ),
      notifications: told,
    };
  },
});

const teamRef = { teamId: bottom, seasonId, ladderId };
const challengeRef = { challengeId, seasonId, ladderId };
const matchRef = { matchId, seasonId, ladderId };
const side = { matchSets: [{ score: 6 }, { score: 6 }], special: 'none' as const };
const games = (...scores: number[]) => ({
  matchSets: scores.map((score) => ({ score })),
  special: 'none' as const,
});
/** The defender wins 6-4 6-3. */
const won = { defender: games(6, 6), challenger: games(4, 3) };

describe('who is told what (DESIGN.md §6)', () => {
  it('a registered team: the managers are told a team waits in the app (the day’s digest mails it), not the players who registered', () => {
    given(context())
      .when(event('TeamRegistered', { ...teamRef, memberIds: [cas, dee] }, cas))
      .thenTold([[manager, 'team.waiting', { mail: false }]]);
    // DESIGN.md §12: a team made by closing a box season is accepted at once; nobody is told it waits.
    given(context())
      .when(
        event('TeamRegistered', { ...teamRef, memberIds: [cas, dee], closedFrom: teamRef.seasonId }, manager),
      )
      .thenTold([]);
    // DESIGN.md §17: an invitation placed the team straight into the ladder; nothing waits, nobody is told.
    given(context())
      .when(event('TeamRegistered', { ...teamRef, memberIds: [cas, dee], placement: 'ACTIVE' }, cas))
      .thenTold([]);
  });

  it('an accepted or rejected team: its members are told, the manager who did it is not', () => {
    given(context())
      .when(event('TeamAccepted', teamRef, manager))
      .thenTold([
        [cas, 'team.accepted'],
        [dee, 'team.accepted'],
      ]);
    given(context())
      .when(event('TeamRejected', teamRef, manager))
      .thenTold([
        [cas, 'team.rejected'],
        [dee, 'team.rejected'],
      ]);
  });

  it('a challenge: the challenged team receives it, each member in their own language, with the words of both', () => {
    const english = {
      title: 'Cas, Dee challenges you',
      body: 'Club Ladder: accept or decline before Sat, 21 Mar 2026, 10:00 UTC.',
      url: `/webapps/ladders/en/${ladderId}`,
    };
    const dutch = {
      title: 'Cas, Dee daagt je uit',
      body: 'Club Ladder: accepteer of weiger voor za 21 mrt 2026, 10:00 UTC.',
      url: `/webapps/ladders/nl/${ladderId}`,
    };
    const { notifications } = given(context()).when(
      event(
        'ChallengeIssued',
        {
          ...challengeRef,
          challengerTeamId: bottom,
          defenderTeamId: top,
          issuedBy: cas,
          issuedAt: '2026-03-14T10:00:00.000Z',
          respondBy: '2026-03-21T10:00:00.000Z',
          playDays: 14,
          declineIsWalkover: true,
        },
        cas,
      ),
    );
    expect(notifications).toEqual([
      {
        recipientId: ann,
        kind: 'challenge.received',
        language: 'en',
        title: 'Cas, Dee challenges you',
        body: 'Club Ladder: accept or decline before Sat, 21 Mar 2026, 10:00 UTC.',
        url: `/webapps/ladders/en/${ladderId}`,
        texts: { en: english, nl: dutch },
        mail: true,
        named: [cas, dee],
      },
      {
        recipientId: bob,
        kind: 'challenge.received',
        language: 'nl',
        title: 'Cas, Dee daagt je uit',
        body: 'Club Ladder: accepteer of weiger voor za 21 mrt 2026, 10:00 UTC.',
        url: `/webapps/ladders/nl/${ladderId}`,
        texts: { en: english, nl: dutch },
        mail: true,
        named: [cas, dee],
      },
    ]);
  });

  it('writes a deadline in the club’s time zone, named, in each reader’s language', () => {
    const issued = event(
      'ChallengeIssued',
      {
        ...challengeRef,
        challengerTeamId: bottom,
        defenderTeamId: top,
        issuedBy: cas,
        issuedAt: '2026-06-14T10:00:00.000Z',
        respondBy: '2026-06-21T10:00:00.000Z',
        playDays: 14,
        declineIsWalkover: true,
      },
      cas,
    );
    const { notifications } = given({ ...context(), timeZone: 'Europe/Amsterdam' }).when(issued);
    expect(notifications.map((n) => n.body)).toEqual([
      'Club Ladder: accept or decline before Sun, 21 Jun 2026, 12:00 CEST.',
      'Club Ladder: accepteer of weiger voor zo 21 jun 2026, 12:00 CEST.',
    ]);
  });

  it('an accepted, declined or expired challenge: the challenger is told; an expiry tells both sides', () => {
    given(context())
      .when(
        event(
          'ChallengeAccepted',
          { ...challengeRef, matchId, acceptedBy: ann, playBy: '2026-04-04T10:00:00.000Z' },
          ann,
        ),
      )
      .thenTold([
        [cas, 'challenge.accepted'],
        [dee, 'challenge.accepted'],
      ]);
    given(context())
      .when(event('ChallengeDeclined', { ...challengeRef, declinedBy: ann, matchId }, ann))
      .thenTold([
        [cas, 'challenge.declined'],
        [dee, 'challenge.declined'],
      ]);
    given(context())
      .when(event('ChallengeExpired', { ...challengeRef, matchId }))
      .thenTold([
        [cas, 'challenge.expired'],
        [dee, 'challenge.expired'],
        [ann, 'challenge.expired'],
        [bob, 'challenge.expired'],
      ]);
  });

  it('a reminder: the challenged team is told its answer is due', () => {
    given(context())
      .when({
        type: 'ChallengeReminderDue',
        id: `reminder:${challengeId}`,
        companyId,
        actorId: 'system',
        payload: {
          ...challengeRef,
          challengerTeamId: bottom,
          defenderTeamId: top,
          respondBy: '2026-03-21T10:00:00.000Z',
        },
      })
      .thenTold([
        [ann, 'challenge.reminder'],
        [bob, 'challenge.reminder'],
      ]);
  });

  it("a player's result: the other side is asked to confirm it; the side that entered it is not", () => {
    given(context())
      .when(
        event(
          'MatchResultRecorded',
          {
            ...matchRef,
            defender: side,
            challenger: side,
            pending: { enteredBy: cas, side: 'challenger', dueAt: '2026-03-16T10:00:00.000Z' },
          },
          cas,
        ),
      )
      .thenTold([
        [ann, 'result.toConfirm'],
        [bob, 'result.toConfirm'],
      ]);
  });

  it('a result to confirm is about its match, so that what settles it finds it', () => {
    const { notifications } = given(context()).when(
      event(
        'MatchResultRecorded',
        {
          ...matchRef,
          ...won,
          pending: { enteredBy: cas, side: 'challenger', dueAt: '2026-03-16T10:00:00.000Z' },
        },
        cas,
      ),
    );
    expect(notifications.map((notification) => notification.about)).toEqual([matchId, matchId]);
  });

  it('settles a result to confirm once it is confirmed, disputed, withdrawn, entered anew or its match cancelled', () => {
    const toConfirm = { kind: 'result.toConfirm', about: matchId };
    expect(settledBy(event('ResultConfirmed', { ...matchRef, confirmedBy: ann }, ann))).toEqual(toConfirm);
    expect(settledBy(event('ResultDisputed', { ...matchRef, disputedBy: ann }, ann))).toEqual(toConfirm);
    expect(settledBy(event('ResultWithdrawn', { ...matchRef, withdrawnBy: cas }, cas))).toEqual(toConfirm);
    expect(settledBy(event('MatchResultRecorded', { ...matchRef, ...won }, manager))).toEqual(toConfirm);
    expect(settledBy(event('MatchCancelled', matchRef, manager))).toEqual(toConfirm);
    expect(settledBy(event('TeamAccepted', teamRef, manager))).toEqual({
      kind: 'team.waiting',
      about: bottom,
    });
    expect(settledBy(event('TeamRejected', teamRef, manager))).toEqual({
      kind: 'team.waiting',
      about: bottom,
    });
    expect(settledBy(event('MatchRescheduled', { ...matchRef, date: null }, cas))).toBeUndefined();
  });

  it('a withdrawn result withdraws its unsent mail asking to confirm; nothing else withdraws a mail', () => {
    expect(mailWithdrawnBy(event('ResultWithdrawn', { ...matchRef, withdrawnBy: cas }, cas))).toEqual({
      kind: 'result.toConfirm',
      about: matchId,
    });
    expect(mailWithdrawnBy(event('ResultConfirmed', { ...matchRef, confirmedBy: ann }, ann))).toBeUndefined();
    expect(mailWithdrawnBy(event('TeamAccepted', teamRef, manager))).toBeUndefined();
  });

  it("a confirmed result, or a manager's result: both sides are told, except who confirmed it", () => {
    given(context())
      .when(event('ResultConfirmed', { ...matchRef, confirmedBy: ann }, ann))
      .thenTold([
        [bob, 'result.confirmed'],
        [cas, 'result.confirmed'],
        [dee, 'result.confirmed'],
      ]);
    given(context())
      .when(event('MatchResultRecorded', { ...matchRef, ...won }, manager))
      .thenTold([
        [ann, 'result.confirmed'],
        [bob, 'result.confirmed'],
        [cas, 'result.confirmed'],
        [dee, 'result.confirmed'],
      ]);
  });

  it('a score saved without a winner yet (one set, a games-only draw) tells nobody that a result is final', () => {
    given(context())
      .when(event('MatchResultRecorded', { ...matchRef, defender: side, challenger: side }, manager))
      .thenTold([]);
    given(context())
      .when(event('MatchResultRecorded', { ...matchRef, defender: games(6), challenger: games(4) }, manager))
      .thenTold([]);
    given(context({ match: { ...sides, matchType: 'GAMESONLY' } }))
      .when(event('MatchResultRecorded', { ...matchRef, defender: games(5), challenger: games(5) }, manager))
      .thenTold([]);
    given(context({ match: { ...sides, matchType: 'GAMESONLY' } }))
      .when(event('MatchResultRecorded', { ...matchRef, defender: games(6), challenger: games(5) }, manager))
      .thenTold([
        [ann, 'result.confirmed'],
        [bob, 'result.confirmed'],
        [cas, 'result.confirmed'],
        [dee, 'result.confirmed'],
      ]);
  });

  it('the walkover result of a declined challenge tells nobody again (the decline said it)', () => {
    given(context({ match: { defenderId: top, challengerId: bottom, date: null, byChallenge: true } }))
      .when(event('MatchResultRecorded', { ...matchRef, defender: side, challenger: side }, ann))
      .thenTold([]);
  });

  it('a disputed result: the managers are told with the score and the reason, led to the Matches tab; the side that entered it is told too', () => {
    const score = { defender: games(4, 6, 7), challenger: games(6, 4, 5) };
    const { notifications } = given(context({ match: { ...sides, score } })).when(
      event('ResultDisputed', { ...matchRef, disputedBy: ann, reason: 'We won the tiebreak' }, ann),
    );
    expect(notifications.map((n) => [n.recipientId, n.kind])).toEqual([
      [manager, 'result.disputed'],
      [cas, 'result.disputed'],
      [dee, 'result.disputed'],
    ]);
    expect(notifications[0]).toMatchObject({
      body: 'Ann, Bob – Cas, Dee 4-6 6-4 7-5: “We won the tiebreak”',
      url: `/webapps/manager/en/${companyId}/ladders/Club%20Ladder?season=${seasonId}&tab=matches`,
    });
    expect(notifications[1]).toMatchObject({
      title: 'Ann, Bob disputes your result',
      body: 'Club Ladder: Ann, Bob – Cas, Dee 4-6 6-4 7-5: “We won the tiebreak”. A manager of the club settles it.',
      url: `/webapps/matches/en/?match=${matchId}`,
    });
  });

  it('results name their score and lead to the match; a manager’s result says a manager set it', () => {
    const pending = given(context()).when(
      event(
        'MatchResultRecorded',
        {
          ...matchRef,
          defender: games(4, 4),
          challenger: games(6, 6),
          pending: { enteredBy: cas, side: 'challenger', dueAt: '2026-03-16T10:00:00.000Z' },
        },
        cas,
      ),
    ).notifications;
    expect(pending[0]).toMatchObject({
      title: 'Confirm the result against Cas, Dee',
      body: 'Club Ladder: Ann, Bob – Cas, Dee 4-6 4-6. Confirm or dispute it before Mon, 16 Mar 2026, 10:00 UTC.',
      url: `/webapps/matches/en/?match=${matchId}`,
    });
    expect(pending[1]).toMatchObject({
      title: 'Bevestig de uitslag tegen Cas, Dee',
      url: `/webapps/matches/nl/?match=${matchId}`,
    });
    const byManager = given(context()).when(
      event('MatchResultRecorded', { ...matchRef, ...won }, manager),
    ).notifications;
    expect(byManager[0]).toMatchObject({
      title: 'A manager set the result',
      body: 'Club Ladder: Ann, Bob – Cas, Dee 6-4 6-3.',
      url: `/webapps/matches/en/?match=${matchId}`,
    });
    expect(byManager[1]).toMatchObject({ title: 'Een beheerder heeft de uitslag vastgesteld' });
    const retired = { defender: games(6, 1), challenger: { ...games(2, 0), special: 'retired' as const } };
    const confirmed = given(context({ match: { ...sides, score: retired } })).when(
      event('ResultConfirmed', { ...matchRef, confirmedBy: ann }, ann),
    ).notifications;
    expect(confirmed.map((n) => [n.title, n.body])).toEqual([
      ['Een uitslag is definitief', 'Club Ladder: Ann, Bob – Cas, Dee 6-2 1-0 (opgegeven).'],
      ['A result is final', 'Club Ladder: Ann, Bob – Cas, Dee 6-2 1-0 (retired).'],
      ['A result is final', 'Club Ladder: Ann, Bob – Cas, Dee 6-2 1-0 (retired).'],
    ]);
  });

  it('a waiting team’s notification says which team it is about (read once the team is accepted or rejected)', () => {
    const { notifications } = given(context()).when(
      event('TeamRegistered', { ...teamRef, memberIds: [cas, dee] }, cas),
    );
    expect(notifications).toEqual([expect.objectContaining({ kind: 'team.waiting', about: bottom })]);
  });

  it('a date set or changed, and a cancelled match: both sides are told, except who did it', () => {
    const { notifications } = given(context()).when(
      event('MatchRescheduled', { ...matchRef, date: '2026-03-20T18:30' }, ann),
    );
    expect(notifications.map((n) => [n.recipientId, n.kind, n.title])).toEqual([
      [bob, 'match.scheduled', 'Wedstrijd op vr 20 mrt 2026, 18:30'],
      [cas, 'match.scheduled', 'Match on Fri, 20 Mar 2026, 18:30'],
      [dee, 'match.scheduled', 'Match on Fri, 20 Mar 2026, 18:30'],
    ]);
    given(context())
      .when(event('MatchRescheduled', { ...matchRef, date: null }, ann))
      .thenTold([]);
    given(context())
      .when(event('MatchCancelled', matchRef, manager))
      .thenTold([
        [ann, 'match.cancelled'],
        [bob, 'match.cancelled'],
        [cas, 'match.cancelled'],
        [dee, 'match.cancelled'],
      ]);
  });

  it('an unverified address, or a kind switched off, is told in the app but not mailed', () => {
    const people = context().people;
    given(
      context({
        people: {
          ...people,
          [cas]: person('Cas', { verified: false }),
          [dee]: person('Dee', { mail: { 'team.accepted': false } }),
        },
      }),
    )
      .when(event('TeamAccepted', teamRef, manager))
      .thenTold([
        [cas, 'team.accepted', { mail: false }],
        [dee, 'team.accepted', { mail: false }],
      ]);
  });

  it('someone the read models do not know (a deleted account) is not told', () => {
    given(context({ people: {} }))
      .when(event('TeamAccepted', teamRef, manager))
      .thenTold([]);
  });

  it('an erased person is told nothing and named "Former player" / "Voormalig speler" in the others’ words', () => {
    const people = context().people;
    const { notifications } = given(
      context({ people: { ...people, [ann]: person('', { fullName: null, email: '', erased: true }) } }),
    ).when(event('MatchCancelled', matchRef, manager));
    expect(notifications.map((n) => [n.recipientId, n.body])).toEqual([
      [bob, 'Club Ladder: Voormalig speler, Bob – Cas, Dee.'],
      [cas, 'Club Ladder: Former player, Bob – Cas, Dee.'],
      [dee, 'Club Ladder: Former player, Bob – Cas, Dee.'],
    ]);
    // The erased person's name is nobody's to rewrite later; the others' are.
    expect(notifications[1]!.named).toEqual([bob, cas, dee]);
    const waiting = given(
      context({ people: { ...people, [cas]: person('', { fullName: null, email: '', erased: true }) } }),
    ).when(event('TeamRegistered', { ...teamRef, memberIds: [cas, dee] }, dee)).notifications;
    expect(waiting.map((n) => [n.texts.en.body, n.texts.nl.body])).toEqual([
      ['Former player, Dee wants to join.', 'Voormalig speler, Dee wil meedoen.'],
    ]);
  });

  it('events nobody needs to hear about tell nobody', () => {
    given(context())
      .when(event('ChallengeWithdrawn', { ...challengeRef, withdrawnBy: cas }, cas))
      .thenTold([]);
    given(context())
      .when(event('TeamPositionChanged', { ...teamRef, position: 1 }, manager))
      .thenTold([]);
  });
});

describe('reminders (an answer due within 24 hours)', () => {
  const challenge = { issuedAt: '2026-03-14T10:00:00.000Z', respondBy: '2026-03-21T10:00:00.000Z' };

  it('are due from a day before the deadline until the deadline', () => {
    expect(reminderDue(challenge, new Date('2026-03-20T09:59:59.000Z'))).toBe(false);
    expect(reminderDue(challenge, new Date('2026-03-20T10:00:00.000Z'))).toBe(true);
    expect(reminderDue(challenge, new Date('2026-03-21T09:59:59.000Z'))).toBe(true);
    expect(reminderDue(challenge, new Date('2026-03-21T10:00:00.000Z'))).toBe(false);
  });

  it('are not sent for a challenge issued less than a day before its deadline', () => {
    const short = { issuedAt: '2026-03-20T10:00:00.000Z', respondBy: '2026-03-21T10:00:00.000Z' };
    expect(reminderDue(short, new Date('2026-03-20T12:00:00.000Z'))).toBe(false);
  });
});
