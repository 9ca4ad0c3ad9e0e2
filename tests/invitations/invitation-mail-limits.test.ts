import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_API, ADMIN_API, LADDER_API } from '@courtside/events/api-paths';
import { managerWithCompany, PASSWORD, signedInAccount, uniqueEmail } from '../support/accounts.ts';
import { HttpClient } from '../support/http-client.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';
import { courtsideWithSmtp } from '../support/smtp-courtside.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

interface Invited {
  invited: Array<{ invitationId: string; email: string }>;
  skipped: Array<{ email: string; reason: string }>;
}

/**
 * DESIGN.md §17 "Fewer mails": a person receives at most 3 invitation mails a day in all (more are kept as pending,
 * not mailed), a company sends at most 500 a day (429 INVITATION_LIMIT with Retry-After); resends count. Counted
 * on a real SMTP server; the server's clock is moved, never waited for.
 */
describe('invitation mail limits', () => {
  // The server's clock, moved by the test (the dev clock route exists only with the dev outbox, not with SMTP).
  let offsetMs = 0;
  const running = courtsideWithSmtp({ clock: () => new Date(Date.now() + offsetMs) });
  const client = () => new HttpClient(running.courtside.url!);
  /** A write sent again while it is a 503 that changed nothing, with its Retry-After (seconds; NaN without). */
  const send = <T = { reason?: string }>(http: HttpClient, method: string, path: string, body?: unknown) =>
    sentUntilTaken(async () => {
      const response = await http.request(method, path, body);
      const text = await response.text();
      return {
        status: response.status,
        body: (text ? JSON.parse(text) : undefined) as T,
        retryAfter: Number(response.headers.get('retry-after') ?? Number.NaN),
      };
    });
  const invite = (manager: HttpClient, seasonId: string, emails: string[]) =>
    send<Invited & { reason?: string }>(manager, 'POST', `${ADMIN_API}/seasons/${seasonId}/invitations`, {
      invitees: emails.map((email) => ({ email })),
      placement: 'WAITING',
    });
  /** A day later the session has lapsed: the manager signs in again. */
  async function signInAgain(http: HttpClient, email: string) {
    const signedIn = await http.json('POST', `${ACCOUNT_API}/account/login`, { email, password: PASSWORD });
    expect(signedIn.status).toBe(200);
  }
  /** Waits until the outbox has sent everything, then the mails the SMTP server got for these addresses. */
  async function mailsTo(emails: string[]): Promise<number> {
    const db = new pg.Pool({ connectionString: running.backend.databaseUrl, max: 1 });
    try {
      await eventually(
        async () => {
          const { rows } = await db.query<{ waiting: number }>(
            'SELECT count(*)::int AS waiting FROM courtside.mail_outbox WHERE sent_at IS NULL',
          );
          return rows[0]!.waiting === 0;
        },
        { timeoutMs: 120_000, message: 'the outbox to be sent' },
      );
    } finally {
      await db.end();
    }
    const wanted = new Set(emails.map((email) => email.toLowerCase()));
    return running.smtp.mails.filter((mail) => wanted.has(mail.to)).length;
  }

  it('mails one person 3 invitations a day in all: resends, other clubs’ and manager invitations are kept, not mailed', async () => {
    const victim = uniqueEmail('victim');
    const first = await managerWithSeason(running.courtside.url!);
    const invited = await invite(first.manager, first.seasonId, [victim]);
    expect(invited.status).toBe(201);
    const invitationId = invited.body.invited[0]!.invitationId;
    const resend = () =>
      send(
        first.manager,
        'POST',
        `${ADMIN_API}/seasons/${first.seasonId}/invitations/${invitationId}/resend`,
      );
    const resends = [];
    for (let index = 0; index < 20; index++) resends.push(await resend());
    expect(resends.slice(0, 2).map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of resends.slice(2)) {
      expect(answer).toMatchObject({ status: 429, body: { reason: 'INVITATION_LIMIT' } });
      expect(answer.retryAfter).toBeGreaterThan(DAY_MS / 1000 - 3600);
      expect(answer.retryAfter).toBeLessThanOrEqual(DAY_MS / 1000);
    }

    // 20 manager invitations and another club's season invitation: all made and pending, none mailed.
    const other = client();
    const { company } = await managerWithCompany(other, 'Other club');
    for (let index = 0; index < 20; index++) {
      const asked = await send(other, 'POST', `${ADMIN_API}/companies/${company.id}/managers/invitations`, {
        email: victim,
      });
      expect(asked.status).toBe(201);
    }
    const managers = await other.json<{ invitations: Array<{ email: string }> }>(
      'GET',
      `${ADMIN_API}/companies/${company.id}/managers`,
    );
    expect(managers.body.invitations.filter((row) => row.email === victim)).toHaveLength(20);
    const third = await managerWithSeason(running.courtside.url!);
    expect((await invite(third.manager, third.seasonId, [victim])).body.invited).toHaveLength(1);
    const listed = await third.manager.json<Array<{ email: string; state: string }>>(
      'GET',
      `${ADMIN_API}/seasons/${third.seasonId}/invitations`,
    );
    expect(listed.body).toMatchObject([{ email: victim, state: 'pending' }]);
    // A player naming the victim as partner: the request stands, its mail is held too.
    const player = client();
    await signedInAccount(player);
    const doubles = await managerWithSeason(running.courtside.url!, { sportsCategory: 'PADEL' });
    const request = await send(player, 'POST', `${LADDER_API}/seasons/${doubles.seasonId}/teams`, {
      partnerEmail: victim,
    });
    expect(request.status).toBe(201);

    expect(await mailsTo([victim])).toBe(3);

    // A day later the victim may be mailed again.
    offsetMs += DAY_MS + 60_000;
    await signInAgain(first.manager, first.account.email);
    const again = await resend();
    expect(again, JSON.stringify(again)).toMatchObject({ status: 200 });
    expect(await mailsTo([victim])).toBe(4);
  });

  it('lets a club send 500 invitation mails a day: 2 × 200 at once go, the rest of the day answers 429', async () => {
    const { manager, account, seasonId } = await managerWithSeason(running.courtside.url!);
    const batch = (size: number) => Array.from({ length: size }, () => uniqueEmail('many'));
    const [a, b] = [batch(200), batch(200)];
    const both = await Promise.all([invite(manager, seasonId, a), invite(manager, seasonId, b)]);
    expect(both.map((answer) => answer.status)).toEqual([201, 201]);

    const c = batch(200);
    const refused = await invite(manager, seasonId, c);
    expect(refused).toMatchObject({ status: 429, body: { reason: 'INVITATION_LIMIT' } });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.retryAfter).toBeLessThanOrEqual(DAY_MS / 1000);
    // Nothing of the refused request was made.
    const list = async () =>
      (await manager.json<unknown[]>('GET', `${ADMIN_API}/seasons/${seasonId}/invitations`)).body.length;
    expect(await list()).toBe(400);

    const fits = batch(100);
    expect((await invite(manager, seasonId, fits)).status).toBe(201);
    const lastOne = batch(1);
    expect((await invite(manager, seasonId, lastOne)).status).toBe(429);
    expect(await list()).toBe(500);
    expect(await mailsTo([...a, ...b, ...c, ...fits, ...lastOne])).toBe(500);

    offsetMs += DAY_MS + 60_000;
    await signInAgain(manager, account.email);
    expect((await invite(manager, seasonId, lastOne)).status).toBe(201);
    expect(await mailsTo(lastOne)).toBe(1);
  });
});
