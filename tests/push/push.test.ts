import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import {
  ACCOUNT_API,
  DEV_MAILBOX_PATH,
  LADDER_API,
  NOTIFICATIONS_PATH,
  PREFERENCES_PATH,
  PUSH_KEY_PATH,
  PUSH_SUBSCRIPTIONS_PATH,
} from '@courtside/events/api-paths';
import { readNotifierStatus } from '@courtside/api/notifications/notifier-status';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { seasonWithTeams } from '../support/ladder-setup.ts';
import { startPushService, type PushService, type PushSubscriptionJson } from '../support/push-service.ts';
import { eventually } from '../support/wait.ts';

const DAY_S = 24 * 60 * 60;

describe('Web Push (DESIGN.md §17): real Postgres, Kafka, and a push service on 127.0.0.1', () => {
  let backend: TestBackend;
  let courtside: RunningCourtside;
  let service: PushService;
  let db: pg.Pool;
  // The injected clock: a retry's Retry-After passes when the test moves it.
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const start = () =>
    startTestCourtside(backend, {
      runNotifier: true,
      clock,
      pushTimeoutMs: 1_000,
      reminderIntervalMs: 3_600_000,
    });

  beforeAll(async () => {
    backend = await createBackend('kafka');
    courtside = await start();
    db = new pg.Pool({ connectionString: backend.databaseUrl, max: 2 });
    // The push service knows the key the server publishes (a browser subscribes with it).
    const key = await new HttpClient(courtside.url!).json<{ publicKey: string }>('GET', PUSH_KEY_PATH);
    service = await startPushService({ vapidPublicKey: key.body.publicKey });
  });
  afterAll(async () => {
    await service?.close();
    await db?.end();
    await courtside?.stop();
  });

  const subscribe = (http: HttpClient, subscription: PushSubscriptionJson) =>
    http.json<{ subscriptionId: string }>('POST', PUSH_SUBSCRIPTIONS_PATH, subscription);
  const subscriptionRows = async (endpoint: string) =>
    (
      await db.query<{ id: string; account_id: string }>(
        'SELECT id, account_id FROM courtside.push_subscriptions WHERE endpoint = $1',
        [endpoint],
      )
    ).rows;
  const challenge = (from: { http: HttpClient }, seasonId: string, defenderTeamId: string) =>
    from.http.json<{ challengeId: string }>('POST', `${LADDER_API}/seasons/${seasonId}/challenges`, {
      defenderTeamId,
    });
  const inAppList = (http: HttpClient, language = 'en') =>
    http.json<Array<{ id: string; kind: string; title: string; body: string; url: string }>>(
      'GET',
      `${NOTIFICATIONS_PATH}?limit=100&language=${language}`,
    );
  const mailsTo = async (email: string) =>
    (
      await new HttpClient(courtside.url!).json<Array<{ subject: string; code?: string }>>(
        'GET',
        `${DEV_MAILBOX_PATH}?to=${encodeURIComponent(email)}`,
      )
    ).body.filter((mail) => !mail.code);

  it('answers the VAPID key to anyone, keeps one row per endpoint, deletes only the account’s own', async () => {
    const key = await new HttpClient(courtside.url!).json<{ publicKey: string }>('GET', PUSH_KEY_PATH);
    expect(key.status).toBe(200);
    const raw = Buffer.from(key.body.publicKey, 'base64url');
    expect([raw.length, raw[0]]).toEqual([65, 4]);

    const { teams } = await seasonWithTeams(courtside.url!, 2);
    const [first, second] = teams;
    const browser = service.subscribe();
    expect((await new HttpClient(courtside.url!).json('POST', PUSH_SUBSCRIPTIONS_PATH, browser)).status).toBe(
      401,
    );

    const made = await subscribe(first!.http, browser);
    expect(made).toEqual({ status: 201, body: { subscriptionId: expect.any(String) } });
    const again = await subscribe(first!.http, browser);
    expect(again).toEqual({ status: 200, body: made.body });
    expect(await subscriptionRows(browser.endpoint)).toEqual([
      { id: made.body.subscriptionId, account_id: first!.account.id },
    ]);

    const path = `${PUSH_SUBSCRIPTIONS_PATH}/${made.body.subscriptionId}`;
    expect((await second!.http.json('DELETE', path)).status).toBe(404);
    expect(await subscriptionRows(browser.endpoint)).toHaveLength(1);
    expect((await first!.http.request('DELETE', path)).status).toBe(204);
    expect(await subscriptionRows(browser.endpoint)).toEqual([]);
    expect((await first!.http.json('DELETE', path)).status).toBe(404);
  });

  it('refuses a subscription that is not one with 400 and what is wrong', async () => {
    const { teams } = await seasonWithTeams(courtside.url!, 1);
    const http = teams[0]!.http;
    const good = service.subscribe();
    const point = Buffer.from(good.keys.p256dh, 'base64url');
    const cases: Array<[string, unknown, string]> = [
      [
        'a short p256dh',
        { ...good, keys: { ...good.keys, p256dh: point.subarray(0, 33).toString('base64url') } },
        'p256dh is 65 bytes',
      ],
      [
        'a compressed point',
        {
          ...good,
          keys: {
            ...good.keys,
            p256dh: Buffer.concat([Buffer.from([2]), point.subarray(1)]).toString('base64url'),
          },
        },
        'p256dh is not a valid key',
      ],
      [
        'an auth of 12 bytes',
        { ...good, keys: { ...good.keys, auth: Buffer.alloc(12, 1).toString('base64url') } },
        'auth is 16 bytes',
      ],
      [
        'keys in base64',
        { ...good, keys: { ...good.keys, auth: '++++++++++++++++++++++==' } },
        'auth is base64url',
      ],
      [
        'an http endpoint elsewhere',
        { ...good, endpoint: 'http://push.example.com/x' },
        'endpoint must be an https address',
      ],
      ['no endpoint', { keys: good.keys }, 'endpoint'],
      [
        'an endpoint that is no address',
        { ...good, endpoint: 'not an address' },
        'endpoint is the push service',
      ],
      [
        'an endpoint too long',
        { ...good, endpoint: `https://push.example.com/${'a'.repeat(2_100)}` },
        'endpoint is too long',
      ],
      ['no keys', { endpoint: good.endpoint }, 'keys'],
      ['another field', { ...good, extra: 1 }, 'extra'],
    ];
    for (const [what, body, says] of cases) {
      const answer = await http.json<{ error: string; issues: Array<{ path: string[]; message: string }> }>(
        'POST',
        PUSH_SUBSCRIPTIONS_PATH,
        body,
      );
      expect(answer.status, what).toBe(400);
      expect(JSON.stringify(answer.body.issues), what).toContain(says);
    }
    expect(await subscriptionRows(good.endpoint)).toEqual([]);
    const notAnId = await http.json('DELETE', `${PUSH_SUBSCRIPTIONS_PATH}/not-an-id`);
    expect(notAnId.status).toBe(400);
  });

  it('pushes a challenge to each of the account’s phones, encrypted, in the account’s language, urgent, for a day', async () => {
    const { seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const [first, second] = teams;
    expect((await first!.http.json('PUT', PREFERENCES_PATH, { language: 'nl' })).status).toBe(200);
    const phone = service.subscribe();
    const laptop = service.subscribe();
    const challenger = service.subscribe();
    await subscribe(first!.http, phone);
    await subscribe(first!.http, laptop);
    await subscribe(second!.http, challenger);

    expect((await challenge(second!, seasonId, first!.teamId)).status).toBe(201);

    const pushes = await eventually(() => {
      const both = [...service.pushesTo(phone.endpoint), ...service.pushesTo(laptop.endpoint)];
      return both.length === 2 && both;
    });
    const [item] = (await inAppList(first!.http, 'nl')).body.filter(
      (one) => one.kind === 'challenge.received',
    );
    expect(item!.title).toMatch(/daagt je uit/);
    for (const push of pushes) {
      expect(push.payload).toEqual({ title: item!.title, body: item!.body, url: item!.url });
      expect(push.headers).toMatchObject({
        ttl: String(DAY_S),
        urgency: 'high',
        contentEncoding: 'aes128gcm',
      });
    }
    expect(service.rejected).toEqual([]);
    // The challenger is not told of their own challenge: nothing queued for them (the pushes to the challenged were
    // queued with their notification, in its transaction).
    const { rows: queued } = await db.query(
      `SELECT 1 FROM courtside.push_outbox o JOIN courtside.push_subscriptions s ON s.id = o.subscription_id
       WHERE s.endpoint = $1`,
      [challenger.endpoint],
    );
    expect(queued).toEqual([]);
    expect(service.pushesTo(challenger.endpoint)).toEqual([]);
  });

  it('sends nothing to the phone for a kind switched off there, while the bell and the mail still tell', async () => {
    const { seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const [first, second] = teams;
    const saved = await first!.http.json<{ push: Record<string, boolean>; mail: Record<string, boolean> }>(
      'PUT',
      PREFERENCES_PATH,
      { push: { 'challenge.received': false, 'challenge.declined': true } },
    );
    expect(saved.body.push).toMatchObject({
      'challenge.received': false,
      'challenge.declined': true,
      'challenge.accepted': true,
      'team.waiting': false,
    });
    expect(saved.body.mail['challenge.received']).toBe(true);
    const phone = service.subscribe();
    await subscribe(first!.http, phone);

    await challenge(second!, seasonId, first!.teamId);

    await eventually(async () =>
      (await inAppList(first!.http)).body.some((one) => one.kind === 'challenge.received'),
    );
    await eventually(async () => (await mailsTo(first!.account.email)).length > 0);
    // The pushes are written with the notification, in its transaction: none was.
    const { rows } = await db.query(
      `SELECT 1 FROM courtside.push_outbox o JOIN courtside.push_subscriptions s ON s.id = o.subscription_id
       WHERE s.endpoint = $1`,
      [phone.endpoint],
    );
    expect(rows).toEqual([]);
    expect(service.pushesTo(phone.endpoint)).toEqual([]);
  });

  it('deletes a subscription its push service says is gone (410, 404), and the sign-out of its browser deletes it', async () => {
    const { seasonId, teams } = await seasonWithTeams(courtside.url!, 4);
    const [first, second, third, fourth] = teams;
    const gone = service.subscribe();
    const unknown = service.subscribe();
    service.answer(gone.endpoint, { status: 410 });
    service.answer(unknown.endpoint, { status: 404 });
    await subscribe(first!.http, gone);
    await subscribe(third!.http, unknown);

    await challenge(second!, seasonId, first!.teamId);
    await challenge(fourth!, seasonId, third!.teamId);

    await eventually(async () => (await subscriptionRows(gone.endpoint)).length === 0);
    await eventually(async () => (await subscriptionRows(unknown.endpoint)).length === 0);
    expect(service.pushesTo(gone.endpoint).map((push) => push.status)).toEqual([410]);

    const browser = service.subscribe();
    await subscribe(second!.http, browser);
    expect(await subscriptionRows(browser.endpoint)).toHaveLength(1);
    expect((await second!.http.json('GET', `${ACCOUNT_API}/account/logout`)).status).toBe(200);
    expect(await subscriptionRows(browser.endpoint)).toEqual([]);
  });

  it('tries a 429 again after its Retry-After and delivers it once, also when the notifier restarts and replays the log', async () => {
    const { seasonId, teams } = await seasonWithTeams(courtside.url!, 2);
    const [first, second] = teams;
    const phone = service.subscribe();
    service.answer(phone.endpoint, { status: 429, retryAfter: '600' });
    await subscribe(first!.http, phone);

    await challenge(second!, seasonId, first!.teamId);
    await eventually(() => service.pushesTo(phone.endpoint).length === 1);
    const waiting = await eventually(async () => {
      const { rows } = await db.query<{ attempts: number; next: Date; sent: Date | null }>(
        `SELECT o.attempts, o.next_attempt_at AS next, o.sent_at AS sent FROM courtside.push_outbox o
         JOIN courtside.push_subscriptions s ON s.id = o.subscription_id WHERE s.endpoint = $1`,
        [phone.endpoint],
      );
      return rows[0]?.attempts === 1 && rows[0];
    });
    // Not before the push service said: 600 s on the injected clock.
    expect(waiting.next.getTime() - clock().getTime()).toBeGreaterThan(500_000);
    expect(waiting.sent).toBeNull();

    // A restart that reads the whole log again decides every event anew: nothing new is queued.
    await courtside.stop();
    await db.query('DELETE FROM courtside.notifier_checkpoints');
    offsetMs += 601_000;
    courtside = await start();

    await eventually(() => service.pushesTo(phone.endpoint).length === 2);
    // The replay has passed every event of the log.
    await eventually(async () => (await readNotifierStatus(db, courtside.log)).lag === 0);
    expect(service.pushesTo(phone.endpoint).map((push) => push.status)).toEqual([429, 201]);
    // The sender records the push service's answer after it: wait for the record.
    const rows = await eventually(
      async () => {
        const { rows: found } = await db.query<{ attempts: number; sent: Date | null }>(
          `SELECT o.attempts, o.sent_at AS sent FROM courtside.push_outbox o
           JOIN courtside.push_subscriptions s ON s.id = o.subscription_id WHERE s.endpoint = $1`,
          [phone.endpoint],
        );
        return found.every((row) => row.sent !== null) && found;
      },
      { message: 'the second push recorded' },
    );
    expect(rows).toEqual([{ attempts: 2, sent: expect.any(Date) }]);
  });

  it('mails and tells in the app while the push service fails or hangs, and tries the push again later', async () => {
    const { seasonId, teams } = await seasonWithTeams(courtside.url!, 4);
    const [first, second, third, fourth] = teams;
    const failing = service.subscribe();
    const hanging = service.subscribe();
    service.answer(failing.endpoint, { status: 500 }, { status: 503 });
    service.answer(hanging.endpoint, 'hang');
    await subscribe(first!.http, failing);
    await subscribe(third!.http, hanging);

    await challenge(second!, seasonId, first!.teamId);
    await challenge(fourth!, seasonId, third!.teamId);

    for (const player of [first!, third!]) {
      await eventually(async () =>
        (await mailsTo(player.account.email)).some((mail) => /challenge/.test(mail.subject)),
      );
      await eventually(async () =>
        (await inAppList(player.http)).body.some((one) => one.kind === 'challenge.received'),
      );
    }
    const errors = await eventually(async () => {
      const { rows } = await db.query<{ endpoint: string; last_error: string | null; sent_at: Date | null }>(
        `SELECT s.endpoint, o.last_error, o.sent_at FROM courtside.push_outbox o
         JOIN courtside.push_subscriptions s ON s.id = o.subscription_id WHERE s.endpoint = ANY($1)`,
        [[failing.endpoint, hanging.endpoint]],
      );
      return rows.length === 2 && rows.every((row) => row.last_error) && rows;
    });
    expect(errors.find((row) => row.endpoint === failing.endpoint)!.last_error).toMatch(/answered 500/);
    // Cut at the sender's timeout (1 s in this test, 10 s by default).
    expect(errors.find((row) => row.endpoint === hanging.endpoint)!.last_error).toMatch(
      /TimeoutError|aborted/i,
    );

    // Later (the clock moved past the backoff) both go: the failing one after a 503, the hanging one at once.
    offsetMs += 3_600_000;
    await eventually(() => service.pushesTo(failing.endpoint).some((push) => push.status === 201), {
      timeoutMs: 30_000,
    });
    await eventually(() => service.pushesTo(hanging.endpoint).some((push) => push.status === 201), {
      timeoutMs: 30_000,
    });
    expect(service.pushesTo(failing.endpoint).map((push) => push.status)).toEqual([500, 503, 201]);
    // Operations see both on /metrics: the failed attempts (500, 503, the timeout) and the pushes delivered.
    // Each is counted once its outcome is recorded, after the push service's answer.
    const counted = (metrics: string, name: string) =>
      Number(metrics.match(new RegExp(`^${name} (\\d+)$`, 'm'))?.[1]);
    const metrics = await eventually(
      async () => {
        const text = await (await fetch(`${courtside.url}/metrics`)).text();
        return counted(text, 'courtside_pushes_sent_total') >= 2 && text;
      },
      { message: 'the pushes counted' },
    );
    expect(counted(metrics, 'courtside_push_send_failures_total')).toBeGreaterThanOrEqual(3);
    expect(counted(metrics, 'courtside_pushes_sent_total')).toBeGreaterThanOrEqual(2);
  });
});
