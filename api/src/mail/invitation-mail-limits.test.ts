import { describe, expect, it } from 'vitest';
import {
  INVITATION_MAIL_WINDOW_MS,
  INVITATION_MAILS_PER_COMPANY,
  planInvitationMails,
} from './invitation-mail-limits.ts';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const ago = (ms: number) => new Date(NOW.getTime() - ms);
const HOUR = 60 * 60 * 1000;
const times = (count: number, from: Date) => Array.from({ length: count }, () => from);

/** DESIGN.md §17 "Fewer mails": 3 invitation mails a day to a person, 500 from a company. */
describe('planning invitation mails', () => {
  it('mails a person 3 times in 24 hours and holds the 4th until the first leaves the window', () => {
    const plan = planInvitationMails({
      recipients: ['ann', 'bob'],
      sentTo: new Map([['ann', [ago(1 * HOUR), ago(20 * HOUR), ago(5 * HOUR)]]]),
      sentByCompany: [],
      now: NOW,
      whenCompanyFull: 'refuse',
    });
    expect(plan).toEqual({ allowed: true, mailed: ['bob'], held: ['ann'], heldRetryAfterMs: 4 * HOUR });
    const twice = planInvitationMails({
      recipients: ['ann'],
      sentTo: new Map([['ann', [ago(1 * HOUR), ago(2 * HOUR)]]]),
      sentByCompany: [],
      now: NOW,
      whenCompanyFull: 'refuse',
    });
    expect(twice).toMatchObject({ mailed: ['ann'], held: [] });
  });

  it('refuses a request the company’s 500 cannot hold, until enough of its mails leave the window', () => {
    const sent = [...times(100, ago(23 * HOUR)), ...times(350, ago(2 * HOUR))];
    const recipients = Array.from({ length: 51 }, (_, index) => `p${index}`);
    expect(
      planInvitationMails({
        recipients,
        sentTo: new Map(),
        sentByCompany: sent,
        now: NOW,
        whenCompanyFull: 'refuse',
      }),
    ).toEqual({ allowed: false, retryAfterMs: 1 * HOUR });
    // Exactly what is left fits.
    expect(
      planInvitationMails({
        recipients: recipients.slice(1),
        sentTo: new Map(),
        sentByCompany: sent,
        now: NOW,
        whenCompanyFull: 'refuse',
      }),
    ).toMatchObject({ allowed: true, held: [] });
    // A person held by their own limit needs no mail of the company.
    expect(
      planInvitationMails({
        recipients,
        sentTo: new Map([['p0', times(3, ago(HOUR))]]),
        sentByCompany: sent,
        now: NOW,
        whenCompanyFull: 'refuse',
      }),
    ).toMatchObject({ allowed: true, held: ['p0'] });
    // More than a day's worth at once waits for the whole window.
    expect(
      planInvitationMails({
        recipients: Array.from({ length: INVITATION_MAILS_PER_COMPANY + 1 }, (_, index) => `q${index}`),
        sentTo: new Map(),
        sentByCompany: [],
        now: NOW,
        whenCompanyFull: 'refuse',
      }),
    ).toEqual({ allowed: false, retryAfterMs: INVITATION_MAIL_WINDOW_MS });
  });

  it('holds, not refuses, what does not fit when asked to (a player’s partner request)', () => {
    expect(
      planInvitationMails({
        recipients: ['pat'],
        sentTo: new Map(),
        sentByCompany: times(INVITATION_MAILS_PER_COMPANY, ago(10 * HOUR)),
        now: NOW,
        whenCompanyFull: 'hold',
      }),
    ).toEqual({ allowed: true, mailed: [], held: ['pat'], heldRetryAfterMs: 14 * HOUR });
  });
});
