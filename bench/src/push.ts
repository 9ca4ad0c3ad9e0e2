/**
 * Web Push delivery (DESIGN.md §17): 10,000 subscriptions receiving one notification each, the rate at which the
 * push sender delivers them and what it costs the notifier's process in memory.
 *
 *   node --import tsx bench/src/push.ts [--subscriptions=10000] [--concurrency=64] [--mails=0] [--refuse-half]
 *
 * Postgres (DATABASE_URL or embedded). The schema is Courtside's (a development start without api or projector
 * runs the migrations); a push service on 127.0.0.1 answers every push `201` (it reads the whole encrypted body,
 * not decrypting it: the test push service does that). `subscriptions` accounts, each with one subscription and one
 * notification, are written straight into the tables with their `push_outbox` rows, as the notifier writes them;
 * then the push sender (web-push's encryption and VAPID signature for each push, as in production) is started and
 * timed until every row is sent. Reported: pushes/s, the process's RSS and heap before and at the end.
 * `--mails=N`: the first N notifications have a mail in `mail_outbox` too, sent at the same time by the mail sender
 * (6 SMTP connections) to an `smtp-server` here that accepts every mail; reported: mails/s.
 * `--refuse-half`: every other subscription's push service answers `429` (`Retry-After: 60`): the pushes to the
 * other half, and the mails, are timed as they get through beside them (DESIGN.md §17: a failing push service holds
 * up nothing else).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { parseArgs } from 'node:util';
import pg from 'pg';
import webpush from 'web-push';
import { createECDH, randomBytes } from 'node:crypto';
import { startCourtside } from '@courtside/api/courtside';
import { createLogger } from '@courtside/api/observability/logger';
import { startMailSender } from '@courtside/api/notifications/mail-sender';
import { startPushSender } from '@courtside/api/notifications/push-sender';
import { Cleanups, startPostgres } from './services.ts';
import { round } from './stats.ts';
import { machineInfo } from './system.ts';

const { values } = parseArgs({
  options: {
    subscriptions: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '64' },
    mails: { type: 'string', default: '0' },
    'refuse-half': { type: 'boolean', default: false },
  },
});
const count = Number(values.subscriptions);
const concurrency = Number(values.concurrency);
const mails = Math.min(count, Number(values.mails));
const refuseHalf = values['refuse-half'];
/** The pushes answered `201`: all, or with `--refuse-half` the odd ones (the others are answered `429`). */
const accepted = refuseHalf ? Math.ceil(count / 2) : count;
const megabytes = (bytes: number) => round(bytes / 1024 / 1024, 1);

async function main(): Promise<void> {
  const cleanups = new Cleanups();
  try {
    const postgres = await startPostgres(cleanups);
    const databaseUrl = await postgres.createDatabase('bench_push');
    // Migrations only: nothing of Courtside runs but the sender below.
    const courtside = await startCourtside({
      databaseUrl,
      runApi: false,
      runProjector: false,
      mode: 'development',
      logger: createLogger({ level: 'warn' }),
    });
    await courtside.stop();

    let received = 0;
    let refused = 0;
    const service = createServer((request, response) => {
      request.resume();
      request.on('end', () => {
        if (request.url?.startsWith('/refuse/')) {
          refused++;
          response.writeHead(429, { 'Retry-After': '60' }).end();
          return;
        }
        received++;
        response.writeHead(201).end();
      });
    });
    service.listen(0, '127.0.0.1');
    await once(service, 'listening');
    cleanups.add('stop the push service', () => new Promise((resolve) => service.close(resolve)));
    const origin = `http://127.0.0.1:${(service.address() as AddressInfo).port}`;

    const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    cleanups.add('close the pool', () => db.end());
    // One browser key pair stands for all: the sender's work per push (a fresh ECDH and encryption) is the same.
    const browser = createECDH('prime256v1');
    const p256dh = browser.generateKeys().toString('base64url');
    const auth = randomBytes(16).toString('base64url');
    const now = new Date();
    const texts = JSON.stringify({
      en: {
        title: 'Bo Baseline challenges you',
        body: 'Club Ladder: answer before Friday.',
        url: '/webapps/ladders/en/x',
      },
      nl: {
        title: 'Bo Baseline daagt je uit',
        body: 'Club Ladder: antwoord voor vrijdag.',
        url: '/webapps/ladders/nl/x',
      },
    });
    await db.query(
      `WITH people AS (
         INSERT INTO courtside.accounts (id, email, password_hash, created_at)
         SELECT gen_random_uuid(), 'push-' || i || '@bench.test', 'x', $2 FROM generate_series(1, $1) i
         RETURNING id
       ), subscribed AS (
         INSERT INTO courtside.push_subscriptions (account_id, endpoint, p256dh, auth, created_at)
         SELECT id, $3 || CASE WHEN $7::boolean AND row_number() OVER () % 2 = 0 THEN '/refuse/' ELSE '/push/' END || id,
                $4, $5, $2
         FROM people RETURNING id, account_id
       ), told AS (
         INSERT INTO courtside.notifications (source, account_id, number, kind, texts, created_at)
         SELECT gen_random_uuid()::text, account_id, 1, 'challenge.received', $6::jsonb, $2 FROM subscribed
         RETURNING id, account_id
       )
       INSERT INTO courtside.push_outbox (notification_id, subscription_id, payload, urgency, created_at, next_attempt_at)
       SELECT t.id, s.id, $6::jsonb -> 'en', 'high', $2, $2 FROM told t JOIN subscribed s USING (account_id)`,
      [count, now, origin, p256dh, auth, texts, refuseHalf],
    );
    await db.query(
      `INSERT INTO courtside.mail_outbox (notification_id, recipient, subject, text_body, created_at, next_attempt_at)
       SELECT n.id, a.email, n.texts -> 'en' ->> 'title', n.texts -> 'en' ->> 'body', $2, $2
       FROM courtside.notifications n JOIN courtside.accounts a ON a.id = n.account_id ORDER BY n.id LIMIT $1`,
      [mails, now],
    );
    let mailed = 0;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => {
          mailed++;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    cleanups.add('stop the SMTP server', () => new Promise<void>((resolve) => smtp.close(() => resolve())));
    const mailUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;

    global.gc?.();
    const before = process.memoryUsage();
    let peakRss = before.rss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    // Each 429 is a warning of the sender's: only errors are written here.
    const logger = createLogger({ level: refuseHalf ? 'error' : 'warn' });
    const started = performance.now();
    const sender = startPushSender({
      databaseUrl,
      vapid: webpush.generateVAPIDKeys(),
      subject: 'mailto:bench@courtside.invalid',
      clock: () => new Date(),
      logger,
      concurrency,
      pollMs: 50,
    });
    const mailSender =
      mails > 0
        ? startMailSender({
            databaseUrl,
            mailUrl,
            messageIdDomain: '127.0.0.1',
            logger,
            workers: 6,
            pollMs: 50,
          })
        : undefined;
    let mailSeconds: number | undefined;
    for (;;) {
      const { rows } = await db.query<{ pushes: number; mails: number }>(
        `SELECT (SELECT count(*)::int FROM courtside.push_outbox o
                 JOIN courtside.push_subscriptions s ON s.id = o.subscription_id
                 WHERE o.sent_at IS NULL AND s.endpoint NOT LIKE '%/refuse/%') AS pushes,
                (SELECT count(*)::int FROM courtside.mail_outbox WHERE sent_at IS NULL) AS mails`,
      );
      if (rows[0]!.mails === 0) mailSeconds ??= (performance.now() - started) / 1000;
      if (rows[0]!.pushes === 0 && rows[0]!.mails === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - started) / 1000;
    const after = process.memoryUsage();
    clearInterval(sampler);
    await sender.stop();
    await mailSender?.stop();

    console.log(
      JSON.stringify(
        {
          machine: machineInfo(),
          postgres: postgres.origin,
          subscriptions: count,
          concurrency,
          received,
          seconds: round(seconds, 2),
          pushesPerSecond: round(accepted / seconds, 1),
          ...(refuseHalf ? { answered429: refused } : {}),
          ...(mails > 0
            ? {
                mails,
                mailed,
                mailSeconds: round(mailSeconds!, 2),
                mailsPerSecond: round(mails / mailSeconds!, 1),
              }
            : {}),
          memoryMb: {
            rssBefore: megabytes(before.rss),
            rssPeak: megabytes(peakRss),
            heapUsedBefore: megabytes(before.heapUsed),
            heapUsedAfter: megabytes(after.heapUsed),
          },
        },
        null,
        2,
      ),
    );
  } finally {
    await cleanups.runAll();
  }
}

await main();
