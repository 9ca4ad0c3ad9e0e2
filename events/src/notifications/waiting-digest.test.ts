import { describe, expect, it } from 'vitest';
import type { Person } from './notify.ts';
import {
  localDay,
  localInstant,
  waitingDigestDue,
  waitingDigests,
  type WaitingDigestInput,
} from './waiting-digest.ts';

const companyId = '00000000-0000-4000-8000-0000000000c1';
const [ann, bob, cas, mia, max] = ['ann', 'bob', 'cas', 'mia', 'max'];

const person = (fullName: string, overrides: Partial<Person> = {}): Person => ({
  fullName,
  email: `${fullName.toLowerCase()}@example.test`,
  verified: true,
  language: 'en',
  mail: {},
  ...overrides,
});

/** Mia and Max manage TC Baseline; Ann and Bob wait in the Club Ladder, Cas in the Padel Ladder. */
const input = (overrides: Partial<WaitingDigestInput> = {}): WaitingDigestInput => ({
  companyId,
  companyName: 'TC Baseline',
  managers: [mia, max],
  teams: [
    { teamId: 't1', ladderName: 'Club Ladder', memberIds: [ann, bob], registeredAt: '2026-03-14T09:00:00Z' },
    { teamId: 't2', ladderName: 'Padel Ladder', memberIds: [cas], registeredAt: '2026-03-14T08:00:00Z' },
  ],
  people: {
    [ann]: person('Ann'),
    [bob]: person('Bob'),
    [cas]: person('Cas'),
    [mia]: person('Mia'),
    [max]: person('Max', { language: 'nl' }),
  },
  ...overrides,
});

const amsterdam = 'Europe/Amsterdam';
/** 14 March 2026, 18:00 in Amsterdam (winter time, UTC+1). */
const due = { day: '2026-03-14', at: new Date('2026-03-14T17:00:00Z') };

describe('the waiting teams’ digest is due at 18:00 in the club’s time zone (DESIGN.md §17)', () => {
  it('is not due before 18:00 of the club’s day, and is the day’s from 18:00 to midnight', () => {
    expect(waitingDigestDue(new Date('2026-03-14T16:59:59.999Z'), amsterdam)).toBeUndefined();
    expect(waitingDigestDue(new Date('2026-03-14T17:00:00Z'), amsterdam)).toEqual(due);
    expect(waitingDigestDue(new Date('2026-03-14T22:59:59Z'), amsterdam)).toEqual(due);
    // Past midnight in Amsterdam (still the 14th in UTC): the 15th, whose 18:00 has not come.
    expect(waitingDigestDue(new Date('2026-03-14T23:30:00Z'), amsterdam)).toBeUndefined();
  });

  it('follows the zone’s summer time, and UTC where that is the zone', () => {
    expect(localInstant('2026-07-01', 18, amsterdam).toISOString()).toBe('2026-07-01T16:00:00.000Z');
    // The day summer time starts (02:00 → 03:00): 18:00 is already UTC+2.
    expect(localInstant('2026-03-29', 18, amsterdam).toISOString()).toBe('2026-03-29T16:00:00.000Z');
    expect(localInstant('2026-10-25', 18, amsterdam).toISOString()).toBe('2026-10-25T17:00:00.000Z');
    expect(waitingDigestDue(new Date('2026-03-14T18:00:00Z'), 'UTC')).toEqual({
      day: '2026-03-14',
      at: new Date('2026-03-14T18:00:00Z'),
    });
    expect(localDay(new Date('2026-03-14T23:30:00Z'), 'America/New_York')).toBe('2026-03-14');
  });
});

describe('who gets the waiting teams’ digest, and what it lists (DESIGN.md §17)', () => {
  it('one mail per manager in their language, listing every team still waiting by ladder, keyed by manager, company and day', () => {
    const mails = waitingDigests(input(), due);
    expect(mails.map((mail) => [mail.recipientId, mail.language, mail.title, mail.idempotencyKey])).toEqual([
      [mia, 'en', '2 teams wait for approval in TC Baseline', `team.waiting:${companyId}:mia:2026-03-14`],
      [
        max,
        'nl',
        '2 teams wachten op goedkeuring in TC Baseline',
        `team.waiting:${companyId}:max:2026-03-14`,
      ],
    ]);
    expect(mails[0]!.body).toBe(
      [
        'These teams still wait for a manager to accept or reject them:',
        '',
        '- Club Ladder: Ann, Bob',
        '- Padel Ladder: Cas',
      ].join('\n'),
    );
    expect(mails[1]!.body.split('\n')[0]).toBe(
      'Deze teams wachten nog tot een beheerder ze toelaat of afwijst:',
    );
    expect(mails.map((mail) => mail.url)).toEqual([
      `/webapps/manager/en/${companyId}/ladders`,
      `/webapps/manager/nl/${companyId}/ladders`,
    ]);
  });

  it('no team waiting, no mail; a team that registered after 18:00 waits for the next day’s digest', () => {
    expect(waitingDigests(input({ teams: [] }), due)).toEqual([]);
    const late = input({
      teams: [
        { teamId: 't3', ladderName: 'Club Ladder', memberIds: [cas], registeredAt: '2026-03-14T17:00:00Z' },
      ],
    });
    expect(waitingDigests(late, due)).toEqual([]);
    const one = waitingDigests(input({ teams: [input().teams[1]!] }), due);
    expect(one.map((mail) => mail.title)).toEqual([
      '1 team waits for approval in TC Baseline',
      '1 team wacht op goedkeuring in TC Baseline',
    ]);
  });

  it('a manager who switched team.waiting mails off, or whose address is not confirmed, or who is gone, gets none', () => {
    const people = input().people;
    expect(
      waitingDigests(
        input({ people: { ...people, [mia]: person('Mia', { mail: { 'team.waiting': false } }) } }),
        due,
      ).map((mail) => mail.recipientId),
    ).toEqual([max]);
    expect(
      waitingDigests(input({ people: { ...people, [max]: person('Max', { verified: false }) } }), due).map(
        (mail) => mail.recipientId,
      ),
    ).toEqual([mia]);
    expect(
      waitingDigests(input({ managers: [mia, mia, 'gone'] }), due).map((mail) => mail.recipientId),
    ).toEqual([mia]);
    // Another kind switched off does not matter.
    expect(
      waitingDigests(
        input({ people: { ...people, [mia]: person('Mia', { mail: { 'team.accepted': false } }) } }),
        due,
      ).map((mail) => mail.recipientId),
    ).toEqual([mia, max]);
  });

  it('a team whose members are unknown is still listed', () => {
    const mails = waitingDigests(
      input({
        teams: [
          {
            teamId: 't9',
            ladderName: 'Club Ladder',
            memberIds: ['erased'],
            registeredAt: '2026-03-14T09:00:00Z',
          },
        ],
      }),
      due,
    );
    expect(mails.map((mail) => mail.body.split('\n').at(-1))).toEqual([
      '- Club Ladder: A new team',
      '- Club Ladder: Een nieuw team',
    ]);
  });
});
