import { describe, expect, it } from 'vitest';
import {
  formatLocal,
  notify,
  type NotifierInput,
  type NotifyContext,
  type Person,
} from '../../events/src/notifications/notify.ts';
import { makeBracket } from '../../events/src/tournaments/bracket.ts';

/**
 * What each notification says, in English and Dutch, and where it leads (DESIGN.md §6): the words people read are
 * a rule too. Ann and Bob (Bob reads Dutch) are the defending team `top`, Cas the challenging team `low`, Mia
 * manages the club `co` in Amsterdam.
 */
const person = (fullName: string, language: 'en' | 'nl' = 'en'): Person => ({
  fullName,
  email: `${fullName}@example.test`,
  verified: true,
  language,
  mail: {},
});
const score = (defender: number[], challenger: number[], special = 'none') => ({
  defender: { matchSets: defender.map((games) => ({ score: games })), special: 'none' as const },
  challenger: { matchSets: challenger.map((games) => ({ score: games })), special: special as 'none' },
});
const context: NotifyContext = {
  ladder: { name: 'Club Ladder', companyId: 'co' },
  managers: ['mia'],
  teams: { top: { members: ['ann', 'bob'] }, low: { members: ['cas'] } },
  match: {
    defenderId: 'top',
    challengerId: 'low',
    date: null,
    matchType: 'BESTOFTHREE',
    score: score([6, 3, 10], [4, 6, 8]),
  },
  people: { ann: person('Ann'), bob: person('Bob', 'nl'), cas: person('Cas'), mia: person('Mia') },
  timeZone: 'Europe/Amsterdam',
};
const event = (type: string, payload: object, actorId = 'system') =>
  ({
    id: 'e1',
    type,
    schemaVersion: 1,
    companyId: 'co',
    streamId: 's1',
    actorId,
    occurredAt: '2026-03-14T10:00:00.000Z',
    correlationId: 'c',
    payload: { seasonId: 's1', ladderId: 'l1', ...payload },
  }) as unknown as NotifierInput;
type Words = [title: string, body: string, url: string];
const texts = (en: Words, nl: Words) => ({
  en: { title: en[0], body: en[1], url: en[2] },
  nl: { title: nl[0], body: nl[1], url: nl[2] },
});
/** Who is told, and each one's words in both languages. */
const told = (input: NotifierInput, given = context) =>
  notify(input, given).map((n) => ({ to: n.recipientId, kind: n.kind, texts: n.texts }));
const each = (recipients: string[], kind: string, words: ReturnType<typeof texts>) =>
  recipients.map((to) => ({ to, kind, texts: words }));

const ladderPage = (locale: string) => `/webapps/ladders/${locale}/l1`;
const matchesPage = (locale: string) => `/webapps/matches/${locale}/?event=l1`;
const matchPage = (locale: string) => `/webapps/matches/${locale}/?match=m1`;
const challenge = { challengeId: 'ch', challengerTeamId: 'low', defenderTeamId: 'top' };
const retired = score([6, 2], [3, 1], 'retired');

describe('what teams are told', () => {
  it('a registered team: the managers read who wants to join, on the manager’s page of the ladder', () => {
    const managerPage = (locale: string) => `/webapps/manager/${locale}/co/ladders/Club%20Ladder`;
    expect(told(event('TeamRegistered', { teamId: 'low', memberIds: ['cas', 'nobody'] }, 'cas'))).toEqual(
      each(
        ['mia'],
        'team.waiting',
        texts(
          ['A team waits for approval in Club Ladder', 'Cas wants to join.', managerPage('en')],
          ['Een team wacht op goedkeuring in Club Ladder', 'Cas wil meedoen.', managerPage('nl')],
        ),
      ),
    );
  });

  it('a registered team of people without names, of a ladder the read models lost: a new team, the matches page', () => {
    const noLadder = { ...context, ladder: undefined };
    expect(told(event('TeamRegistered', { teamId: 'x', memberIds: ['nobody'] }), noLadder)).toEqual(
      each(
        ['mia'],
        'team.waiting',
        texts(
          ['A team waits for approval in ', 'A new team wants to join.', matchesPage('en')],
          ['Een team wacht op goedkeuring in ', 'Een nieuw team wil meedoen.', matchesPage('nl')],
        ),
      ),
    );
  });

  it('accepted or not: the team’s members, on the ladder', () => {
    expect(told(event('TeamAccepted', { teamId: 'low' }, 'mia'))).toEqual(
      each(
        ['cas'],
        'team.accepted',
        texts(
          [
            'You are in Club Ladder',
            'Your team was accepted and has a place on the ladder.',
            ladderPage('en'),
          ],
          ['Je doet mee in Club Ladder', 'Je team is goedgekeurd en staat op de ladder.', ladderPage('nl')],
        ),
      ),
    );
    expect(told(event('TeamRejected', { teamId: 'low' }, 'mia'))).toEqual(
      each(
        ['cas'],
        'team.rejected',
        texts(
          [
            'Not accepted in Club Ladder',
            'The club did not accept your team for this season.',
            ladderPage('en'),
          ],
          [
            'Niet toegelaten in Club Ladder',
            'De club heeft je team niet toegelaten voor dit seizoen.',
            ladderPage('nl'),
          ],
        ),
      ),
    );
  });
});

describe('what challenges tell', () => {
  it('issued and its reminder: the challenged team, with the deadline in the club’s time', () => {
    const respondBy = '2026-03-21T10:00:00.000Z';
    expect(told(event('ChallengeIssued', { ...challenge, respondBy }, 'cas'))).toEqual(
      each(
        ['ann', 'bob'],
        'challenge.received',
        texts(
          [
            'Cas challenges you',
            'Club Ladder: accept or decline before Sat, 21 Mar 2026, 11:00 CET.',
            ladderPage('en'),
          ],
          [
            'Cas daagt je uit',
            'Club Ladder: accepteer of weiger voor za 21 mrt 2026, 11:00 CET.',
            ladderPage('nl'),
          ],
        ),
      ),
    );
    expect(told(event('ChallengeReminderDue', { ...challenge, respondBy }))).toEqual(
      each(
        ['ann', 'bob'],
        'challenge.reminder',
        texts(
          [
            "Answer Cas's challenge",
            'Club Ladder: your answer is due by Sat, 21 Mar 2026, 11:00 CET.',
            ladderPage('en'),
          ],
          [
            'Beantwoord de uitdaging van Cas',
            'Club Ladder: je antwoord moet er zijn voor za 21 mrt 2026, 11:00 CET.',
            ladderPage('nl'),
          ],
        ),
      ),
    );
  });

  it('accepted: the challenger, to play by the deadline, on the ladder’s matches', () => {
    expect(
      told(event('ChallengeAccepted', { challengeId: 'ch', playBy: '2026-03-28T10:00:00.000Z' }, 'ann')),
    ).toEqual(
      each(
        ['cas'],
        'challenge.accepted',
        texts(
          [
            'Ann, Bob accepted your challenge',
            'Club Ladder: play the match by Sat, 28 Mar 2026, 11:00 CET.',
            matchesPage('en'),
          ],
          [
            'Ann, Bob heeft je uitdaging aangenomen',
            'Club Ladder: speel de wedstrijd voor za 28 mrt 2026, 11:00 CET.',
            matchesPage('nl'),
          ],
        ),
      ),
    );
  });

  it('declined: off, or a walkover win when the ladder says so', () => {
    const declined = (body: [string, string]) =>
      each(
        ['cas'],
        'challenge.declined',
        texts(
          ['Ann, Bob declined your challenge', body[0], ladderPage('en')],
          ['Ann, Bob heeft je uitdaging geweigerd', body[1], ladderPage('nl')],
        ),
      );
    expect(told(event('ChallengeDeclined', { challengeId: 'ch' }, 'ann'))).toEqual(
      declined(['Club Ladder: the challenge is off.', 'Club Ladder: de uitdaging gaat niet door.']),
    );
    expect(told(event('ChallengeDeclined', { challengeId: 'ch', matchId: 'm1' }, 'ann'))).toEqual(
      declined(['Club Ladder: you win by walkover.', 'Club Ladder: je wint met een walkover.']),
    );
  });

  it('expired: both sides, off, or a walkover to the challenger', () => {
    const expired = (challenger: [string, string], defender: [string, string]) => [
      ...each(
        ['cas'],
        'challenge.expired',
        texts(
          ['Your challenge was not answered in time', challenger[0], ladderPage('en')],
          ['Je uitdaging is niet op tijd beantwoord', challenger[1], ladderPage('nl')],
        ),
      ),
      ...each(
        ['ann', 'bob'],
        'challenge.expired',
        texts(
          ['You did not answer a challenge in time', defender[0], ladderPage('en')],
          ['Je hebt een uitdaging niet op tijd beantwoord', defender[1], ladderPage('nl')],
        ),
      ),
    ];
    const off: [string, string] = [
      'Club Ladder: the challenge is off.',
      'Club Ladder: de uitdaging gaat niet door.',
    ];
    expect(told(event('ChallengeExpired', { challengeId: 'ch' }))).toEqual(expired(off, off));
    expect(told(event('ChallengeExpired', { challengeId: 'ch', matchId: 'm1' }))).toEqual(
      expired(
        ['Club Ladder: you win by walkover.', 'Club Ladder: je wint met een walkover.'],
        ['Club Ladder: it counts as a walkover loss.', 'Club Ladder: het telt als verlies met een walkover.'],
      ),
    );
  });
});

describe('what results tell', () => {
  const pending = (side: string) => ({
    pending: { dueAt: '2026-03-16T10:00:00.000Z', enteredBy: 'x', side },
  });
  const toConfirm = (by: string) =>
    texts(
      [
        `Confirm the result against ${by}`,
        'Club Ladder: Ann, Bob – Cas 6-3 2-1 (retired). Confirm or dispute it before Mon, 16 Mar 2026, 11:00 CET.',
        matchPage('en'),
      ],
      [
        `Bevestig de uitslag tegen ${by}`,
        'Club Ladder: Ann, Bob – Cas 6-3 2-1 (opgegeven). Bevestig of betwist hem voor ma 16 mrt 2026, 11:00 CET.',
        matchPage('nl'),
      ],
    );

  it('a player’s result: the other side confirms it, named after the side that entered it, with its score', () => {
    expect(
      told(event('MatchResultRecorded', { matchId: 'm1', ...retired, ...pending('defender') }, 'ann')),
    ).toEqual(each(['cas'], 'result.toConfirm', toConfirm('Ann, Bob')));
    expect(
      told(event('MatchResultRecorded', { matchId: 'm1', ...retired, ...pending('challenger') }, 'cas')),
    ).toEqual(each(['ann', 'bob'], 'result.toConfirm', toConfirm('Cas')));
  });

  it('a manager’s result: both sides read that a manager set it; the system’s or a player’s is final', () => {
    const final = (title: [string, string]) =>
      texts(
        [title[0], 'Club Ladder: Ann, Bob – Cas 6-3 2-1 (retired).', matchPage('en')],
        [title[1], 'Club Ladder: Ann, Bob – Cas 6-3 2-1 (opgegeven).', matchPage('nl')],
      );
    const recorded = (actor: string) =>
      told(event('MatchResultRecorded', { matchId: 'm1', ...retired }, actor));
    expect(recorded('mia')).toEqual(
      each(
        ['ann', 'bob', 'cas'],
        'result.confirmed',
        final(['A manager set the result', 'Een beheerder heeft de uitslag vastgesteld']),
      ),
    );
    expect(recorded('system')).toEqual(
      each(
        ['ann', 'bob', 'cas'],
        'result.confirmed',
        final(['A result is final', 'Een uitslag is definitief']),
      ),
    );
    expect(recorded('cas')).toEqual(
      each(['ann', 'bob'], 'result.confirmed', final(['A result is final', 'Een uitslag is definitief'])),
    );
  });

  it('a walkover given up: “walkover” in both languages; sets without games are left out', () => {
    const walkover = {
      defender: { matchSets: [{ score: null }], special: 'none' },
      challenger: { matchSets: [{ score: null }], special: 'walkover' },
    };
    const [first] = told(event('MatchResultRecorded', { matchId: 'm1', ...walkover }));
    expect(first!.texts.en.body).toBe('Club Ladder: Ann, Bob – Cas (walkover).');
    expect(first!.texts.nl.body).toBe('Club Ladder: Ann, Bob – Cas (walkover).');
  });

  it('confirmed: both sides but who confirmed it, with the score the read models hold', () => {
    expect(told(event('ResultConfirmed', { matchId: 'm1' }, 'cas'))).toEqual(
      each(
        ['ann', 'bob'],
        'result.confirmed',
        texts(
          ['A result is final', 'Club Ladder: Ann, Bob – Cas 6-4 3-6 [10-8].', matchPage('en')],
          ['Een uitslag is definitief', 'Club Ladder: Ann, Bob – Cas 6-4 3-6 [10-8].', matchPage('nl')],
        ),
      ),
    );
  });

  it('disputed: the managers on the season’s Matches tab, and the side that entered it', () => {
    const managerTab = (locale: string) =>
      `/webapps/manager/${locale}/co/ladders/Club%20Ladder?season=s1&tab=matches`;
    const line = 'Ann, Bob – Cas 6-4 3-6 [10-8]: “not so”';
    const disputedBy = (who: string, entering: string[], disputing: string) => [
      ...each(
        ['mia'],
        'result.disputed',
        texts(
          ['A result is disputed in Club Ladder', line, managerTab('en')],
          ['Een uitslag wordt betwist in Club Ladder', line, managerTab('nl')],
        ),
      ),
      ...each(
        entering.filter((id) => id !== who),
        'result.disputed',
        texts(
          [
            `${disputing} disputes your result`,
            `Club Ladder: ${line}. A manager of the club settles it.`,
            matchPage('en'),
          ],
          [
            `${disputing} betwist je uitslag`,
            `Club Ladder: ${line}. Een beheerder van de club beslist.`,
            matchPage('nl'),
          ],
        ),
      ),
    ];
    expect(
      told(event('ResultDisputed', { matchId: 'm1', reason: 'not so', disputedBy: 'cas' }, 'cas')),
    ).toEqual(disputedBy('cas', ['ann', 'bob'], 'Cas'));
    expect(
      told(event('ResultDisputed', { matchId: 'm1', reason: 'not so', disputedBy: 'bob' }, 'bob')),
    ).toEqual(disputedBy('bob', ['cas'], 'Ann, Bob'));
  });
});

describe('what match dates and cancellations tell', () => {
  it('a date: both sides, the local date as written; a cancellation: both sides', () => {
    expect(told(event('MatchRescheduled', { matchId: 'm1', date: '2026-03-20T18:30' }, 'mia'))).toEqual(
      each(
        ['ann', 'bob', 'cas'],
        'match.scheduled',
        texts(
          ['Match on Fri, 20 Mar 2026, 18:30', 'Club Ladder: Ann, Bob – Cas.', matchesPage('en')],
          ['Wedstrijd op vr 20 mrt 2026, 18:30', 'Club Ladder: Ann, Bob – Cas.', matchesPage('nl')],
        ),
      ),
    );
    expect(told(event('MatchCancelled', { matchId: 'm1' }, 'mia'))).toEqual(
      each(
        ['ann', 'bob', 'cas'],
        'match.cancelled',
        texts(
          ['A match was cancelled', 'Club Ladder: Ann, Bob – Cas.', matchesPage('en')],
          ['Een wedstrijd is afgelast', 'Club Ladder: Ann, Bob – Cas.', matchesPage('nl')],
        ),
      ),
    );
  });

  it('a date that is not a date is shown as written; a team without known names is a dash', () => {
    expect(formatLocal('2026-13-45T18:30', 'en')).toBe('2026-13-45 18:30');
    const nameless = { ...context, people: { ...context.people, cas: { ...person('Cas'), fullName: null } } };
    const [first] = told(event('MatchCancelled', { matchId: 'm1' }, 'mia'), nameless);
    expect(first!.texts.en.body).toBe('Club Ladder: Ann, Bob – —.');
    const deadline = told(event('ChallengeIssued', { ...challenge, respondBy: 'next week' }, 'cas'));
    expect(deadline[0]!.texts.en.body).toBe('Club Ladder: accept or decline before next week.');
  });
});

describe('what needs the match, and events nobody hears of', () => {
  it.each([
    ['ChallengeAccepted', { challengeId: 'ch', playBy: '2026-03-28T10:00:00.000Z' }],
    ['ChallengeDeclined', { challengeId: 'ch' }],
    ['ChallengeExpired', { challengeId: 'ch' }],
    ['MatchResultRecorded', { matchId: 'm1', ...retired }],
    ['ResultConfirmed', { matchId: 'm1' }],
    ['ResultDisputed', { matchId: 'm1', reason: 'x', disputedBy: 'cas' }],
    ['MatchCancelled', { matchId: 'm1' }],
  ])('%s without its match or challenge in the read models tells nobody', (type, payload) => {
    expect(told(event(type, payload), { ...context, match: undefined })).toEqual([]);
  });

  it.each(['LiveScoringStarted', 'PointScored', 'PointUndone', 'LiveMatchEnded', 'SomethingNewer'])(
    '%s tells nobody',
    (type) => {
      expect(told(event(type, { matchId: 'm1', seq: 1, teamId: 'low' }))).toEqual([]);
    },
  );
});

describe('what a club night’s rounds tell (DESIGN.md §16)', () => {
  const night = { ...context, tournament: { name: 'Friday night', format: 'MEXICANO' as const } };
  const people = { ...context.people, dan: person('Dan'), eve: person('Eve') };
  const round = (number: number) =>
    event(
      'TournamentRoundMade',
      {
        tournamentId: 't1',
        round: number,
        games: [{ gameId: 'g1', court: 2, sideA: ['ann', 'dan'], sideB: ['cas', 'eve'] }],
        sittingOut: ['bob'],
      },
      'mia',
    );
  const page = (locale: string) => `/webapps/tournaments/${locale}/t1`;

  it('round 1 (the draw): each player their court, partner and opponents; who sits out, that they do', () => {
    const drawn = told(round(1), { ...night, people });
    expect(drawn.map((n) => [n.to, n.kind])).toEqual([
      ['ann', 'tournament.drawn'],
      ['dan', 'tournament.drawn'],
      ['cas', 'tournament.drawn'],
      ['eve', 'tournament.drawn'],
      ['bob', 'tournament.drawn'],
    ]);
    expect(drawn[0]!.texts).toEqual(
      texts(
        ['Friday night: round 1 on court 2', 'With Dan, against Cas and Eve.', page('en')],
        ['Friday night: ronde 1 op baan 2', 'Met Dan, tegen Cas en Eve.', page('nl')],
      ),
    );
    expect(drawn[4]!.texts).toEqual(
      texts(
        ['Friday night: you sit out round 1', 'You play again in the next round.', page('en')],
        ['Friday night: je speelt ronde 1 niet', 'Je speelt weer in de volgende ronde.', page('nl')],
      ),
    );
  });

  it('a Mexicano’s next round is tournament.round; an Americano’s later rounds (made at the draw) tell nobody', () => {
    expect(told(round(2), { ...night, people }).map((n) => n.kind)).toEqual(
      Array(5).fill('tournament.round'),
    );
    const americano = {
      ...night,
      people,
      tournament: { name: 'Friday night', format: 'AMERICANO' as const },
    };
    expect(told(round(2), americano)).toEqual([]);
    expect(told(round(1), { ...context, people })).toEqual([]);
  });
});

describe('what a knockout’s draw and draw matches tell (DESIGN.md §16)', () => {
  // Five sides: 1–bye, 4–5, 3–bye, 2–bye; m1 is e4–e5, m2 e1 against m1's winner, m3 e3–e2, m4 the final.
  const bracket = makeBracket(['e1', 'e2', 'e3', 'e4', 'e5'], ['m1', 'm2', 'm3', 'm4', 'm5'], false);
  const people = { ...context.people, dan: person('Dan'), eve: person('Eve'), fay: person('Fay', 'nl') };
  const teams = {
    e1: { members: ['ann'] },
    e2: { members: ['bob'] },
    e3: { members: ['cas'] },
    e4: { members: ['dan'] },
    e5: { members: ['eve'] },
    e6: { members: ['fay'] },
  };
  const cup = {
    ...context,
    people,
    teams,
    ladder: { name: 'Club cup', companyId: 'co' },
    tournament: { name: 'Club cup', format: 'KNOCKOUT' as const, bracket },
  };
  const made = (matchId: string, defenderId: string, challengerId: string) =>
    told(event('MatchCreated', { matchId, tournamentId: 't1', defenderId, challengerId }, 'mia'), {
      ...cup,
      match: { defenderId, challengerId, date: null, matchType: 'BESTOFTHREE' },
    });
  const page = (locale: string) => `/webapps/tournaments/${locale}/t1`;

  it('a match the draw made is each side’s first (tournament.drawn); a seed with a bye hears whom it may meet', () => {
    expect(made('m1', 'e4', 'e5')).toEqual([
      ...each(
        ['dan'],
        'tournament.drawn',
        texts(
          ['Club cup: your first match', 'Round 1: against Eve.', page('en')],
          ['Club cup: je eerste wedstrijd', 'Ronde 1: tegen Eve.', page('nl')],
        ),
      ),
      ...each(
        ['eve'],
        'tournament.drawn',
        texts(
          ['Club cup: your first match', 'Round 1: against Dan.', page('en')],
          ['Club cup: je eerste wedstrijd', 'Ronde 1: tegen Dan.', page('nl')],
        ),
      ),
    ]);
    // Cas and Bob both have byes and meet in round 2 at once: the draw made that match.
    expect(made('m3', 'e3', 'e2').map((n) => [n.to, n.kind])).toEqual([
      ['cas', 'tournament.drawn'],
      ['bob', 'tournament.drawn'],
    ]);
    const drawn = event(
      'TournamentDrawn',
      { tournamentId: 't1', seeding: 'ENTRY', order: ['e1', 'e2', 'e3', 'e4', 'e5'], bracket },
      'mia',
    );
    expect(told(drawn, cup)).toEqual(
      each(
        ['ann'],
        'tournament.drawn',
        texts(
          ['Club cup: a bye in round 1', 'You play round 2 against the winner of Dan – Eve.', page('en')],
          ['Club cup: een bye in ronde 1', 'Je speelt ronde 2 tegen de winnaar van Dan – Eve.', page('nl')],
        ),
      ),
    );
    expect(told(drawn, { ...cup, tournament: undefined })).toEqual([]);
  });

  it('a winner’s next match is tournament.result, to both its sides; the final is named so', () => {
    expect(made('m2', 'e1', 'e5')).toEqual([
      ...each(
        ['ann'],
        'tournament.result',
        texts(
          ['Club cup: your next match', 'Round 2: against Eve.', page('en')],
          ['Club cup: je volgende wedstrijd', 'Ronde 2: tegen Eve.', page('nl')],
        ),
      ),
      ...each(
        ['eve'],
        'tournament.result',
        texts(
          ['Club cup: your next match', 'Round 2: against Ann.', page('en')],
          ['Club cup: je volgende wedstrijd', 'Ronde 2: tegen Ann.', page('nl')],
        ),
      ),
    ]);
    expect(made('m4', 'e1', 'e2')[0]!.texts.en.body).toBe('The final: against Bob.');
    expect(made('m4', 'e1', 'e2')[1]!.texts.nl.body).toBe('De finale: tegen Ann.');
    // A ladder's match (no tournament) and a match the bracket does not hold tell nobody.
    expect(told(event('MatchCreated', { matchId: 'm1', defenderId: 'top', challengerId: 'low' }))).toEqual(
      [],
    );
    expect(made('m9', 'e1', 'e2')).toEqual([]);
    expect(
      told(
        event('MatchCreated', { matchId: 'm2', tournamentId: 't1', defenderId: 'e1', challengerId: 'e5' }),
        {
          ...cup,
          tournament: undefined,
        },
      ),
    ).toEqual([]);
  });

  it('six sides: both seeds with byes hear whom they may meet; a match with a bye seed below is a next match', () => {
    // 1–bye, 4–5, 3–6, 2–bye: Ann waits for Dan – Eve above, Bob for Cas – Fay below.
    const six = makeBracket(['e1', 'e2', 'e3', 'e4', 'e5', 'e6'], ids(8), false);
    const sixCup = { ...cup, tournament: { ...cup.tournament, bracket: six } };
    const drawn = event(
      'TournamentDrawn',
      { tournamentId: 't1', seeding: 'ENTRY', order: ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'], bracket: six },
      'mia',
    );
    expect(told(drawn, sixCup).map((n) => [n.to, n.texts.en.body, n.texts.nl.body])).toEqual([
      [
        'ann',
        'You play round 2 against the winner of Dan – Eve.',
        'Je speelt ronde 2 tegen de winnaar van Dan – Eve.',
      ],
      [
        'bob',
        'You play round 2 against the winner of Cas – Fay.',
        'Je speelt ronde 2 tegen de winnaar van Cas – Fay.',
      ],
    ]);
    const below = six.matches.find((m) => m.round === 2 && m.sideB !== undefined)!;
    const notices = notify(
      event(
        'MatchCreated',
        { matchId: below.matchId, tournamentId: 't1', defenderId: 'e3', challengerId: 'e2' },
        'mia',
      ),
      { ...sixCup, match: { defenderId: 'e3', challengerId: 'e2', date: null } },
    );
    expect(notices.map((n) => [n.recipientId, n.kind, n.texts.en.body])).toEqual([
      ['cas', 'tournament.result', 'Round 2: against Bob.'],
      ['bob', 'tournament.result', 'Round 2: against Cas.'],
    ]);
  });

  it('names the plate’s rounds and final', () => {
    const plated = makeBracket(['e1', 'e2', 'e3', 'e4', 'e5'], ids(12), true);
    const plate = plated.plate!;
    const plateCup = { ...cup, tournament: { ...cup.tournament, bracket: plated } };
    const notice = (matchId: string) =>
      notify(
        event('MatchCreated', { matchId, tournamentId: 't1', defenderId: 'e4', challengerId: 'e5' }, 'mia'),
        { ...plateCup, match: { defenderId: 'e4', challengerId: 'e5', date: null } },
      )[0]!.texts;
    expect(notice(plate.matches[0]!.matchId).en.body).toBe('Plate round 1: against Eve.');
    expect(notice(plate.matches[0]!.matchId).nl.body).toBe('Plate ronde 1: tegen Eve.');
    expect(notice(plate.matches.at(-1)!.matchId).en.body).toBe('The plate final: against Eve.');
    expect(notice(plate.matches.at(-1)!.matchId).nl.body).toBe('De finale van de plate: tegen Eve.');
  });
});

const ids = (count: number) => Array.from({ length: count }, (_, i) => `x${i + 1}`);
