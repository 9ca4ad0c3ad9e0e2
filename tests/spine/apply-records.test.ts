import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventRegistry } from '@courtside/events/event-registry';
import type { LogRecord } from '@courtside/eventlog/log/port';
import { applyRecords, PoisonedRecordError } from '@courtside/projector/apply-records';
import type { MergePushData, Projection } from '@courtside/projector/projection';
import { createTestDatabase } from '../support/services.ts';
import { noteWritten } from './notes-module.ts';

/**
 * The projections' writes are pipelined and waited for at the end of a batch (projector/src/apply-records.ts): what
 * a batch writes must be what it wrote one statement at a time, and a write the database refuses must still name
 * its own record, with the database's own reason.
 */
const registry = new EventRegistry([noteWritten]);

/**
 * Writes each note's text into a table that refuses the text "refused"; reads its own row back after writing, except
 * for a note whose text starts with "unread" (its failure is then found only when the batch's writes are waited for).
 */
const checkedNotes: Projection = {
  name: 'checked_notes',
  migrationsDir: '',
  tables: ['checked_notes'],
  async apply(event, context) {
    const { noteId, text } = event.payload as { noteId: string; text: string };
    context.write(
      'INSERT INTO checked_notes (id, text, seq) VALUES ($1, $2, (SELECT count(*) FROM checked_notes))',
      [noteId, text],
    );
    if (text.startsWith('unread')) return;
    const { rows } = await context.query<{ text: string }>('SELECT text FROM checked_notes WHERE id = $1', [
      noteId,
    ]);
    if (rows[0]?.text !== text) throw new Error(`the note's own write is not visible to its read`);
  },
};

/**
 * Counts the notes with `send` (not waited for) and pushes the count after each note with `pushLater`, behind a push
 * of the note's own; `prepare` reads how many notes there were before the batch, and each push says whether it had it.
 */
const countedNotes: Projection = {
  name: 'counted_notes',
  migrationsDir: '',
  tables: ['checked_notes'],
  async prepare() {
    return 'prepared';
  },
  async apply(event, context) {
    const { noteId, text } = event.payload as { noteId: string; text: string };
    context.push({ room: 'notes', event: 'note', data: { text, prepared: context.prepared ?? null } });
    const inserted = context.send(
      'INSERT INTO checked_notes (id, text, seq) VALUES ($1, $2, (SELECT count(*) FROM checked_notes))',
      [noteId, text],
    );
    const counted = context.send<{ count: string }>('SELECT count(*) FROM checked_notes');
    context.pushLater(
      Promise.all([inserted, counted]).then(([{ rowCount }, { rows }]) => [
        { room: 'notes', event: 'count', data: { inserted: rowCount, count: Number(rows[0]!.count) } },
      ]),
    );
  },
};

/** Two pushes' texts as one push's, in order. */
const joinTexts: MergePushData = (earlier, later) => ({
  texts: [...(earlier as { texts: string[] }).texts, ...(later as { texts: string[] }).texts],
});

/**
 * Pushes each note's text to the room `notes` as a mergeable `texts` push, or (a text starting with "plain") as a
 * push that may not merge; and echoes every note to the room `echo`.
 */
const mergedNotes: Projection = {
  name: 'merged_notes',
  migrationsDir: '',
  tables: [],
  async apply(event, context) {
    const { text } = event.payload as { text: string };
    if (text.startsWith('plain')) context.push({ room: 'notes', event: 'plain', data: { text } });
    else context.pushMergeable({ room: 'notes', event: 'texts', data: { texts: [text] } }, joinTexts);
    context.push({ room: 'echo', event: 'echo', data: { text } });
  },
};

const records = (texts: string[]): LogRecord[] =>
  texts.map((text, offset) => {
    const noteId = randomUUID();
    const value = registry.create(
      { type: noteWritten.type, streamId: noteId, payload: { noteId, text } },
      { companyId: randomUUID(), actorId: 'test', correlationId: randomUUID(), occurredAt: new Date() },
    );
    return { partition: 0, offset, value };
  });

describe('applying a batch of records with pipelined writes', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({
      connectionString: await createTestDatabase('apply'),
      pipeline: true,
    } as pg.PoolConfig);
    await pool.query(
      `CREATE TABLE checked_notes (id uuid PRIMARY KEY, text text NOT NULL CHECK (text NOT LIKE '%refused'), seq int NOT NULL)`,
    );
  });
  afterAll(async () => {
    await pool?.end();
  });

  /** Applies in a transaction that is rolled back, and says what the table held at the end, or the error. */
  async function apply(texts: string[], projection = checkedNotes) {
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      try {
        const applied = await applyRecords(client, records(texts), registry, [projection], false);
        const { rows } = await client.query<{ text: string; seq: number }>(
          'SELECT text, seq FROM checked_notes ORDER BY seq',
        );
        return { events: applied.events.length, rows, pushes: applied.pushes };
      } catch (error) {
        return { error };
      }
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  }

  it('writes every record in log order, each write seen by the statements after it', async () => {
    const texts = Array.from({ length: 300 }, (_, index) => `note ${index}`);

    const result = await apply(texts);

    expect(result).toMatchObject({ events: 300, rows: texts.map((text, seq) => ({ text, seq })) });
  });

  it('keeps each push read without waiting in its record’s place, read as the rows were at that record', async () => {
    const texts = Array.from({ length: 300 }, (_, index) => `note ${index}`);

    const result = await apply(texts, countedNotes);

    expect(result.rows).toEqual(texts.map((text, seq) => ({ text, seq })));
    expect(result.pushes?.map((push) => push.data)).toEqual(
      texts.flatMap((text, index) => [
        { text, prepared: 'prepared' },
        { inserted: 1, count: index + 1 },
      ]),
    );
  });

  it('names the record whose read-later write was refused, applying one at a time without prepare', async () => {
    const result = await apply(['first', 'second', 'refused', 'fourth'], countedNotes);

    expect(result.error).toBeInstanceOf(PoisonedRecordError);
    const poisoned = result.error as PoisonedRecordError;
    expect(poisoned.index).toBe(2);
    expect(poisoned.message).toMatch(/violates check constraint/);
  });

  it('applies the records one at a time, without what prepare read, when prepare fails', async () => {
    const texts = ['first', 'second', 'third'];
    const failingPrepare: Projection = {
      ...countedNotes,
      prepare: () => Promise.reject(new Error('prepare failed')),
    };

    const result = await apply(texts, failingPrepare);

    expect(result.rows).toEqual(texts.map((text, seq) => ({ text, seq })));
    expect(result.pushes?.map((push) => push.data)).toEqual(
      texts.flatMap((text, index) => [
        { text, prepared: null },
        { inserted: 1, count: index + 1 },
      ]),
    );
  });

  it.each([
    ['at once', mergedNotes],
    ['one record at a time', { ...mergedNotes, prepare: () => Promise.reject(new Error('prepare failed')) }],
  ])(
    'sends one push for a run of mergeable pushes of a room and event, where its last was (%s)',
    async (_, projection) => {
      const result = await apply(['a', 'b', 'plain', 'c', 'd'], projection);

      // The room's own order stays: a push that may not merge ends the run before it.
      expect(result.pushes?.map(({ room, event, data }) => [room, event, data])).toEqual([
        ['echo', 'echo', { text: 'a' }],
        ['notes', 'texts', { texts: ['a', 'b'] }],
        ['echo', 'echo', { text: 'b' }],
        ['notes', 'plain', { text: 'plain' }],
        ['echo', 'echo', { text: 'plain' }],
        ['echo', 'echo', { text: 'c' }],
        ['notes', 'texts', { texts: ['c', 'd'] }],
        ['echo', 'echo', { text: 'd' }],
      ]);
    },
  );

  it('sends a mergeable push of a batch of one record as it is', async () => {
    const result = await apply(['a'], mergedNotes);

    expect(result.pushes).toEqual([
      { room: 'notes', event: 'texts', data: { texts: ['a'] } },
      { room: 'echo', event: 'echo', data: { text: 'a' } },
    ]);
  });

  it.each([
    ['a read after it', ['first', 'second', 'refused', 'fourth']],
    [
      'nothing after it but the end of the batch',
      ['unread first', 'unread second', 'unread refused', 'unread 4'],
    ],
  ])('names the record whose write the database refused, with the refusal itself (%s)', async (_, texts) => {
    const result = await apply(texts);

    expect(result.error).toBeInstanceOf(PoisonedRecordError);
    const poisoned = result.error as PoisonedRecordError;
    expect(poisoned.index).toBe(2);
    expect(poisoned.message).toMatch(/violates check constraint/);
    expect(poisoned.message).not.toMatch(/current transaction is aborted/);
  });
});
