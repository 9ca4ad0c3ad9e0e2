import type { EventLog } from '@courtside/eventlog/log/port';
import { EventRegistry } from '@courtside/events/event-registry';
import { liveReadModelSchema } from '@courtside/projector/read-model-schema';
import { replay, type ReplayReport } from '@courtside/projector/replay';
import { noteAmended, noteWritten, notesProjection } from '../spine/notes-module.ts';

/** Rebuilds the tests' notes read model from the log beside the live one and compares the two, quietly. */
export function replayNotes(databaseUrl: string, log: EventLog): Promise<ReplayReport> {
  return replay({
    databaseUrl,
    log,
    registry: new EventRegistry([noteWritten, noteAmended]),
    projections: [notesProjection],
    liveSchema: liveReadModelSchema,
    verify: true,
    logger: { info: () => undefined, error: () => undefined },
  });
}
