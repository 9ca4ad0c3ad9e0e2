import pg from 'pg';
import type { RunningCourtside } from '@courtside/api/courtside';
import type { EventEnvelope } from '@courtside/events/envelope';
import { createBackend, startTestCourtside } from './courtside.ts';

/**
 * What a loader spec (issue 35) needs: a running Courtside to write a history through its command routes, and a
 * connection to its read models, where the loaders read what the projector made of it.
 */
export async function courtsideWithReadModels(): Promise<{ courtside: RunningCourtside; db: pg.Pool }> {
  const backend = await createBackend('embedded');
  const courtside = await startTestCourtside(backend);
  const db = new pg.Pool({
    connectionString: backend.databaseUrl,
    max: 2,
    options: `-c search_path=${courtside.readModelSchema},public`,
  });
  return { courtside, db };
}

/** A company's events of the given types as the projector stored them, in their order, as the rules see them. */
export async function companyEventsOf<Event extends { type: string; payload: unknown }>(
  db: pg.Pool,
  companyId: string,
  types: Set<string>,
): Promise<Array<Event & { streamId: string }>> {
  const { rows } = await db.query<{ envelope: EventEnvelope }>(
    'SELECT envelope FROM company_events WHERE company_id = $1 ORDER BY seq',
    [companyId],
  );
  return rows
    .map((row) => row.envelope)
    .filter((event) => types.has(event.type))
    .map(({ type, payload, streamId }) => ({ type, payload, streamId }) as Event & { streamId: string });
}
