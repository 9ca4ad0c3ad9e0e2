import { fileURLToPath } from 'node:url';
import type { Projection } from '../projection.ts';

/** The payload's id under `key`, when it has one (the history's ladder and season columns). */
export const idIn = (payload: unknown, key: string): string | null => {
  const value = (payload as Record<string, unknown> | null)?.[key];
  return typeof value === 'string' ? value : null;
};

/**
 * The history of each company, every event as it was recorded. `seq` counts the company's events in log order
 * (one company lives in one partition), so a replay numbers them the same way: it is the event's `position` in the
 * history, the exports and the hash chain (DESIGN.md §8). `envelope` keeps the event exactly as the log holds it.
 */
export const auditProjection: Projection = {
  name: 'audit',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['company_events'],
  async apply(event, context) {
    context.write(
      `INSERT INTO company_events (company_id, seq, event_id, type, stream_id, ladder_id, season_id, actor_id, occurred_at, payload,
         envelope)
       SELECT $1, coalesce(max(seq), 0) + 1, $2, $3, $4, $5, $6, $7, $8, $9, $10 FROM company_events WHERE company_id = $1
       ON CONFLICT (event_id) DO NOTHING`,
      [
        event.companyId,
        event.id,
        event.type,
        event.streamId,
        idIn(event.payload, 'ladderId'),
        idIn(event.payload, 'seasonId'),
        event.actorId,
        event.occurredAt,
        JSON.stringify(event.payload),
        JSON.stringify(context.stored ?? event),
      ],
    );
  },
};
