import webpush from 'web-push';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { ACCOUNT_API } from '@courtside/events/api-paths';
import { PASSWORD, uniqueEmail } from '../support/accounts.ts';
import { createBackend, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { SmtpCollector } from '../support/smtp.ts';
import { eventually } from '../support/wait.ts';

/**
 * No 500 for what a mail server does: the mails of the routes go through the outbox. With the mail server stopped, sign-up answers `201`,
 * "send the code again" answers, signing in unverified answers `403` with a new ticket; once the server is back, the
 * newest code arrives (the ones it replaced never do) and verifies the account.
 */
describe('sign-up while the mail server is down (real SMTP)', () => {
  const smtp = new SmtpCollector();
  let courtside: RunningCourtside;
  let db: pg.Pool;
  beforeAll(async () => {
    await smtp.start();
    const backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend, {
      mode: 'production',
      mailUrl: smtp.url,
      publicUrl: 'https://ladders.example.test',
      vapid: webpush.generateVAPIDKeys(),
      mailRetryBaseMs: 100,
      runProjector: false,
    });
    db = new pg.Pool({ connectionString: backend.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    await db?.end();
    await courtside?.stop();
    await smtp.stop();
  });

  const codeMails = (email: string) => smtp.to(email).filter((mail) => /code/i.test(mail.subject));

  it('creates the account, keeps the code in the outbox and sends the newest one when the server is back', async () => {
    const http = new HttpClient(courtside.url!);
    const email = uniqueEmail('outage');
    const port = smtp.port;
    await smtp.stop();
    let refresh: string;
    let id: string;
    try {
      const created = await http.json<{ id: string; refresh: string }>('POST', `${ACCOUNT_API}/account`, {
        email,
        password: PASSWORD,
      });
      expect(created.status).toBe(201);
      id = created.body.id;
      // The sender tries, fails, and tries again later.
      const failing = await eventually(async () => {
        const { rows } = await db.query<{ attempts: number; last_error: string | null }>(
          'SELECT attempts, last_error FROM courtside.mail_outbox WHERE account_id = $1 AND sent_at IS NULL',
          [id],
        );
        return rows[0] && rows[0].attempts >= 2 && rows[0];
      });
      expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);

      const again = await http.json<{ refresh: string }>('POST', `${ACCOUNT_API}/account/${id}/code`, {
        refresh: created.body.refresh,
      });
      expect(again.status).toBe(200);
      const signIn = await http.json<{ id: string; refresh: string }>(
        'POST',
        `${ACCOUNT_API}/account/login`,
        {
          email,
          password: PASSWORD,
        },
      );
      expect(signIn.status).toBe(403);
      refresh = signIn.body.refresh;
      // Only the newest code waits: each new one took the place of the last (one the sender was trying right then
      // goes after that attempt).
      await eventually(async () => (await waitingFor(id)) === 1);
    } finally {
      await smtp.start(port);
    }

    const mail = await eventually(() => codeMails(email)[0], { timeoutMs: 20_000 });
    const code = mail.subject.match(/\d{6}/)![0];
    const verified = await http.json('POST', `${ACCOUNT_API}/account/${id}/verify`, { refresh, code });
    expect(verified).toEqual({ status: 200, body: true });
    // Production: the Message-ID's domain is PUBLIC_URL's host.
    expect(mail.messageId).toMatch(/^<mail-[0-9a-f-]{36}@ladders\.example\.test>$/);
    await eventually(async () => (await waitingFor(id)) === 0);
    expect(codeMails(email)).toHaveLength(1);
  });

  it('sends only the newest code when it was asked for while the sender was trying the last one', async () => {
    const http = new HttpClient(courtside.url!);
    const email = uniqueEmail('held');
    const attemptsBefore = smtp.attempts;
    // The server keeps the first code's attempt waiting: its sender holds the outbox row, so the new code cannot
    // delete it (the race that once let two codes arrive).
    const held = smtp.hold();
    const created = await http.json<{ id: string; refresh: string }>('POST', `${ACCOUNT_API}/account`, {
      email,
      password: PASSWORD,
    });
    expect(created.status).toBe(201);
    const { id } = created.body;
    let refresh: string;
    try {
      await eventually(() => smtp.attempts > attemptsBefore);
      const again = await http.json<{ refresh: string }>('POST', `${ACCOUNT_API}/account/${id}/code`, {
        refresh: created.body.refresh,
      });
      expect(again.status).toBe(200);
      refresh = again.body.refresh;
    } finally {
      held.release(Object.assign(new Error('Try again later'), { responseCode: 451 }));
    }

    await eventually(async () => (await waitingFor(id)) === 0 && codeMails(email).length > 0, {
      timeoutMs: 20_000,
    });
    expect(codeMails(email)).toHaveLength(1);
    const code = codeMails(email)[0]!.subject.match(/\d{6}/)![0];
    const verified = await http.json('POST', `${ACCOUNT_API}/account/${id}/verify`, { refresh, code });
    expect(verified).toEqual({ status: 200, body: true });
  });

  async function waitingFor(accountId: string): Promise<number> {
    const { rows } = await db.query<{ waiting: number }>(
      'SELECT count(*)::int AS waiting FROM courtside.mail_outbox WHERE account_id = $1 AND sent_at IS NULL',
      [accountId],
    );
    return rows[0]!.waiting;
  }
});
