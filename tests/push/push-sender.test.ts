import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPushSender } from '@courtside/api/notifications/push-sender';
import { startPushService, type PushService, type PushSubscriptionJson } from '../support/push-service.ts';
import { forkSender } from '../support/sender-process.ts';
import { createTestDatabase } from '../support/services.ts';
import { eventually } from '../support/wait.ts';

const senderScript = fileURLToPath(new URL('../support/push-sender-process.ts', import.meta.url));
const quiet = { warn: () => undefined, error: () => undefined };

/**
 * The push sender's claims (DESIGN.md §17, docs/decisions/notifications.md "Claimed with a lease, sent outside any
 * transaction"): a push is claimed with a lease and sent outside any transaction, so a sender that dies mid-send must
 * leave it to be sent again with the same `Topic`, and a push whose outcome was recorded must never go again, however
 * many senders share the outbox.
 */
describe('the push sender (DESIGN.md §17)', () => {
  const vapid = webpush.generateVAPIDKeys();
  let databaseUrl: string;
  let db: pg.Pool;
  let service: PushService;

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('push_sender');
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    service = await startPushService({ vapidPublicKey: vapid.publicKey });
  });
  afterAll(async () => {
    await service?.close();
    await db?.end();
  });

  /** Browsers subscribed for new accounts, each with one notification and its push queued, as the notifier queues them. */
  async function queuePushes(browsers: PushSubscriptionJson[]): Promise<string[]> {
    const now = new Date();
    const { rows } = await db.query<{ id: string }>(
      `WITH people AS (
         INSERT INTO courtside.accounts (id, email, password_hash, created_at)
         SELECT gen_random_uuid(), 'push-' || gen_random_uuid() || '@sender.test', 'x', $1
         FROM unnest($2::text[]) RETURNING id
       ), browsers AS (
         SELECT b.endpoint, b.p256dh, b.auth, p.id AS account_id
         FROM (SELECT id, row_number() OVER () AS n FROM people) p
         JOIN unnest($2::text[], $3::text[], $4::text[]) WITH ORDINALITY AS b (endpoint, p256dh, auth, n) USING (n)
       ), subscribed AS (
         INSERT INTO courtside.push_subscriptions (account_id, endpoint, p256dh, auth, created_at)
         SELECT account_id, endpoint, p256dh, auth, $1 FROM browsers RETURNING id, account_id
       ), told AS (
         INSERT INTO courtside.notifications (source, account_id, number, kind, texts, created_at)
         SELECT gen_random_uuid()::text, account_id, 1, 'challenge.received', '{}'::jsonb, $1 FROM subscribed
         RETURNING id, account_id
       )
       INSERT INTO courtside.push_outbox (notification_id, subscription_id, payload, urgency, created_at, next_attempt_at)
       SELECT t.id, s.id, jsonb_build_object('title', 'Challenged', 'body', 'Answer before Friday.', 'url', '/x'),
              'high', $1, $1
       FROM told t JOIN subscribed s USING (account_id)
       RETURNING id`,
      [
        now,
        browsers.map((browser) => browser.endpoint),
        browsers.map((browser) => browser.keys.p256dh),
        browsers.map((browser) => browser.keys.auth),
      ],
    );
    return rows.map((row) => row.id);
  }
  const pushRow = async (pushId: string) =>
    (
      await db.query<{ attempts: number; sent: boolean; leased: boolean; topic: string }>(
        `SELECT attempts, sent_at IS NOT NULL AS sent, leased_until IS NOT NULL AS leased,
                'notification-' || notification_id AS topic
         FROM courtside.push_outbox WHERE id = $1`,
        [pushId],
      )
    ).rows[0];

  const startSender = (overrides: { leaseMs?: number; concurrency?: number }) =>
    startPushSender({
      databaseUrl,
      vapid,
      subject: 'mailto:tests@courtside.invalid',
      clock: () => new Date(),
      logger: quiet,
      pollMs: 50,
      ...overrides,
    });

  const senderProcess = (leaseMs: number) =>
    forkSender(senderScript, {
      DATABASE_URL: databaseUrl,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      LEASE_MS: String(leaseMs),
    });

  it('sends a push again with the same Topic once the lease of a sender that died mid-send has passed, and never one whose outcome was recorded', async () => {
    const phone = service.subscribe();
    // The first push gets no answer: the sender is killed while it waits for one.
    service.answer(phone.endpoint, 'hang');
    const [pushId] = await queuePushes([phone]);
    const crashing = await senderProcess(1_000);
    const exited = once(crashing, 'exit');
    await eventually(() => service.pushesTo(phone.endpoint).length === 1, { message: 'the first attempt' });
    crashing.kill('SIGKILL');
    await exited;
    // It died between the push service's request and any outcome: nothing recorded, the claim still there.
    expect(await pushRow(pushId!)).toMatchObject({ attempts: 0, sent: false, leased: true });

    // Short leases here too: a push recorded under one must not go again once it has passed.
    const sender = startSender({ leaseMs: 200 });
    try {
      await eventually(async () => (await pushRow(pushId!))?.sent, { message: 'the push again, recorded' });
      // Well past every lease (a wait, not a measurement), another push: the sender's next is that one, not a repeat.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const laptop = service.subscribe();
      await queuePushes([laptop]);
      sender.wake();
      await eventually(() => service.pushesTo(laptop.endpoint).length === 1, { message: 'the next push' });
    } finally {
      await sender.stop();
    }
    const { topic } = (await pushRow(pushId!))!;
    expect(await pushRow(pushId!)).toEqual({ attempts: 1, sent: true, leased: false, topic });
    expect(
      service.pushesTo(phone.endpoint).map((push) => [push.status, push.headers.topic, push.payload]),
    ).toEqual([
      ['hang', topic, { title: 'Challenged', body: 'Answer before Friday.', url: '/x' }],
      [201, topic, { title: 'Challenged', body: 'Answer before Friday.', url: '/x' }],
    ]);
    expect(service.rejected).toEqual([]);
  });

  it('shares the outbox between two senders: every push once, each recorded once', async () => {
    const browsers = Array.from({ length: 300 }, () => service.subscribe());
    const pushIds = await queuePushes(browsers);
    // Small batches, so that the two claim over and over beside each other.
    const senders = [startSender({ concurrency: 8 }), startSender({ concurrency: 8 })];
    try {
      await eventually(
        async () => {
          const { rows } = await db.query<{ left: number }>(
            'SELECT count(*)::int AS left FROM courtside.push_outbox WHERE id = ANY($1) AND sent_at IS NULL',
            [pushIds],
          );
          return rows[0]!.left === 0;
        },
        { message: 'every push recorded', timeoutMs: 60_000 },
      );
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
    }
    expect(browsers.filter((browser) => service.pushesTo(browser.endpoint).length !== 1)).toEqual([]);
    const { rows } = await db.query<{ attempts: number; leased: boolean; count: number }>(
      `SELECT attempts, leased_until IS NOT NULL AS leased, count(*)::int AS count FROM courtside.push_outbox
       WHERE id = ANY($1) GROUP BY 1, 2`,
      [pushIds],
    );
    expect(rows).toEqual([{ attempts: 1, leased: false, count: browsers.length }]);
    expect(service.rejected).toEqual([]);
  });
});
