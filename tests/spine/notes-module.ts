import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { EventEnvelope } from '@courtside/events/envelope';
import { defineEvent } from '@courtside/events/event-registry';
import type { Projection } from '@courtside/projector/projection';
import { conflict, notFound } from '@courtside/api/http/http-error';
import { parseInput } from '@courtside/api/http/parse';
import type { CourtsideModule } from '@courtside/api/module';

/**
 * A command, two events and a read model defined by the tests themselves, to drive the spine end to end
 * without depending on any product feature. Version 1 of NoteWritten called the text `body`.
 */
export const noteWritten = defineEvent({
  type: 'TestNoteWritten',
  schemaVersion: 2,
  payload: z.object({ noteId: z.uuid(), text: z.string().min(1) }),
  upcasters: {
    1: (payload) => ({
      noteId: (payload as { noteId: string }).noteId,
      text: (payload as { body: string }).body,
    }),
  },
});

export const noteAmended = defineEvent({
  type: 'TestNoteAmended',
  schemaVersion: 1,
  payload: z.object({ noteId: z.uuid(), text: z.string().min(1) }),
});

type NoteEvent =
  | EventEnvelope<'TestNoteWritten', { noteId: string; text: string }>
  | EventEnvelope<'TestNoteAmended', { noteId: string; text: string }>;

/** Set by a test to make the projector slow for one note text. */
export const projectorDelays = new Map<string, number>();
/** Set by a test to make the projector fail (as a bug would) on one note text. */
export const projectorFailures = new Set<string>();

export const notesProjection: Projection = {
  name: 'test_notes',
  migrationsDir: fileURLToPath(new URL('./notes-migrations', import.meta.url)),
  tables: ['test_notes'],
  async apply(envelope, context) {
    if (envelope.type !== noteWritten.type && envelope.type !== noteAmended.type) return;
    const event = envelope as NoteEvent;
    const delay = projectorDelays.get(event.payload.text);
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
    if (projectorFailures.has(event.payload.text))
      throw new Error(`cannot project note "${event.payload.text}"`);
    switch (event.type) {
      case 'TestNoteWritten':
        await context.query(
          `INSERT INTO test_notes (id, company_id, text, revision, written_at) VALUES ($1, $2, $3, 1, $4)
           ON CONFLICT (id) DO NOTHING`,
          [event.payload.noteId, event.companyId, event.payload.text, event.occurredAt],
        );
        break;
      case 'TestNoteAmended':
        await context.query('UPDATE test_notes SET text = $2, revision = revision + 1 WHERE id = $1', [
          event.payload.noteId,
          event.payload.text,
        ]);
        break;
      default: {
        const unreachable: never = event;
        throw new Error(`unhandled ${(unreachable as EventEnvelope).type}`);
      }
    }
    context.push({
      room: `ladder:${event.companyId}`,
      event: 'note.written',
      data: { noteId: event.payload.noteId, text: event.payload.text, companyId: event.companyId },
    });
  },
};

const writeNoteSchema = z.object({ text: z.string().trim().min(1, 'Text is required').max(200) });
const companyParams = z.object({ companyId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/) });

export const notesModule: CourtsideModule = {
  name: 'test-notes',
  events: [noteWritten, noteAmended],
  projections: [notesProjection],
  routes(router, services) {
    router.post('/webapps/api/test/companies/:companyId/notes', async (ctx) => {
      const { companyId } = parseInput(companyParams, ctx.params, 'address');
      const { text } = parseInput(writeNoteSchema, ctx.request.body, 'note');
      const outcome = await services.commands.execute(
        { name: 'WriteNote', companyId, actorId: 'test-user' },
        async ({ readModels }) => {
          const taken = await readModels.query(
            'SELECT 1 FROM test_notes WHERE company_id = $1 AND lower(text) = lower($2)',
            [companyId, text],
          );
          if (taken.rowCount) throw conflict('A note with this text exists already');
          const noteId = randomUUID();
          return {
            events: [{ type: noteWritten.type, streamId: noteId, payload: { noteId, text } }],
            result: { id: noteId },
          };
        },
      );
      ctx.status = outcome.status === 'projected' ? 201 : 202;
      ctx.body =
        outcome.status === 'projected'
          ? outcome.result
          : { ...outcome.result, eventIds: outcome.events.map((e) => e.id) };
    });

    // Amends without looking: the note's own NoteWritten is before it on the company's partition. Each amendment
    // adds one to the note's revision, so an amendment applied twice shows.
    router.post('/webapps/api/test/companies/:companyId/notes/:noteId/amendments', async (ctx) => {
      const { companyId, noteId } = parseInput(
        companyParams.extend({ noteId: z.uuid() }),
        ctx.params,
        'address',
      );
      const { text } = parseInput(writeNoteSchema, ctx.request.body, 'note');
      const outcome = await services.commands.execute(
        { name: 'AmendNote', companyId, actorId: 'test-user' },
        async () => ({
          events: [{ type: noteAmended.type, streamId: noteId, payload: { noteId, text } }],
          result: { id: noteId },
        }),
      );
      ctx.status = outcome.status === 'projected' ? 200 : 202;
      ctx.body = outcome.result;
    });

    router.get('/webapps/api/test/notes/:noteId', async (ctx) => {
      const { noteId } = parseInput(z.object({ noteId: z.uuid() }), ctx.params, 'address');
      const { rows } = await services.readModels.query(
        'SELECT id, text, revision FROM test_notes WHERE id = $1',
        [noteId],
      );
      if (!rows[0]) throw notFound('No such note');
      ctx.body = rows[0];
    });
  },
};
