import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_API,
  ADMIN_API,
  LADDER_API,
  MATCHES_API,
  NOTIFICATIONS_PATH,
  PREFERENCES_PATH,
} from '@courtside/events/api-paths';
import { clubTimeZone } from '@courtside/api/notifications/notifier';
import { localDay, localInstant, WAITING_DIGEST_HOUR } from '@courtside/events/notifications/waiting-digest';
import { PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';

interface Item {
  kind: string;
  title: string;
  readAt: string | null;
}

const HOUR_MS = 60 * 60 * 1000;
const APPROVAL = /wait(s)? for approval|wacht(en)? op goedkeuring/;

/**
 * DESIGN.md §17 "Fewer mails", counted on a real SMTP server. The server's clock is the test's: real time plus an
 * offset the test moves to the club's next 18:00, then it runs the deadline process (as its timer or the dev clock
 * route would).
 */
describe('fewer mails (DESIGN.md §17): real SMTP', () => {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const options = {
    runNotifier: true,
    clock,
    // Only the test runs the deadline process (and so the digest), at the times it chose.
    deadlineIntervalMs: 24 * HOUR_MS,
    reminderIntervalMs: 24 * HOUR_MS,
  };
  const running = courtsideWithSmtp(options);
  let db: pg.Pool;
  beforeAll(() => {
    db = new pg.Pool({ connectionString: running.backend.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
  });

  const url = () => running.courtside.url!;
  const timeZone = clubTimeZone();
  /** Moves the server's clock to a minute past the club's next 18:00 and runs the deadline process. */
  async function atNextDigestTime(): Promise<void> {
    const now = clock();
    let at = localInstant(localDay(now, timeZone), WAITING_DIGEST_HOUR, timeZone);
    if (now.getTime() >= at.getTime())
      at = localInstant(
        localDay(new Date(now.getTime() + 24 * HOUR_MS), timeZone),
        WAITING_DIGEST_HOUR,
        timeZone,
      );
    offsetMs += at.getTime() + 60_000 - clock().getTime();
    await running.courtside.runDeadlines!();
  }
  /** The notifier's checkpoint reached the end of the log as it is now. */
  async function notifierCaughtUp(): Promise<void> {
    const head = await running.courtside.log.head();
    await eventually(
      async () => {
        const { rows } = await db.query<{ partition: number; next_offset: string }>(
          'SELECT partition, next_offset FROM courtside.notifier_checkpoints',
        );
        return Object.entries(head).every(
          ([partition, end]) =>
            Number(rows.find((row) => row.partition === Number(partition))?.next_offset ?? 0) >= end,
        );
      },
      { message: 'the notifier caught up with the log', timeoutMs: 60_000 },
    );
  }
  /** Every mail queued until now went out (or was withdrawn). */
  const outboxSent = () =>
    eventually(
      async () =>
        (
          await db.query<{ waiting: number }>(
            'SELECT count(*)::int AS waiting FROM courtside.mail_outbox WHERE sent_at IS NULL AND failed_at IS NULL',
          )
        ).rows[0]!.waiting === 0,
      { message: 'the outbox sent' },
    );
  const approvalMails = (email: string) =>
    running.smtp.to(email).filter((mail) => APPROVAL.test(mail.subject));
  const notifications = async (http: HttpClient, kind: string) =>
    (await http.json<Item[]>('GET', `${NOTIFICATIONS_PATH}?limit=100`)).body.filter(
      (item) => item.kind === kind,
    );
  /** The invitation link mailed to an address: its token. */
  const invitationToken = async (email: string) => {
    const mail = await eventually(() =>
      running.smtp.to(email).find((candidate) => /\/webapps\/account\/en\/invitation\//.test(candidate.text)),
    );
    return decodeURIComponent(/\/webapps\/account\/en\/invitation\/([^\s]+)/.exec(mail.text)![1]!);
  };
  /** Signs up from an invitation link (verified at once), signs in and takes the invitation up. */
  async function acceptInvitation(email: string, fullName: string) {
    const token = await invitationToken(email);
    const http = new HttpClient(url());
    const created = await http.json('POST', `${ACCOUNT_API}/account`, {
      email,
      password: PASSWORD,
      invitationToken: token,
    });
    expect(created.status).toBe(201);
    expect(
      (await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD })).status,
    ).toBe(200);
    await http.json('PUT', `${ACCOUNT_API}/account/minimal`, {
      fullName,
      phoneNumber: { countryCode: '31', number: '06 12345678' },
    });
    const accepted = await sentUntilTaken(() =>
      http.json('POST', `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}/accept`),
    );
    expect(accepted.status).toBe(200);
    return http;
  }

  it('a CSV of 20 invitees placed straight into the ladder (ACTIVE): their teams tell no manager they wait, no approval mail, no digest', async () => {
    const { manager, account, seasonId } = await managerWithSeason(url(), { companyName: 'TC Straight In' });
    const emails = Array.from({ length: 20 }, (_, index) => uniqueEmail(`csv${index}`));
    const invited = await sentUntilTaken(() =>
      manager.json<{ invited: unknown[] }>('POST', `${ADMIN_API}/seasons/${seasonId}/invitations`, {
        invitees: emails.map((email) => ({ email })),
        placement: 'ACTIVE',
      }),
    );
    expect(invited.status).toBe(201);
    expect(invited.body.invited).toHaveLength(20);
    for (const [index, email] of emails.entries()) await acceptInvitation(email, `Invitee ${index}`);

    // The notifier has decided on every event up to now (each team's TeamRegistered and TeamAccepted).
    await notifierCaughtUp();
    expect(await notifications(manager, 'team.waiting')).toEqual([]);
    await atNextDigestTime();
    await outboxSent();
    expect(approvalMails(account.email)).toEqual([]);
  }, 300_000);

  it('three waiting teams: no mail per team, one digest per manager at 18:00 in their language naming them (not the one approved before); never a second one that day, also after a restart', async () => {
    const owner = await managerWithSeason(url(), { companyName: 'TC Digest' });
    const { manager, company, seasonId } = owner;
    // A co-manager, who reads Dutch.
    const coEmail = uniqueEmail('co');
    expect(
      (
        await manager.json('POST', `${ADMIN_API}/companies/${company.id}/managers/invitations`, {
          email: coEmail,
        })
      ).status,
    ).toBe(201);
    const co = await (async () => {
      const token = await invitationToken(coEmail);
      const http = new HttpClient(url());
      await http.json('POST', `${ACCOUNT_API}/account`, {
        email: coEmail,
        password: PASSWORD,
        invitationToken: token,
      });
      await http.json('POST', `${ACCOUNT_API}/account/login`, { email: coEmail, password: PASSWORD });
      expect(
        (await http.json('POST', `${ACCOUNT_API}/invitations/${encodeURIComponent(token)}/accept`)).status,
      ).toBe(200);
      expect((await http.json('PUT', PREFERENCES_PATH, { language: 'nl' })).status).toBe(200);
      return http;
    })();

    const names = ['Ann Waiting', 'Bob Waiting', 'Cas Waiting', 'Dee Approved'];
    const teamIds: string[] = [];
    for (const fullName of names) {
      const http = new HttpClient(url());
      await signedInAccount(http, { email: uniqueEmail(fullName.split(' ')[0]!.toLowerCase()), fullName });
      const registered = await sentUntilTaken(() =>
        http.json<{ teamId: string }>('POST', `${LADDER_API}/seasons/${seasonId}/teams`, {}),
      );
      expect(registered.status).toBe(201);
      teamIds.push(registered.body.teamId);
    }
    // Approved before 18:00: not in the digest.
    const approved = await sentUntilTaken(() =>
      manager.json('POST', `${ADMIN_API}/seasons/${seasonId}/teams/accept`, { teamId: teamIds[3] }),
    );
    expect(approved.status).toBe(200);

    // In the app: one notification per team, as before, for each manager.
    for (const http of [manager, co])
      await eventually(async () => (await notifications(http, 'team.waiting')).length === 4, {
        message: '4 × team.waiting in the app',
      });
    await outboxSent();
    expect([approvalMails(owner.account.email), approvalMails(coEmail)]).toEqual([[], []]);

    await atNextDigestTime();
    await outboxSent();
    const [digest, ...more] = approvalMails(owner.account.email);
    expect(more).toEqual([]);
    expect(digest!.subject).toBe('3 teams wait for approval in TC Digest');
    expect(digest!.text).toContain(
      ['- Club Ladder: Ann Waiting', '- Club Ladder: Bob Waiting', '- Club Ladder: Cas Waiting'].join('\n'),
    );
    expect(digest!.text).not.toContain('Dee Approved');
    expect(digest!.text).toContain(`Open Courtside: ${url()}/webapps/manager/en/${company.id}/ladders`);
    expect(digest!.headerLines.some((line) => line.key === 'list-unsubscribe')).toBe(true);
    const [dutch, ...moreDutch] = approvalMails(coEmail);
    expect(moreDutch).toEqual([]);
    expect(dutch!.subject).toBe('3 teams wachten op goedkeuring in TC Digest');

    // Later the same day, and after a restart: the day's digest is not sent again.
    offsetMs += HOUR_MS;
    await running.courtside.runDeadlines!();
    await running.restart();
    offsetMs += HOUR_MS;
    await running.courtside.runDeadlines!();
    await outboxSent();
    expect(approvalMails(owner.account.email)).toHaveLength(1);
    expect(approvalMails(coEmail)).toHaveLength(1);
  });

  it('no team waiting, no digest: every team accepted the same day', async () => {
    const { manager, managerAccount: account } = await seasonWithTeams(url(), 2, {
      companyName: 'TC All In',
    });
    await eventually(async () => (await notifications(manager, 'team.waiting')).length === 2);
    await atNextDigestTime();
    await outboxSent();
    expect(approvalMails(account.email)).toEqual([]);
  });

  it('a match point undone before its mail went: the opponent is never mailed to confirm that result', async () => {
    const { manager, seasonId, teams } = await seasonWithTeams(url(), 2, { matchType: 'BESTOFTHREE' });
    const [defender, challenger] = teams as [(typeof teams)[0], (typeof teams)[0]];
    const created = await sentUntilTaken(() =>
      manager.json<{ matchId: string }>('POST', `${ADMIN_API}/seasons/${seasonId}/teams/match`, {
        defenderId: defender.teamId,
        challengerId: challenger.teamId,
      }),
    );
    expect(created.status).toBe(201);
    const match = `${MATCHES_API}/matches/${created.body.matchId}`;
    const live = await challenger.http.json('POST', `${match}/live`, {
      firstServer: 'defender',
      finalSet: 'SET',
    });
    expect(live.status).toBeLessThan(300);
    const point = (seq: number) =>
      sentUntilTaken(() => challenger.http.json('POST', `${match}/points`, { seq, winner: 'challenger' }));
    for (let seq = 1; seq <= 47; seq++) expect((await point(seq)).status).toBe(200);
    await outboxSent();
    const confirmMails = () =>
      running.smtp.to(defender.account.email).filter((mail) => mail.subject.startsWith('Confirm the result'));

    // The mail server is away: the mail asking to confirm waits in the outbox.
    const port = running.smtp.port;
    await running.smtp.stop();
    try {
      expect((await point(48)).status).toBe(200);
      await eventually(async () => (await notifications(defender.http, 'result.toConfirm')).length === 1);
      const undone = await sentUntilTaken(() =>
        challenger.http.json('POST', `${match}/points/undo`, { seq: 48 }),
      );
      expect(undone.status).toBe(200);
      // The notifier took the withdrawal in: the app no longer asks to confirm.
      await eventually(
        async () => (await notifications(defender.http, 'result.toConfirm'))[0]?.readAt != null,
        {
          message: 'the request to confirm settled',
        },
      );
    } finally {
      await running.smtp.start(port);
    }
    await outboxSent();
    expect(confirmMails()).toEqual([]);

    // The point that ends the match again asks anew, and that mail goes.
    expect((await point(48)).status).toBe(200);
    await eventually(() => confirmMails().length === 1, { message: 'the new request to confirm mailed' });
    await outboxSent();
    expect(confirmMails()).toHaveLength(1);
  }, 120_000);
});
