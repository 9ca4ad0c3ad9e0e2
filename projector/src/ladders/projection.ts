import { fileURLToPath } from 'node:url';
import { ladderEvents, type LadderEvent } from '@courtside/events/ladders/events';
import type { Projection } from '../projection.ts';

const handled = new Set<string>(ladderEvents.map((definition) => definition.type));

/**
 * Ladders and seasons of each company. An event that no longer applies (a season of a ladder deleted since)
 * changes nothing: the projector stays deterministic whatever the order of concurrent commands was.
 */
export const laddersProjection: Projection = {
  name: 'ladders',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['ladders', 'seasons'],
  async apply(envelope, context) {
    if (!handled.has(envelope.type)) return;
    const event = envelope as LadderEvent;
    const ladderChanged = (ladderId: string, name: string, change: 'created' | 'updated' | 'deleted') =>
      context.push({
        room: `company:${event.companyId}`,
        event: 'ladder.changed',
        data: { companyId: event.companyId, ladderId, name, change },
      });
    switch (event.type) {
      case 'LadderCreated': {
        const { ladderId, name, email, sportsCategory } = event.payload;
        const { rowCount } = await context.query(
          `INSERT INTO ladders (id, company_id, name, email, sports_category, created_at, updated_at)
           VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT DO NOTHING`,
          [ladderId, event.companyId, name, email, sportsCategory, event.occurredAt],
        );
        if (rowCount) ladderChanged(ladderId, name, 'created');
        break;
      }
      case 'LadderUpdated': {
        const { ladderId, name, email, sportsCategory } = event.payload;
        const { rowCount } = await context.query(
          `UPDATE ladders SET name = $3, email = $4, sports_category = $5, updated_at = $6
           WHERE id = $1 AND company_id = $2
             AND NOT EXISTS (SELECT 1 FROM ladders other WHERE other.company_id = $2 AND other.id <> $1
                             AND lower(other.name) = lower($3))`,
          [ladderId, event.companyId, name, email, sportsCategory, event.occurredAt],
        );
        if (rowCount) ladderChanged(ladderId, name, 'updated');
        break;
      }
      case 'LadderDeleted': {
        const { rowCount } = await context.query('DELETE FROM ladders WHERE id = $1 AND company_id = $2', [
          event.payload.ladderId,
          event.companyId,
        ]);
        if (rowCount) ladderChanged(event.payload.ladderId, event.payload.name, 'deleted');
        break;
      }
      case 'SeasonCreated':
      case 'SeasonUpdated': {
        const season = event.payload;
        const values = [
          season.seasonId,
          season.ladderId,
          event.companyId,
          season.name,
          season.startDate,
          season.endDate,
          season.minimumPlayedMatches,
          season.openForRegistration,
          season.matchType,
          event.occurredAt,
        ];
        const { rowCount } =
          event.type === 'SeasonCreated'
            ? await context.query(
                `INSERT INTO seasons (id, ladder_id, company_id, name, start_date, end_date, minimum_played_matches,
                   open_for_registration, match_type, created_at, updated_at)
                 SELECT $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10
                 WHERE EXISTS (SELECT 1 FROM ladders WHERE id = $2 AND company_id = $3)
                 ON CONFLICT DO NOTHING`,
                values,
              )
            : await context.query(
                `UPDATE seasons SET name = $4, start_date = $5, end_date = $6, minimum_played_matches = $7,
                   open_for_registration = $8, match_type = $9, updated_at = $10
                 WHERE id = $1 AND ladder_id = $2 AND company_id = $3`,
                values,
              );
        if (rowCount) {
          context.push({
            room: `season:${season.seasonId}`,
            event: 'season.updated',
            data: { seasonId: season.seasonId, changed: ['season'] },
          });
        }
        break;
      }
      case 'SeasonDeleted': {
        const { rowCount } = await context.query('DELETE FROM seasons WHERE id = $1 AND company_id = $2', [
          event.payload.seasonId,
          event.companyId,
        ]);
        if (rowCount) {
          context.push({
            room: `season:${event.payload.seasonId}`,
            event: 'season.updated',
            data: { seasonId: event.payload.seasonId, changed: ['season'] },
          });
        }
        break;
      }
      case 'SeasonRulesChanged': {
        const { seasonId, rules } = event.payload;
        const { rowCount } = await context.query(
          'UPDATE seasons SET rules = $2, updated_at = $4 WHERE id = $1 AND company_id = $3',
          [seasonId, JSON.stringify(rules), event.companyId, event.occurredAt],
        );
        if (rowCount) {
          context.push({
            room: `season:${seasonId}`,
            event: 'season.updated',
            data: { seasonId, changed: ['season'] },
          });
        }
        break;
      }
      case 'SeasonFormatChanged': {
        const { seasonId, format, box } = event.payload;
        const { rowCount } = await context.query(
          'UPDATE seasons SET format = $2, box = $3, updated_at = $5 WHERE id = $1 AND company_id = $4',
          [seasonId, format, JSON.stringify(box), event.companyId, event.occurredAt],
        );
        if (rowCount) {
          context.push({
            room: `season:${seasonId}`,
            event: 'season.updated',
            data: { seasonId, changed: ['season'] },
          });
        }
        break;
      }
      default: {
        const unhandled: never = event;
        throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
      }
    }
  },
};
