import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { PROJECTED_CHANNEL } from '@courtside/projector/projected-notification';
import { createBackend, startTestCourtside, type TestBackend } from '../support/courtside.ts';
import { managerWithSeason } from '../support/ladder-setup.ts';
import { LiveClient } from '../support/live-client.ts';
import { eventually } from '../support/wait.ts';

/**
 * Two projector transactions (two projector processes, DESIGN.md §1) can commit their outbox rows out of id order:
 * the later row's notification arrives first, while the earlier row is not visible yet. The earlier push must still
 * reach its room when its transaction commits.
 */
describe('live pushes whose outbox rows commit out of id order', () => {
  let backend: TestBackend;
  let courtside: RunningCourtside;
  let pool: pg.Pool;
  beforeAll(async () => {
    backend = await createBackend('embedded');
    courtside = await startTestCourtside(backend);
    pool = new pg.Pool({ connectionString: backend.databaseUrl, max: 4 });
  });
  afterAll(async () => {
    await pool?.end();
    await courtside?.stop();
  });

  type Row = { id: number; room: string; position: number; event: string; data: { name: string } };

  /** Opens a transaction that writes one outbox row, as a projector batch does; returns it and how to commit. */
  async function openBatch(room: string, name: string, announcePushes: boolean) {
    const client = await pool.connect();
    await client.query('BEGIN');
    const { rows } = await client.query<Row>(
      `INSERT INTO ${courtside.readModelSchema}.outbox (room, event, data, position)
       VALUES ($1, 'test.late', $2, (SELECT coalesce(max(position), 0) + 1 FROM ${courtside.readModelSchema}.outbox))
       RETURNING id, room, position, event, data`,
      [room, JSON.stringify({ name })],
    );
    const row = rows[0]!;
    return {
      row,
      async commit() {
        // The projector's notification, sent at commit: without `pushes` when they are too large to ride along.
        await client.query('SELECT pg_notify($1, $2)', [
          PROJECTED_CHANNEL,
          JSON.stringify({
            schema: courtside.readModelSchema,
            partition: 0,
            nextOffset: 0,
            outboxTo: row.id,
            pushes: announcePushes ? [row] : null,
          }),
        ]);
        await client.query('COMMIT');
        client.release();
      },
    };
  }

  for (const announcePushes of [true, false]) {
    it(`delivers the earlier push after the later one (pushes ${announcePushes ? 'in' : 'not in'} the notification)`, async () => {
      const { ladderId } = await managerWithSeason(courtside.url!);
      const room = `ladder:${ladderId}`;
      const viewer = new LiveClient(courtside.url!, {}, ['test.late']);
      await viewer.connected();
      expect((await viewer.subscribe(room)).ok).toBe(true);
      const names = () => viewer.pushes.filter((push) => push.event === 'test.late').map((push) => push.data);

      const earlier = await openBatch(room, 'earlier', announcePushes);
      const later = await openBatch(room, 'later', announcePushes);
      expect(later.row.id).toBeGreaterThan(earlier.row.id);
      await later.commit();
      await eventually(() => names().length === 1, { message: 'the later push' });
      await earlier.commit();
      await eventually(() => names().length === 2, { message: 'the earlier push', timeoutMs: 5_000 });
      expect(names()).toEqual([{ name: 'later' }, { name: 'earlier' }]);
      viewer.socket.disconnect();
    });
  }
});
