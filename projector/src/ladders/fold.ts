import type { EventEnvelope } from '@courtside/events/envelope';
import { ladderEvents, type LadderEvent } from '@courtside/events/ladders/events';
import { asJson, type LadderRow, type ReadModelRows } from '../rebuild/rows.ts';

const handled = new Set<string>(ladderEvents.map((definition) => definition.type));

// eslint-disable-next-line no-control-regex
const plainAscii = /^[\x00-\x7f]*$/;

/** Plain ASCII is lowercased the same way by every collation; other names as the database said (rows.lowerNames). */
function lowerName(rows: ReadModelRows, name: string): string {
  return plainAscii.test(name) ? name.toLowerCase() : rows.lowerNames.get(name)!;
}

/** The ladder names whose lower case only the database can tell (see lowerName). */
export function ladderNamesToLower(envelope: EventEnvelope): string[] {
  if (envelope.type !== 'LadderCreated' && envelope.type !== 'LadderUpdated') return [];
  const { name } = (envelope as LadderEvent & { type: 'LadderCreated' }).payload;
  return plainAscii.test(name) ? [] : [name];
}

function nameTaken(rows: ReadModelRows, company: string, name: string, except?: string): boolean {
  const lower = lowerName(rows, name);
  for (const ladder of rows.ladders.values()) {
    if (ladder.company_id === company && ladder.id !== except && lowerName(rows, ladder.name) === lower)
      return true;
  }
  return false;
}

/** laddersProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldLadders(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!handled.has(envelope.type)) return;
  const event = envelope as LadderEvent;
  const company = event.companyId;
  switch (event.type) {
    case 'LadderCreated': {
      const { ladderId, name, email, sportsCategory } = event.payload;
      // ON CONFLICT DO NOTHING: the id, or the name in the company whatever its case.
      if (rows.ladders.has(ladderId) || nameTaken(rows, company, name)) return;
      const ladder: LadderRow = {
        id: ladderId,
        company_id: company,
        name,
        email,
        sports_category: sportsCategory,
        created_at: event.occurredAt,
        updated_at: event.occurredAt,
      };
      rows.ladders.set(ladderId, ladder);
      return;
    }
    case 'LadderUpdated': {
      const { ladderId, name, email, sportsCategory } = event.payload;
      const ladder = rows.ladders.get(ladderId);
      if (!ladder || ladder.company_id !== company || nameTaken(rows, company, name, ladder.id)) return;
      Object.assign(ladder, { name, email, sports_category: sportsCategory, updated_at: event.occurredAt });
      return;
    }
    case 'LadderDeleted': {
      const id = event.payload.ladderId;
      if (rows.ladders.get(id)?.company_id !== company) return;
      rows.ladders.delete(id);
      // seasons.ladder_id REFERENCES ladders ON DELETE CASCADE
      for (const season of rows.seasons.values()) if (season.ladder_id === id) rows.seasons.delete(season.id);
      return;
    }
    case 'SeasonCreated':
    case 'SeasonUpdated': {
      const season = event.payload;
      const [id, ladderId] = [season.seasonId, season.ladderId];
      const details = {
        name: season.name,
        start_date: season.startDate,
        end_date: season.endDate,
        minimum_played_matches: season.minimumPlayedMatches,
        open_for_registration: season.openForRegistration,
        match_type: season.matchType,
        updated_at: event.occurredAt,
      };
      const existing = rows.seasons.get(id);
      if (event.type === 'SeasonUpdated') {
        if (existing?.ladder_id === ladderId && existing.company_id === company)
          Object.assign(existing, details);
        return;
      }
      if (existing || rows.ladders.get(ladderId)?.company_id !== company) return;
      rows.seasons.set(id, {
        id,
        ladder_id: ladderId,
        company_id: company,
        ...details,
        created_at: event.occurredAt,
        rules: null,
        format: 'LADDER',
        box: null,
      });
      return;
    }
    case 'SeasonDeleted': {
      const id = event.payload.seasonId;
      if (rows.seasons.get(id)?.company_id === company) rows.seasons.delete(id);
      return;
    }
    case 'SeasonRulesChanged': {
      const season = rows.seasons.get(event.payload.seasonId);
      if (season?.company_id !== company) return;
      season.rules = asJson(event.payload.rules);
      season.updated_at = event.occurredAt;
      return;
    }
    case 'SeasonFormatChanged': {
      const season = rows.seasons.get(event.payload.seasonId);
      if (season?.company_id !== company) return;
      season.format = event.payload.format;
      season.box = asJson(event.payload.box);
      season.updated_at = event.occurredAt;
      return;
    }
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}
