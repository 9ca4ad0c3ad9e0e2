import { refuse, reject, type Decider, type Rejection } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import {
  ladderCreated,
  ladderDeleted,
  ladderUpdated,
  seasonCreated,
  seasonDeleted,
  seasonFormatChanged,
  seasonRulesChanged,
  seasonUpdated,
} from './events.ts';
import {
  defaultBoxSettings,
  sameBoxSettings,
  withBoxSettings,
  type BoxSettings,
  type BoxSettingsInput,
  type SeasonFormat,
} from '../boxes/model.ts';
import type { MatchType, SportsCategory } from './model.ts';
import {
  defaultLadderRules,
  sameRules,
  withRules,
  type LadderRules,
  type LadderRulesInput,
} from './rules.ts';
import { isActive, isoDay, overlappingSeason } from './season-rules.ts';

const LADDER_NAME_TAKEN = 'Laddername is not available';
const SEASON_OVERLAPS = 'Season overlaps with another season';
const FORMAT_FIXED = 'The format of a season with matches cannot change';

export interface LadderDetails {
  ladderId: string;
  name: string;
  email: string;
  sportsCategory: SportsCategory;
}

export interface SeasonDetails {
  seasonId: string;
  ladderId: string;
  name: string;
  startDate: string;
  endDate: string;
  minimumPlayedMatches: number;
  openForRegistration: boolean;
  matchType: MatchType;
}

/** DESIGN.md §12: a season's format and box settings, as stored (absent: LADDER, the default settings). */
export interface SeasonFormatDetails {
  format?: SeasonFormat;
  box?: BoxSettings;
  /** Whether the season has a match: its format is then fixed. */
  hasMatches?: boolean;
}

/** The format and box settings a season command may change: what it leaves out keeps its stored value. */
export interface SeasonFormatInput {
  format?: SeasonFormat;
  box?: BoxSettingsInput;
}

/** A company's ladders with their seasons: what the ladder and season commands are decided against. */
export interface LaddersState {
  ladders: Record<
    string,
    LadderDetails & {
      seasons: Record<string, SeasonDetails & { rules?: LadderRules } & SeasonFormatDetails>;
    }
  >;
}

export type LadderCommand =
  | { type: 'CreateLadder'; ladder: LadderDetails }
  | { type: 'UpdateLadder'; ladder: LadderDetails }
  | { type: 'DeleteLadder'; ladderId: string }
  | {
      type: 'CreateSeason';
      season: SeasonDetails;
      rules?: LadderRulesInput;
      formatChange?: SeasonFormatInput;
    }
  | {
      type: 'UpdateSeason';
      season: SeasonDetails;
      rules?: LadderRulesInput;
      formatChange?: SeasonFormatInput;
    }
  | { type: 'DeleteSeason'; ladderId: string; seasonId: string };

export type LadderDomainEvent =
  | { type: typeof ladderCreated.type | typeof ladderUpdated.type; payload: LadderDetails }
  | { type: typeof ladderDeleted.type; payload: { ladderId: string; name: string } }
  | { type: typeof seasonCreated.type | typeof seasonUpdated.type; payload: SeasonDetails }
  | { type: typeof seasonDeleted.type; payload: { seasonId: string; ladderId: string; name: string } }
  | {
      type: typeof seasonRulesChanged.type;
      payload: { seasonId: string; ladderId: string; rules: LadderRules };
    }
  | {
      type: typeof seasonFormatChanged.type;
      payload: { seasonId: string; ladderId: string; format: SeasonFormat; box: BoxSettings };
    };

// Stryker disable next-line MethodExpression: names are stored trimmed, so trimming both sides is only a safeguard
const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function hasActiveSeason(ladder: LaddersState['ladders'][string], today: string): boolean {
  return Object.values(ladder.seasons).some((season) => isActive(season, today));
}

function nameTaken(state: LaddersState, ladder: LadderDetails): Rejection | undefined {
  const other = Object.values(state.ladders).find(
    (known) => known.ladderId !== ladder.ladderId && sameName(known.name, ladder.name),
  );
  return other ? reject('conflict', LADDER_NAME_TAKEN, 'name') : undefined;
}

function saveSeason(
  state: LaddersState,
  season: SeasonDetails,
  mode: 'create' | 'update',
  rulesChange: LadderRulesInput = {},
  formatChange: SeasonFormatInput = {},
): NewEvent[] | Rejection {
  const ladder = state.ladders[season.ladderId];
  if (!ladder) return reject('not_found', 'No such ladder');
  if (mode === 'update' && !ladder.seasons[season.seasonId]) return reject('not_found', 'No such season');
  const others = Object.values(ladder.seasons).map((s) => ({ ...s, uuid: s.seasonId }));
  if (overlappingSeason({ ...season, uuid: season.seasonId }, others)) {
    return reject('conflict', SEASON_OVERLAPS, 'startDate');
  }
  const stored = ladder.seasons[season.seasonId];
  const [format, box] = [stored?.format ?? 'LADDER', stored?.box ?? defaultBoxSettings];
  const newFormat = formatChange.format ?? format;
  const newBox = withBoxSettings(box, formatChange.box);
  if (newFormat !== format && stored?.hasMatches) return refuse('HAS_MATCHES', FORMAT_FIXED);
  const type = mode === 'create' ? seasonCreated.type : seasonUpdated.type;
  const events: NewEvent[] = [{ type, streamId: season.seasonId, payload: season }];
  const current = ladder.seasons[season.seasonId]?.rules ?? defaultLadderRules;
  const rules = withRules(current, rulesChange);
  if (!sameRules(rules, current)) {
    const { seasonId, ladderId } = season;
    events.push({
      type: seasonRulesChanged.type,
      streamId: seasonId,
      payload: { seasonId, ladderId, rules },
    });
  }
  if (newFormat !== format || !sameBoxSettings(newBox, box)) {
    const { seasonId, ladderId } = season;
    events.push({
      type: seasonFormatChanged.type,
      streamId: seasonId,
      payload: { seasonId, ladderId, format: newFormat, box: newBox },
    });
  }
  return events;
}

/** The rules of spec §7 "Admin: ladders and seasons" (names unique per club, seasons never overlap, …). */
export const laddersDecider: Decider<LadderCommand, LaddersState, LadderDomainEvent> = {
  initialState: () => ({ ladders: {} }),

  decide(command, state, now) {
    const today = isoDay(now);
    switch (command.type) {
      case 'CreateLadder':
        return (
          nameTaken(state, command.ladder) ?? [
            { type: ladderCreated.type, streamId: command.ladder.ladderId, payload: command.ladder },
          ]
        );
      case 'UpdateLadder': {
        const ladder = state.ladders[command.ladder.ladderId];
        if (!ladder) return reject('not_found', 'No such ladder');
        const taken = nameTaken(state, command.ladder);
        if (taken) return taken;
        if (ladder.sportsCategory !== command.ladder.sportsCategory && hasActiveSeason(ladder, today)) {
          return reject(
            'conflict',
            'The sports category cannot change while the ladder has an active season',
            'sportsCategory',
          );
        }
        return [{ type: ladderUpdated.type, streamId: ladder.ladderId, payload: command.ladder }];
      }
      case 'DeleteLadder': {
        const ladder = state.ladders[command.ladderId];
        if (!ladder) return reject('not_found', 'No such ladder');
        if (hasActiveSeason(ladder, today)) {
          return reject('conflict', 'A ladder with an active season cannot be deleted');
        }
        return [
          {
            type: ladderDeleted.type,
            streamId: ladder.ladderId,
            payload: { ladderId: ladder.ladderId, name: ladder.name },
          },
        ];
      }
      case 'CreateSeason':
        return saveSeason(state, command.season, 'create', command.rules, command.formatChange);
      case 'UpdateSeason':
        return saveSeason(state, command.season, 'update', command.rules, command.formatChange);
      case 'DeleteSeason': {
        const season = state.ladders[command.ladderId]?.seasons[command.seasonId];
        if (!season) return reject('not_found', 'No such season');
        if (isActive(season, today)) return reject('conflict', 'An active season cannot be deleted');
        return [
          {
            type: seasonDeleted.type,
            streamId: season.seasonId,
            payload: { seasonId: season.seasonId, ladderId: season.ladderId, name: season.name },
          },
        ];
      }
      // Stryker disable next-line all: unreachable, the type checker proves every command handled
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'LadderCreated':
      case 'LadderUpdated': {
        const seasons = state.ladders[event.payload.ladderId]?.seasons ?? {};
        return { ladders: { ...state.ladders, [event.payload.ladderId]: { ...event.payload, seasons } } };
      }
      case 'LadderDeleted': {
        const { [event.payload.ladderId]: _deleted, ...ladders } = state.ladders;
        return { ladders };
      }
      case 'SeasonCreated':
      case 'SeasonUpdated':
      case 'SeasonDeleted': {
        const ladder = state.ladders[event.payload.ladderId];
        if (!ladder) return state;
        const { [event.payload.seasonId]: old, ...seasons } = ladder.seasons;
        if (event.type !== 'SeasonDeleted') {
          const { rules, format, box, hasMatches } = old ?? {};
          seasons[event.payload.seasonId] = {
            ...event.payload,
            ...(rules ? { rules } : {}),
            ...(format ? { format } : {}),
            ...(box ? { box } : {}),
            ...(hasMatches ? { hasMatches } : {}),
          };
        }
        return { ladders: { ...state.ladders, [ladder.ladderId]: { ...ladder, seasons } } };
      }
      case 'SeasonRulesChanged': {
        const ladder = state.ladders[event.payload.ladderId];
        const season = ladder?.seasons[event.payload.seasonId];
        if (!ladder || !season) return state;
        const seasons = { ...ladder.seasons, [season.seasonId]: { ...season, rules: event.payload.rules } };
        return { ladders: { ...state.ladders, [ladder.ladderId]: { ...ladder, seasons } } };
      }
      case 'SeasonFormatChanged': {
        const ladder = state.ladders[event.payload.ladderId];
        const season = ladder?.seasons[event.payload.seasonId];
        if (!ladder || !season) return state;
        const { format, box } = event.payload;
        const seasons = { ...ladder.seasons, [season.seasonId]: { ...season, format, box } };
        return { ladders: { ...state.ladders, [ladder.ladderId]: { ...ladder, seasons } } };
      }
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${(unknown as { type: string }).type}`);
      }
    }
  },
};
