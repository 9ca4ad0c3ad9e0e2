import { fileURLToPath } from 'node:url';
import type { EventEnvelope } from '@courtside/events/envelope';
import type { BoxEvent } from '@courtside/events/boxes/events';
import type { LivePush, Projection } from '../projection.ts';

/** The match events that change a box's table (or its matches as shown). */
const matchChanges = new Set([
  'MatchResultRecorded',
  'ResultConfirmed',
  'ResultDisputed',
  'ResultWithdrawn',
  'MatchCancelled',
  'MatchRescheduled',
]);

/**
 * DESIGN.md §12: the boxes of each box season as drawn last (a new draw replaces them) and whether the season was
 * closed, with where each side of a box went (up, down, stays; its team in the next season). Pushes `season.updated` with `changed: ["boxes"]` when the boxes change, a result of one of their matches,
 * or one of their sides leaves the season (DESIGN.md §19).
 */
export const boxesProjection: Projection = {
  name: 'boxes',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['boxes'],
  async apply(envelope, context) {
    const boxesUpdated = (seasonId: string): LivePush => ({
      room: `season:${seasonId}`,
      event: 'season.updated',
      data: { seasonId, changed: ['boxes'] },
    });
    const pushBoxes = (seasonId: string) => context.push(boxesUpdated(seasonId));
    if (matchChanges.has(envelope.type)) {
      if (context.publishing === false) return;
      const { matchId } = (envelope as EventEnvelope<string, { matchId: string }>).payload;
      // Read without waiting (a re-draw cancels 400 matches): the boxes as they are at this point of the batch.
      const boxed = context.send<{ season_id: string }>(
        'SELECT season_id FROM boxes WHERE match_ids @> ARRAY[$1::uuid] AND company_id = $2 LIMIT 1',
        [matchId, envelope.companyId],
      );
      context.pushLater(boxed.then(({ rows }) => (rows[0] ? [boxesUpdated(rows[0].season_id)] : [])));
      return;
    }
    if (envelope.type === 'TeamRemoved') {
      // DESIGN.md §19: a side that leaves after the draw goes to the bottom of its box, marked as left (the tables
      // read the team's status), even when it had no match left to cancel.
      if (context.publishing === false) return;
      const { teamId, seasonId } = (envelope as EventEnvelope<string, { teamId: string; seasonId: string }>)
        .payload;
      const boxed = context.send<{ season_id: string }>(
        `SELECT season_id FROM boxes WHERE season_id = $1 AND team_ids @> ARRAY[$2::uuid] AND company_id = $3
         LIMIT 1`,
        [seasonId, teamId, envelope.companyId],
      );
      context.pushLater(boxed.then(({ rows }) => (rows[0] ? [boxesUpdated(rows[0].season_id)] : [])));
      return;
    }
    if (envelope.type !== 'BoxesDrawn' && envelope.type !== 'BoxesClosed') return;
    const event = envelope as BoxEvent;
    switch (event.type) {
      case 'BoxesDrawn': {
        const { seasonId, ladderId, boxes } = event.payload;
        const { rows } = await context.query('SELECT 1 FROM seasons WHERE id = $1 AND company_id = $2', [
          seasonId,
          event.companyId,
        ]);
        if (rows.length === 0) return;
        context.write('DELETE FROM boxes WHERE season_id = $1 AND company_id = $2', [
          seasonId,
          event.companyId,
        ]);
        context.write(
          `INSERT INTO boxes (id, season_id, ladder_id, company_id, number, team_ids, match_ids, drawn_at)
           SELECT (box->>'boxId')::uuid, $1::uuid, $2::uuid, $3::uuid, (box->>'number')::int,
             ARRAY(SELECT jsonb_array_elements_text(box->'teamIds'))::uuid[],
             ARRAY(SELECT jsonb_array_elements_text(box->'matchIds'))::uuid[], $4::timestamptz
           FROM jsonb_array_elements($5::jsonb) AS box
           ON CONFLICT (id) DO NOTHING`,
          [seasonId, ladderId, event.companyId, event.occurredAt, JSON.stringify(boxes)],
        );
        pushBoxes(seasonId);
        return;
      }
      case 'BoxesClosed': {
        const { seasonId, nextSeasonId, positions } = event.payload;
        // Each box keeps where its sides went (the close decided it: events/src/boxes/rules.ts closeMoves).
        const { rowCount } = await context.query(
          `UPDATE boxes b SET closed_into = $3,
             moves = (SELECT coalesce(jsonb_agg(side ORDER BY (side->>'position')::int), '[]'::jsonb)
               FROM jsonb_array_elements($4::jsonb) AS side WHERE (side->>'fromTeamId')::uuid = ANY(b.team_ids))
           WHERE season_id = $1 AND company_id = $2`,
          [seasonId, event.companyId, nextSeasonId, JSON.stringify(positions)],
        );
        if (rowCount) pushBoxes(seasonId);
        return;
      }
      default: {
        const unhandled: never = event;
        throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
      }
    }
  },
};
