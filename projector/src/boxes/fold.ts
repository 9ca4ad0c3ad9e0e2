import type { EventEnvelope } from '@courtside/events/envelope';
import type { BoxEvent } from '@courtside/events/boxes/events';
import type { ReadModelRows } from '../rebuild/rows.ts';

/** boxesProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldBoxes(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (envelope.type !== 'BoxesDrawn' && envelope.type !== 'BoxesClosed') return;
  const event = envelope as BoxEvent;
  const company = event.companyId;
  const ofSeason = (seasonId: string) =>
    [...rows.boxes.values()].filter((box) => box.season_id === seasonId && box.company_id === company);
  switch (event.type) {
    case 'BoxesDrawn': {
      const { seasonId, ladderId, boxes } = event.payload;
      if (rows.seasons.get(seasonId)?.company_id !== company) return;
      for (const box of ofSeason(seasonId)) rows.boxes.delete(box.id);
      for (const box of boxes) {
        if (rows.boxes.has(box.boxId)) continue;
        rows.boxes.set(box.boxId, {
          id: box.boxId,
          season_id: seasonId,
          ladder_id: ladderId,
          company_id: company,
          number: box.number,
          team_ids: box.teamIds,
          match_ids: box.matchIds,
          drawn_at: event.occurredAt,
          closed_into: null,
          moves: null,
        });
      }
      return;
    }
    case 'BoxesClosed': {
      const { positions } = event.payload;
      for (const box of ofSeason(event.payload.seasonId)) {
        box.closed_into = event.payload.nextSeasonId;
        box.moves = positions.filter((side) => box.team_ids.includes(side.fromTeamId));
      }
      return;
    }
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}
