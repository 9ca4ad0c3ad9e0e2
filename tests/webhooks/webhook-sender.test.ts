import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookSender } from '@courtside/api/webhooks/webhook-sender';
import { WebhookStore, webhookBody } from '@courtside/api/webhooks/webhook-store';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { forkSender } from '../support/sender-process.ts';
import { createTestDatabase } from '../support/services.ts';
import { eventually } from '../support/wait.ts';

const senderScript = fileURLToPath(new URL('../support/webhook-sender-process.ts', import.meta.url));
const quiet = { warn: () => undefined, error: () => undefined };

interface Arrival {
  path: string;
  webhookId: string;
  change: string;
  /** The receiver's answer, until the test gives one. */
  response: ServerResponse;
}

/**
 * The sender's claims (DESIGN.md §18, docs/decisions/webhooks.md "Claimed with a lease, sent outside any transaction"):
 * a delivery is claimed with a lease and sent outside any transaction, so a sender that dies mid-send must leave it to
 * be sent again, with the same `webhook-id`, and one whose outcome was recorded must never go again.
 */
describe('the webhook sender (DESIGN.md §18)', () => {
  let databaseUrl: string;
  let db: pg.Pool;
  let store: WebhookStore;
  const arrivals: Arrival[] = [];
  /** Paths whose requests get no answer until the test gives one. */
  const held = new Set<string>();
  /** Paths whose second request is cut off with its connection, as a receiver closing a kept-alive one does. */
  const cut = new Set<string>();
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const { data } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { data: { matchId: string } };
      const path = request.url ?? '/';
      arrivals.push({
        path,
        webhookId: String(request.headers['webhook-id']),
        change: data.matchId,
        response,
      });
      if (cut.has(path) && arrivedAt(path).length === 2) return void request.socket.destroy();
      if (!held.has(path)) response.writeHead(204).end();
    });
  });
  const urlOf = (path: string) => `http://127.0.0.1:${(receiver.address() as AddressInfo).port}${path}`;
  const arrivedAt = (path: string) => arrivals.filter((arrival) => arrival.path === path);

  beforeAll(async () => {
    databaseUrl = await createTestDatabase('webhook_sender');
    db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
    store = new WebhookStore(db);
    receiver.listen(0, '127.0.0.1');
    await once(receiver, 'listening');
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
    await db?.end();
  });

  async function endpoint(path: string): Promise<string> {
    const created = await store.create({
      companyId: randomUUID(),
      url: urlOf(path),
      types: ['match.cancelled'],
      description: '',
      now: new Date(),
    });
    return created!.webhookId;
  }
  /** A change queued for the endpoint as the consumer queues one (in log order); its delivery's id. */
  async function queue(webhookId: string, change: string): Promise<string> {
    const deliveryId = randomUUID();
    await db.query(
      `INSERT INTO courtside.webhook_deliveries (id, webhook_id, change_key, type, event_id, body, at, next_attempt_at)
       VALUES ($1, $2, $3, 'match.cancelled', $4, $5, now(), now())`,
      [
        deliveryId,
        webhookId,
        `match.cancelled:${change}`,
        randomUUID(),
        webhookBody('match.cancelled', new Date(), { matchId: change }),
      ],
    );
    return deliveryId;
  }
  const deliveryRow = async (deliveryId: string) =>
    (
      await db.query<{ attempts: number; status: number | null; leased: boolean; pending: boolean }>(
        `SELECT attempts, status, leased_until IS NOT NULL AS leased, next_attempt_at IS NOT NULL AS pending
         FROM courtside.webhook_deliveries WHERE id = $1`,
        [deliveryId],
      )
    ).rows[0];

  const startSender = (overrides: { leaseMs?: number; concurrency?: number }) =>
    startWebhookSender({
      databaseUrl,
      readModelSchema: liveReadModelSchema,
      mode: 'development',
      clock: () => new Date(),
      logger: quiet,
      pollMs: 50,
      ...overrides,
    });

  const senderProcess = (leaseMs: number) =>
    forkSender(senderScript, { DATABASE_URL: databaseUrl, LEASE_MS: String(leaseMs) });

  it('sends a delivery again with the same webhook-id once the lease of a sender that died mid-send has passed, and never one whose outcome was recorded', async () => {
    const webhookId = await endpoint('/crash');
    const first = await queue(webhookId, 'first');
    const second = await queue(webhookId, 'second');
    held.add('/crash');
    const crashing = await senderProcess(1_000);
    const exited = once(crashing, 'exit');
    await eventually(() => arrivedAt('/crash').length === 1, { message: 'the first attempt' });
    crashing.kill('SIGKILL');
    await exited;
    // It died between the receiver's request and any outcome: nothing recorded, the claim still there.
    expect(await deliveryRow(first)).toEqual({ attempts: 0, status: null, leased: true, pending: true });
    held.delete('/crash');

    // Short leases here too: a delivery recorded under one must not go again once it has passed.
    const sender = startSender({ leaseMs: 200 });
    try {
      await eventually(() => arrivedAt('/crash').length >= 3, {
        message: 'the first change again, then the second',
      });
      // The receiver has the second request before the sender records its answer: wait for the record.
      await eventually(async () => (await deliveryRow(second))!.status !== null, {
        message: 'the second delivery recorded',
      });
      expect(await deliveryRow(first)).toEqual({ attempts: 1, status: 204, leased: false, pending: false });
      expect(await deliveryRow(second)).toEqual({ attempts: 1, status: 204, leased: false, pending: false });
      // Well past every lease of the two (a wait, not a measurement), a third change: the endpoint's next delivery
      // is that one, not a repeat of a recorded one.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await queue(webhookId, 'third');
      sender.wake();
      await eventually(() => arrivedAt('/crash').some((arrival) => arrival.change === 'third'));
    } finally {
      await sender.stop();
    }
    expect(arrivedAt('/crash').map((arrival) => [arrival.change, arrival.webhookId])).toEqual([
      ['first', first],
      ['first', first],
      ['second', second],
      ['third', expect.any(String)],
    ]);
  });

  it('keeps sending to other endpoints while one hangs, each endpoint’s changes in order', async () => {
    const hanging = await endpoint('/hangs');
    const answering = await endpoint('/answers');
    held.add('/hangs');
    await queue(hanging, 'h1');
    await queue(hanging, 'h2');
    const changes = Array.from({ length: 20 }, (_, index) => `a${index}`);
    for (const change of changes) await queue(answering, change);
    const sender = startSender({ concurrency: 2 });
    try {
      await eventually(() => arrivedAt('/answers').length === changes.length, {
        message: 'the answering endpoint',
      });
      // All of them came while the first request to the hanging endpoint was still open, and its second waits.
      expect(arrivedAt('/hangs').map((arrival) => [arrival.change, arrival.response.writableEnded])).toEqual([
        ['h1', false],
      ]);
      expect(arrivedAt('/answers').map((arrival) => arrival.change)).toEqual(changes);
    } finally {
      held.delete('/hangs');
      for (const arrival of arrivedAt('/hangs')) arrival.response.writeHead(204).end();
      await sender.stop();
    }
  });

  it('shares the outbox between two senders: every change once, each endpoint’s in log order', async () => {
    const paths = Array.from({ length: 6 }, (_, index) => `/shared${index}`);
    const changes = Array.from({ length: 15 }, (_, index) => `s${index}`);
    const endpoints = await Promise.all(paths.map((path) => endpoint(path)));
    for (const change of changes) for (const webhookId of endpoints) await queue(webhookId, change);
    const senders = [startSender({}), startSender({})];
    try {
      await eventually(() => paths.every((path) => arrivedAt(path).length >= changes.length), {
        message: 'every change at every endpoint',
      });
    } finally {
      await Promise.all(senders.map((sender) => sender.stop()));
    }
    for (const path of paths) expect(arrivedAt(path).map((arrival) => arrival.change)).toEqual(changes);
  });

  it('sends once more on a new connection when the kept-alive one is closed as it is reused, within the same attempt', async () => {
    const webhookId = await endpoint('/closes');
    cut.add('/closes');
    await queue(webhookId, 'before');
    const second = await queue(webhookId, 'cut');
    const sender = startSender({});
    try {
      await eventually(() => arrivedAt('/closes').length === 3, { message: 'the cut request again' });
      await eventually(async () => (await deliveryRow(second))?.pending === false);
    } finally {
      await sender.stop();
    }
    expect(arrivedAt('/closes').map((arrival) => [arrival.change, arrival.webhookId])).toEqual([
      ['before', expect.any(String)],
      ['cut', second],
      ['cut', second],
    ]);
    // One attempt, delivered: the cut connection was not counted as a failure to retry in 5 s.
    expect(await deliveryRow(second)).toEqual({ attempts: 1, status: 204, leased: false, pending: false });
  });
});
