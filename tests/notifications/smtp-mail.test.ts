import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import {
  ADMIN_API,
  LADDER_API,
  NOTIFICATIONS_PATH,
  PREFERENCES_PATH,
  READY_PATH,
  UNSUBSCRIBE_PATH,
} from '@courtside/events/api-paths';
import { readCodesFrom, readCodesFromSmtp } from '../support/accounts.ts';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { linkIn, SmtpCollector } from '../support/smtp.ts';
import { eventually } from '../support/wait.ts';

describe('notification mails over real SMTP (DESIGN.md §6)', () => {
  const smtp = new SmtpCollector();
  let backend: TestBackend;
  let courtside: RunningCourtside;
  let db: pg.Pool;
  beforeAll(async () => {
    await smtp.start();
    // Sign-up codes come over the same SMTP server: read them there.
    readCodesFromSmtp(smtp);
    backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend, {
      runNotifier: true,
      mailUrl: smtp.url,
      mailFrom: 'Club Ladder <ladder@club.test>',
      mailRetryBaseMs: 200,
      reminderIntervalMs: 3_600_000,
    });
    db = new pg.Pool({ connectionString: backend.databaseUrl, max: 2 });
  });
  afterAll(async () => {
    readCodesFrom(undefined);
    await db?.end();
    await courtside?.stop();
    await smtp.stop();
  });

  it('a mail has a plain-text and an HTML part in the recipient’s language, a List-Unsubscribe header with one-click, and a stable Message-ID', async () => {
    const { seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const [top, bottom] = teams;
    await top!.http.json('PUT', PREFERENCES_PATH, { language: 'nl' });
    const challenge = await bottom!.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
      defenderTeamId: top!.teamId,
    });
    expect(challenge.status).toBe(201);

    const mail = await eventually(() =>
      smtp.to(top!.account.email).find((m) => m.subject === 'Sam Server daagt je uit'),
    );
    expect(mail.text).toMatch(
      /^Sam Server daagt je uit\n\nClub Ladder: accepteer of weiger voor [a-z]{2} \d{1,2} [a-z]{3,4}\.? \d{4}, \d\d:\d\d \S+\.\n/,
    );
    expect(mail.text).toContain(`Open Courtside: ${courtside.url}/webapps/ladders/nl/`);
    const unsubscribe = linkIn(mail.text, /^Geen mails meer van deze soort: /);
    expect(mail.html).toContain('<html lang="nl">');
    expect(mail.html).toContain(`href="${unsubscribe.replaceAll('&', '&amp;')}"`);
    const header = (name: string) =>
      mail.headerLines
        .find((line) => line.key === name)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, '');
    expect(header('list-unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The notification's number among its account's: nothing in a mail counts the platform's notifications.
    expect(mail.messageId).toMatch(new RegExp(`^<notification-${top!.account.id}-\\d+@127\\.0\\.0\\.1>$`));
    // MAIL_FROM is the sender of every mail: the notifications and the sign-up codes.
    expect(mail.from).toBe('ladder@club.test');
    const codes = smtp.to(top!.account.email).filter((m) => /code/i.test(m.subject));
    expect(codes.length).toBeGreaterThan(0);
    expect(codes.map((m) => m.from)).toEqual(codes.map(() => 'ladder@club.test'));
    // Never mailed to the challenger, who did it.
    expect(
      smtp
        .to(bottom!.account.email)
        .some((m) => m.subject.includes('daagt') || m.subject.includes('challenges')),
    ).toBe(false);

    // A mail scanner that follows the link changes nothing: the page asks, in the account's language.
    const scanned = await fetch(unsubscribe);
    expect(scanned.status).toBe(200);
    const asking = await scanned.text();
    expect(asking).toContain('<html lang="nl">');
    expect(asking).toContain('<button type="submit">Afmelden</button>');
    expect(
      (await top!.http.json<{ mail: Record<string, boolean> }>('GET', PREFERENCES_PATH)).body.mail[
        'challenge.received'
      ],
    ).toBe(true);
    // The mail program's one-click: a POST to the List-Unsubscribe address, no cookie.
    const oneClick = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status).toBe(200);
    expect(await oneClick.text()).toContain('Je bent afgemeld');
    const preferences = await top!.http.json<{ mail: Record<string, boolean> }>('GET', PREFERENCES_PATH);
    expect(preferences.body.mail['challenge.received']).toBe(false);
    expect(unsubscribe.startsWith(`${courtside.url}${UNSUBSCRIBE_PATH}?token=`)).toBe(true);
  });

  it('a mail server that is down delays the mail and blocks nothing else; the mail arrives once when it is back', async () => {
    const { manager, seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const [top] = teams;
    await eventually(() => smtp.to(top!.account.email).some((m) => m.subject.startsWith('You are in')));
    const port = smtp.port;
    await smtp.stop();
    try {
      // Commands and notifications go on without mail.
      const challenge = await teams[1]!.http.json('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
        defenderTeamId: top!.teamId,
      });
      expect(challenge.status).toBe(201);
      await eventually(async () =>
        (await top!.http.json<Array<{ kind: string }>>('GET', NOTIFICATIONS_PATH)).body.some(
          (n) => n.kind === 'challenge.received',
        ),
      );
      const failing = await eventually(async () => {
        const { rows } = await db.query<{
          attempts: number;
          last_error: string | null;
          sent_at: Date | null;
        }>(
          `SELECT o.attempts, o.last_error, o.sent_at FROM courtside.mail_outbox o
           JOIN courtside.notifications n ON n.id = o.notification_id
           WHERE n.kind = 'challenge.received' AND n.account_id = $1`,
          [top!.account.id],
        );
        return rows[0] && rows[0].attempts >= 2 && rows[0];
      });
      expect(failing.sent_at).toBeNull();
      expect(failing.last_error).toMatch(/ECONNREFUSED|connect/i);
      expect((await manager.json('GET', `${ADMIN_API}/seasons/${seasonId}/teams`)).status).toBe(200);
    } finally {
      await smtp.start(port);
    }
    const mail = await eventually(
      () => smtp.to(top!.account.email).find((m) => m.subject === 'Sam Server challenges you'),
      {
        timeoutMs: 30_000,
      },
    );
    await eventually(async () => {
      const { rows } = await db.query<{ waiting: number }>(
        'SELECT count(*)::int AS waiting FROM courtside.mail_outbox WHERE sent_at IS NULL',
      );
      return rows[0]!.waiting === 0;
    });
    expect(smtp.mails.filter((m) => m.messageId === mail.messageId)).toHaveLength(1);
  });

  it('/metrics shows the notifier’s lag, the outbox and failed sends; ready reports a notifier that stopped', async () => {
    const metrics = await (await fetch(`${courtside.url}/metrics`)).text();
    expect(metrics).toMatch(/^courtside_notifier_lag_events \d+$/m);
    expect(metrics).toMatch(/^courtside_mail_outbox_size \d+$/m);
    expect(metrics).toMatch(/^courtside_mail_outbox_failed 0$/m);
    // The test before stopped the mail server: those attempts failed.
    expect(Number(metrics.match(/^courtside_mail_send_failures_total (\d+)$/m)?.[1])).toBeGreaterThanOrEqual(
      2,
    );
    expect(Number(metrics.match(/^courtside_mails_sent_total (\d+)$/m)?.[1])).toBeGreaterThan(0);

    const ready = await (await fetch(`${courtside.url}${READY_PATH}`)).json();
    expect(ready).toMatchObject({ status: 'ready', checks: { notifier: { status: 'ok', outboxSize: 0 } } });

    await courtside.notifier!.stop();
    // As if it stopped a while ago (its heartbeat is two seconds; ten without one is down).
    await db.query("UPDATE courtside.notifier_heartbeat SET beat_at = now() - interval '1 minute'");
    const down = await fetch(`${courtside.url}${READY_PATH}`);
    // The api itself still serves: a stopped notifier delays notifications, it does not stop commands.
    expect(down.status).toBe(200);
    expect(await down.json()).toMatchObject({ checks: { notifier: { status: 'down' } } });
  });
});
