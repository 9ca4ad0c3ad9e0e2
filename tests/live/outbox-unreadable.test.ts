import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ADMIN_API } from '@courtside/events/api-paths';
import { PROJECTED_CHANNEL } from '@courtside/projector/projected-notification';
import { courtsideForTests } from '../support/courtside.ts';
import { managerWithSeason, seasonWithTeams } from '../support/ladder-setup.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';

/**
 * The live channel while its reads of the outbox fail (the database gives no connection in time, as at a restart on
 * a busy machine; here the outbox is renamed away for a moment) or wait (on another session's lock, cut by the
 * server's bound on its reads): a subscription is answered, not left without an ack,
 * `{ok: false, retry: true}` with the room not joined, so the client asks again and catches up then, each push once;
 * a push whose delivery failed goes out once the outbox can be read, not only with the next change.
 */
describe('the live channel while the outbox cannot be read', () => {
  const courtside = courtsideForTests();

  /** Runs `during` with the outbox renamed away, and puts it back whatever happens. */
  async function withoutOutbox(during: () => Promise<void>): Promise<void> {
    const schema = courtside.readModelSchema;
    const pool = new pg.Pool({ connectionString: courtside.backend.databaseUrl, max: 1 });
    try {
      await pool.query(`ALTER TABLE ${schema}.outbox RENAME TO outbox_away`);
      await during();
    } finally {
      await pool.query(`ALTER TABLE ${schema}.outbox_away RENAME TO outbox`);
      await pool.end();
    }
  }

  it('refuses a subscription with retry, joins nothing, and the next try catches up on what it missed', async () => {
    const { manager, seasonId, teams } = await seasonWithTeams(courtside.url, 2);
    const room = `season:${seasonId}`;
    const viewer = new LiveClient(courtside.url);
    const witness = new LiveClient(courtside.url);
    await Promise.all([viewer.connected(), witness.connected()]);
    const first = (await viewer.subscribe(room)) as { ok: boolean; cursor?: number };
    expect(first.ok).toBe(true);
    expect((await witness.subscribe(room)).ok).toBe(true);
    const cursor = first.cursor!;
    expect(cursor).toEqual(expect.any(Number));

    // The room's pushes cannot be read for a moment.
    let refused: unknown;
    await withoutOutbox(async () => {
      refused = await viewer.subscribe(room, cursor);
    });
    expect(refused).toEqual({ ok: false, error: expect.any(String), retry: true });

    // A match is made: the witness hears of it; the refused viewer is in no room, so it does not.
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      { defenderId: teams[0]!.teamId, challengerId: teams[1]!.teamId },
    );
    expect(created.status).toBe(201);
    const matchPushes = (client: LiveClient) =>
      client.pushes.filter(
        (push) =>
          push.event === 'match.updated' &&
          (push.data as { match: { id: string } }).match.id === created.body.matchId,
      );
    await eventually(() => matchPushes(witness).length === 1, { message: 'the witness’s push' });
    expect(matchPushes(viewer)).toHaveLength(0);

    // Asked again with its cursor: the missed push comes before the ack, once.
    const again = await viewer.subscribe(room, cursor);
    expect(again.ok).toBe(true);
    expect(matchPushes(viewer)).toHaveLength(1);
    viewer.close();
    witness.close();
  });

  it('answers a subscription whose read waits on a lock with retry, and the next try after the lock catches up', async () => {
    const { manager, seasonId, teams } = await seasonWithTeams(courtside.url, 2);
    const room = `season:${seasonId}`;
    const viewer = new LiveClient(courtside.url);
    await viewer.connected();
    const first = (await viewer.subscribe(room)) as { ok: boolean; cursor: number };
    expect(first.ok).toBe(true);

    // Another session holds the outbox (a migration, a long vacuum): the catch-up's read waits on its lock.
    const locker = new pg.Client({ connectionString: courtside.backend.databaseUrl });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query(`LOCK TABLE ${courtside.readModelSchema}.outbox IN ACCESS EXCLUSIVE MODE`);
      // Longer than the server's bound on its reads: without that bound no answer comes while the lock is held.
      const refused = await viewer.socket
        .timeout(60_000)
        .emitWithAck('subscribe', { room, since: first.cursor });
      expect(refused).toEqual({ ok: false, error: expect.any(String), retry: true });
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }

    // A match is made while the viewer is in no room; asked again from its cursor, the push comes before the ack, once.
    const created = await manager.json<{ matchId: string }>(
      'POST',
      `${ADMIN_API}/seasons/${seasonId}/teams/match`,
      { defenderId: teams[0]!.teamId, challengerId: teams[1]!.teamId },
    );
    expect(created.status).toBe(201);
    const again = await viewer.subscribe(room, first.cursor);
    expect(again.ok).toBe(true);
    expect(
      viewer.pushes.filter(
        (push) =>
          push.event === 'match.updated' &&
          (push.data as { match: { id: string } }).match.id === created.body.matchId,
      ),
    ).toHaveLength(1);
    viewer.close();
  });

  it('delivers a push whose delivery failed once the outbox can be read again', async () => {
    const { ladderId } = await managerWithSeason(courtside.url);
    const room = `ladder:${ladderId}`;
    const viewer = new LiveClient(courtside.url, {}, ['test.unread']);
    await viewer.connected();
    expect((await viewer.subscribe(room)).ok).toBe(true);
    const schema = courtside.readModelSchema;
    const writer = new pg.Pool({ connectionString: courtside.backend.databaseUrl, max: 1 });
    try {
      // A projector's batch too large for its notification: the api reads its rows from the outbox.
      const { rows } = await writer.query<{ id: number }>(
        `INSERT INTO ${schema}.outbox (room, event, data, position)
         VALUES ($1, 'test.unread', '{"name":"unread"}', (SELECT coalesce(max(position), 0) + 1 FROM ${schema}.outbox))
         RETURNING id`,
        [room],
      );
      await withoutOutbox(async () => {
        await writer.query('SELECT pg_notify($1, $2)', [
          PROJECTED_CHANNEL,
          JSON.stringify({ schema, partition: 0, nextOffset: 0, outboxTo: rows[0]!.id, pushes: null }),
        ]);
        // Deliveries and subscriptions take turns in the server's queue. The notification went out before the
        // witness even connected, so it is in practice handled first and fails too; a refused subscription says the
        // outbox was still away then. (Without the retry of a failed delivery this test fails.)
        const witness = new LiveClient(courtside.url);
        await witness.connected();
        expect(await witness.subscribe(room)).toMatchObject({ ok: false, retry: true });
        witness.close();
      });
      const unread = () => viewer.pushes.filter((push) => push.event === 'test.unread');
      await eventually(() => unread().length > 0, { message: 'the push once the outbox is back' });
      expect(unread()).toHaveLength(1);
    } finally {
      await writer.end();
      viewer.close();
    }
  });
});
