import { randomUUID } from 'node:crypto';
import { AssignerProtocol, Kafka, logLevel } from 'kafkajs';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningCourtside } from '@courtside/api/courtside';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { HEALTH_PATH } from '@courtside/events/api-paths';
import { createBackend, PRODUCT_COMMAND_BOUNDS, startTestCourtside } from '../support/courtside.ts';
import { HttpClient } from '../support/http-client.ts';
import { replayNotes } from '../support/notes-replay.ts';
import { eventually, sentUntilTaken } from '../support/wait.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Several projector processes share the topic's partitions as one consumer group. Under a steady stream
 * of commands a second and a third projector join and the first leaves, each a rebalance in the middle of the load.
 * Afterwards every partition's checkpoint is at the end of the log, every amendment is applied exactly once (a note's
 * revision counts them), and the read models equal a replay of the log.
 */
describe('projectors sharing the partitions on Kafka', () => {
  const cleanups: Array<() => Promise<unknown> | void> = [];
  afterAll(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('rebalances in the middle of the load and applies every event exactly once', async () => {
    const backend = await createBackend('kafka');
    const topic = backend.kafkaTopic!;
    const startProjector = async () => {
      const projector = await startTestCourtside(backend, {
        runApi: false,
        commandBounds: PRODUCT_COMMAND_BOUNDS,
      });
      let stopped = false;
      const stop = async () => {
        if (stopped) return;
        stopped = true;
        await projector.stop();
      };
      cleanups.push(stop);
      return { projector, stop };
    };
    const api: RunningCourtside = await startTestCourtside(backend, {
      runProjector: false,
      commandBounds: PRODUCT_COMMAND_BOUNDS,
    });
    cleanups.push(() => api.stop());
    const http = new HttpClient(api.url!);
    await http.request('GET', HEALTH_PATH); // the anti-forgery cookie

    const admin = new Kafka({ brokers: backend.kafkaBrokers!, logLevel: logLevel.NOTHING }).admin();
    await admin.connect();
    cleanups.push(() => admin.disconnect());
    const groupId = `courtside-${topic}-projector-${liveReadModelSchema}`;
    /** The partitions each member of the projectors' group holds, once the group is stable. */
    const assignments = async () => {
      const { groups } = await admin.describeGroups([groupId]);
      const group = groups[0];
      if (group?.state !== 'Stable') return undefined;
      return group.members.map(
        (member) =>
          AssignerProtocol.MemberAssignment.decode(member.memberAssignment)?.assignment[topic]?.sort() ?? [],
      );
    };

    const first = await startProjector();
    const companies = Array.from({ length: 9 }, () => randomUUID());
    /** Each note, with the amendments the api acknowledged for it. */
    const notes: Array<{ id: string; amended: number; unsure: number }> = [];
    /** Writes answered `503 APPEND_UNCONFIRMED`: the log did not confirm them in time, they may or may not be in it. */
    let unsureWrites = 0;
    const unconfirmed = (answer: { status: number; body?: unknown }) =>
      answer.status === 503 &&
      (answer.body as { reason?: string } | undefined)?.reason === 'APPEND_UNCONFIRMED';
    const refused: string[] = [];
    let sending = true;
    /**
     * While a partition changes hands its new projector catches up from the checkpoint; a command of a company on it
     * waits for that at most `projectionWaitMs` (2 s), and on a loaded machine a rebalance takes longer: the api
     * answers `503 CATCHING_UP`, nothing changed, and a client sends it again, as the workers do. A loaded broker may
     * also not confirm an append in time (`APPEND_UNCONFIRMED`): not sent again, and counted as at most once.
     */
    let unavailable = 0;
    const counted = async <T extends { status: number }>(answer: Promise<T>) => {
      const sent = await answer;
      if (sent.status === 503) unavailable++;
      return sent;
    };
    const worker = async (companyId: string) => {
      while (sending) {
        const written = await sentUntilTaken(() =>
          counted(
            http.json<{ id: string }>('POST', `/webapps/api/test/companies/${companyId}/notes`, {
              text: `note ${randomUUID()}`,
            }),
          ),
        );
        if (unconfirmed(written)) {
          unsureWrites++;
          continue;
        }
        if (written.status !== 201 && written.status !== 202) {
          refused.push(`write ${written.status} ${JSON.stringify(written.body)}`);
          await sleep(200);
          continue;
        }
        const note = { id: written.body.id, amended: 0, unsure: 0 };
        notes.push(note);
        for (let i = 0; i < 5 && sending; i++) {
          const amended = await sentUntilTaken(() =>
            counted(
              http.json('POST', `/webapps/api/test/companies/${companyId}/notes/${note.id}/amendments`, {
                text: `amendment ${i} ${randomUUID()}`,
              }),
            ),
          );
          if (amended.status === 200 || amended.status === 202) note.amended++;
          else if (unconfirmed(amended)) note.unsure++;
          else refused.push(`amend ${amended.status} ${JSON.stringify(amended.body)}`);
        }
      }
    };
    const workers = companies.map(worker);

    await sleep(1_500);
    const second = await startProjector();
    const split = await eventually(
      async () => {
        const held = await assignments();
        return held?.length === 2 && held.every((partitions) => partitions.length > 0) && held;
      },
      { timeoutMs: 30_000, message: 'the two projectors to share the partitions' },
    );
    await sleep(1_500);
    const third = await startProjector();
    await eventually(async () => (await assignments())?.length === 3, {
      timeoutMs: 30_000,
      message: 'the third projector to join',
    });
    await sleep(1_000);
    await first.stop();
    await eventually(async () => (await assignments())?.length === 2, {
      timeoutMs: 30_000,
      message: 'the first projector to leave the group',
    });
    await sleep(1_500);
    // Enough writes to have crossed the hand-overs, however slow a loaded machine made them.
    await eventually(() => notes.length > 20, {
      timeoutMs: 120_000,
      message: 'more than twenty notes written',
    });
    sending = false;
    await Promise.all(workers);

    // The remaining projectors catch up with the whole log.
    const db = new pg.Pool({ connectionString: backend.databaseUrl });
    cleanups.push(() => db.end());
    const head = await api.log.head();
    await eventually(
      async () => {
        const { rows } = await db.query<{ partition: number; next_offset: string }>(
          `SELECT partition, next_offset FROM ${liveReadModelSchema}.checkpoints`,
        );
        const done = new Map(rows.map((row) => [row.partition, Number(row.next_offset)]));
        return Object.entries(head).every(([partition, next]) => (done.get(Number(partition)) ?? 0) === next);
      },
      { timeoutMs: 60_000, message: 'the projectors to catch up' },
    );
    const { rows } = await db.query<{ id: string; revision: number }>(
      `SELECT id, revision FROM ${liveReadModelSchema}.test_notes`,
    );
    const revisions = new Map(rows.map((row) => [row.id, row.revision]));
    const amendments = notes.reduce((sum, note) => sum + note.amended, 0);
    console.log(
      `[scale-out] ${notes.length} notes, ${amendments} amendments, ${unavailable} answers 503 ` +
        `(of them ${unsureWrites + notes.reduce((sum, note) => sum + note.unsure, 0)} unconfirmed); ` +
        'partitions held by two projectors: ' +
        `${JSON.stringify(split)}`,
    );

    expect(refused).toEqual([]);
    // Every acknowledged write and amendment exactly once; one of unknown outcome at most once.
    expect(rows.length).toBeGreaterThanOrEqual(notes.length);
    expect(rows.length).toBeLessThanOrEqual(notes.length + unsureWrites);
    expect(
      notes.filter((note) => {
        const revision = revisions.get(note.id) ?? 0;
        return revision < 1 + note.amended || revision > 1 + note.amended + note.unsure;
      }),
    ).toEqual([]);
    const report = await replayNotes(backend.databaseUrl, api.log);
    expect(report.identical).toBe(true);
    await Promise.all([second.stop(), third.stop()]);
  }, 180_000);
});
