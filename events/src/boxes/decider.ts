import { refuse, reject, type Decider } from '../decider.ts';
import type { NewEvent } from '../event-registry.ts';
import type { MatchType } from '../ladders/model.ts';
import type { RecordedSide } from '../matches/decider.ts';
import type { MatchDomainEvent } from '../matches/events.ts';
import { acceptTeam, moveTeam } from '../teams/positions.ts';
import type { BoxDomainEvent } from './events.ts';
import type { BoxSettings, DrawOrder, SeasonFormat } from './model.ts';
import { boxTable, closeMoves, drawBoxes, MIN_BOX, pairings, type BoxMatch, type BoxMove } from './rules.ts';

export interface Box {
  boxId: string;
  number: number;
  teamIds: string[];
  matchIds: string[];
}

export interface BoxesState {
  season?: {
    seasonId: string;
    ladderId: string;
    startDate: string;
    format: SeasonFormat;
    box: BoxSettings;
    matchType: MatchType;
  };
  /**
   * The season's active sides in position order, with their rating (DESIGN.md §11) and members. A boxed side that is
   * not among them left the season after the draw (DESIGN.md §19 "Box seasons").
   */
  teams: Array<{ teamId: string; rating: number; memberIds: string[] }>;
  /** The boxes drawn last. */
  boxes: Box[];
  /** The matches of those boxes. */
  matches: Record<string, BoxMatch & { cancelled: boolean }>;
  /** The season a close names: its active teams first in position order, then its waiting ones. */
  next?: {
    seasonId: string;
    ladderId: string;
    startDate: string;
    hasMatches: boolean;
    teams: Array<{ teamId: string; memberIds: string[]; status: 'waiting' | 'active' }>;
  };
}

export type BoxesCommand =
  /** `boxIds`, `matchIds`: fresh ids, at least as many as the draw needs (a box per side, five matches per side). */
  | { type: 'DrawBoxes'; by: DrawOrder; boxIds: string[]; matchIds: string[] }
  /** `teamIds`: fresh ids for the sides' teams in the next season, one per active side. */
  | { type: 'CloseBoxes'; nextSeasonId: string; teamIds: string[] };

export type BoxesEvent =
  | BoxDomainEvent
  | Extract<
      MatchDomainEvent,
      {
        type:
          'MatchCreated' | 'MatchResultRecorded' | 'ResultConfirmed' | 'ResultDisputed' | 'MatchCancelled';
      }
    >
  /** A side that leaves the season (the team rules' event): it is no longer active. */
  | { type: 'TeamRemoved'; payload: { teamId: string; seasonId: string; ladderId: string } };

const NOT_BOX = 'This season does not play in boxes';
const HAS_RESULTS = 'A box match has a result: the boxes stay as they are';
const TOO_FEW_SIDES = `A box league needs at least ${MIN_BOX} active sides`;
const NO_BOXES = 'Draw the boxes first';
const NOT_NEXT_SEASON = 'The next season is a later season of the same ladder';
const HAS_MATCHES = 'The next season has matches already';
const IN_NEXT_SEASON = 'A player of this season plays in another team of the next season';

const noScore: RecordedSide = { matchSets: [], special: 'none' };
const hasResult = (side: RecordedSide) =>
  side.special !== 'none' || side.matchSets.some((set) => set.score !== null);
const sameMembers = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((member) => b.includes(member));

/**
 * The boxes' sides in table order, box by box (the sides still active only). A side that left keeps its played
 * results in the others' rows (DESIGN.md §19 "Box seasons"): the table is made with it, then it is left out.
 */
function tablesOf(state: BoxesState): string[][] {
  const season = state.season!;
  const active = new Set(state.teams.map((team) => team.teamId));
  return state.boxes.map((box) =>
    boxTable(
      box.teamIds,
      box.matchIds.flatMap((matchId) => {
        const match = state.matches[matchId];
        return match && !match.cancelled ? [match] : [];
      }),
      season.box,
      season.matchType,
    )
      .map((row) => row.teamId)
      .filter((teamId) => active.has(teamId)),
  );
}

/**
 * DESIGN.md §19 "Box seasons": a side that leaves the season after the draw (removed, left, or erased) leaves its
 * box. Its box matches without a result are cancelled (ids only); those with a result, even one waiting for
 * confirmation, stay. Nothing before a draw, or for a side in no box.
 */
export function leaveBoxes(state: BoxesState, teamId: string): NewEvent[] {
  const { season } = state;
  if (!season) return [];
  const ref = { seasonId: season.seasonId, ladderId: season.ladderId };
  return state.boxes
    .filter((box) => box.teamIds.includes(teamId))
    .flatMap((box) => box.matchIds)
    .flatMap((matchId) => {
      const match = state.matches[matchId];
      if (!match || match.cancelled || (match.defenderId !== teamId && match.challengerId !== teamId))
        return [];
      if (hasResult(match.defender) || hasResult(match.challenger)) return [];
      return [{ type: 'MatchCancelled', streamId: matchId, payload: { matchId, ...ref } }];
    });
}

function draw(
  state: BoxesState,
  command: Extract<BoxesCommand, { type: 'DrawBoxes' }>,
): NewEvent[] | ReturnType<typeof refuse> {
  const season = state.season!;
  const ref = { seasonId: season.seasonId, ladderId: season.ladderId };
  const live = Object.values(state.matches).filter((match) => !match.cancelled);
  if (live.some((match) => hasResult(match.defender) || hasResult(match.challenger)))
    return refuse('HAS_RESULTS', HAS_RESULTS);
  if (state.teams.length < MIN_BOX) return refuse('TOO_FEW_SIDES', TOO_FEW_SIDES);
  const order =
    command.by === 'RATING'
      ? state.teams
          .map((team, index) => ({ team, index }))
          .sort((a, b) => b.team.rating - a.team.rating || a.index - b.index)
          .map(({ team }) => team.teamId)
      : state.teams.map((team) => team.teamId);
  const groups = drawBoxes(order, season.box.size);
  const matchIds = [...command.matchIds];
  const needed = groups.reduce((sum, group) => sum + pairings(group).length, 0);
  if (command.boxIds.length < groups.length || matchIds.length < needed)
    return reject('invalid', 'Not enough ids for the draw');
  const created: NewEvent[] = [];
  const boxes = groups.map((teamIds, index) => {
    const ids = pairings(teamIds).map(([defenderId, challengerId]) => {
      const matchId = matchIds.shift()!;
      created.push({
        type: 'MatchCreated',
        streamId: matchId,
        payload: { matchId, ...ref, defenderId, challengerId },
      });
      return matchId;
    });
    return { boxId: command.boxIds[index]!, number: index + 1, teamIds, matchIds: ids };
  });
  return [
    ...live.map((match) => ({
      type: 'MatchCancelled',
      streamId: match.matchId,
      payload: { matchId: match.matchId, ...ref },
    })),
    { type: 'BoxesDrawn', streamId: season.seasonId, payload: { ...ref, by: command.by, boxes } },
    ...created,
  ];
}

function close(
  state: BoxesState,
  command: Extract<BoxesCommand, { type: 'CloseBoxes' }>,
): NewEvent[] | ReturnType<typeof refuse> {
  const season = state.season!;
  if (state.boxes.length === 0) return refuse('NO_BOXES', NO_BOXES);
  const next = state.next;
  if (next?.seasonId !== command.nextSeasonId) return reject('not_found', 'No such season', 'nextSeasonId');
  if (next.ladderId !== season.ladderId || next.startDate <= season.startDate)
    return refuse('NOT_NEXT_SEASON', NOT_NEXT_SEASON);
  if (next.hasMatches) return refuse('HAS_MATCHES', HAS_MATCHES);
  const boxed = closeMoves(tablesOf(state), season.box).flat();
  const moves = new Map<string, BoxMove>(boxed.map((move) => [move.teamId, move]));
  const rest = state.teams.map((team) => team.teamId).filter((teamId) => !moves.has(teamId));
  const sides = [...boxed.map((move) => move.teamId), ...rest].map((teamId) =>
    state.teams.find((team) => team.teamId === teamId)!,
  );
  if (command.teamIds.length < sides.length) return reject('invalid', 'Not enough ids for the close');
  const nextRef = { seasonId: next.seasonId, ladderId: next.ladderId };
  const events: NewEvent[] = [];
  let order = next.teams.filter((team) => team.status === 'active').map((team) => team.teamId);
  const placed: Array<{
    teamId: string;
    fromTeamId: string;
    fromBox?: number;
    movement?: BoxMove['movement'];
  }> = [];
  for (const [index, side] of sides.entries()) {
    const same = next.teams.find((team) => sameMembers(team.memberIds, side.memberIds));
    const clash = next.teams.find(
      (team) => team !== same && team.memberIds.some((member) => side.memberIds.includes(member)),
    );
    if (clash) return refuse('IN_NEXT_SEASON', IN_NEXT_SEASON);
    const teamId = same?.teamId ?? command.teamIds[index]!;
    if (!same) {
      events.push({
        type: 'TeamRegistered',
        streamId: teamId,
        payload: { teamId, ...nextRef, memberIds: side.memberIds, closedFrom: season.seasonId },
      });
    }
    if (same?.status !== 'active') {
      events.push({ type: 'TeamAccepted', streamId: teamId, payload: { teamId, ...nextRef } });
      order = acceptTeam(order, teamId);
    }
    const move = moves.get(side.teamId);
    placed.push({
      teamId,
      fromTeamId: side.teamId,
      ...(move ? { fromBox: move.fromBox, movement: move.movement } : {}),
    });
  }
  for (const [index, { teamId }] of placed.entries()) {
    if (order[index] === teamId) continue;
    order = moveTeam(order, teamId, index + 1);
    events.push({
      type: 'TeamPositionChanged',
      streamId: teamId,
      payload: { teamId, ...nextRef, position: index + 1 },
    });
  }
  events.push({
    type: 'BoxesClosed',
    streamId: season.seasonId,
    payload: {
      seasonId: season.seasonId,
      ladderId: season.ladderId,
      nextSeasonId: next.seasonId,
      positions: placed.map((side, index) => ({ ...side, position: index + 1 })),
    },
  });
  return events;
}

/** DESIGN.md §12: drawing a box season's boxes (with their matches) and closing it into the next season. */
export const boxesDecider: Decider<BoxesCommand, BoxesState, BoxesEvent> = {
  initialState: () => ({ teams: [], boxes: [], matches: {} }),

  decide(command, state) {
    const { season } = state;
    if (!season) return reject('not_found', 'No such season');
    if (season.format !== 'BOX') return refuse('NOT_BOX', NOT_BOX);
    switch (command.type) {
      case 'DrawBoxes':
        return draw(state, command);
      case 'CloseBoxes':
        return close(state, command);
      // Stryker disable next-line all: unreachable, the type checker proves every command handled
      default: {
        const unknown: never = command;
        throw new Error(`unknown command ${(unknown as { type: string }).type}`);
      }
    }
  },

  evolve(state, event) {
    const update = (matchId: string, change: Partial<BoxesState['matches'][string]>): BoxesState => {
      const match = state.matches[matchId];
      return match ? { ...state, matches: { ...state.matches, [matchId]: { ...match, ...change } } } : state;
    };
    switch (event.type) {
      case 'BoxesDrawn': {
        const { boxes } = event.payload;
        const ids = new Set(boxes.flatMap((box) => box.matchIds));
        const matches = Object.fromEntries(Object.entries(state.matches).filter(([id]) => ids.has(id)));
        return { ...state, boxes, matches };
      }
      case 'BoxesClosed':
        return state;
      case 'MatchCreated': {
        const { matchId, defenderId, challengerId } = event.payload;
        if (!state.boxes.some((box) => box.matchIds.includes(matchId))) return state;
        const match = { matchId, defenderId, challengerId, defender: noScore, challenger: noScore };
        return {
          ...state,
          matches: { ...state.matches, [matchId]: { ...match, counts: true, cancelled: false } },
        };
      }
      case 'MatchResultRecorded': {
        const { matchId, defender, challenger, pending } = event.payload;
        return update(matchId, { defender, challenger, counts: pending === undefined });
      }
      case 'ResultConfirmed':
        return update(event.payload.matchId, { counts: true });
      case 'ResultDisputed':
        return update(event.payload.matchId, { counts: false });
      case 'MatchCancelled':
        return update(event.payload.matchId, { cancelled: true });
      case 'TeamRemoved':
        return { ...state, teams: state.teams.filter((team) => team.teamId !== event.payload.teamId) };
      // Stryker disable next-line all: unreachable, the type checker proves every event handled
      default: {
        const unknown: never = event;
        throw new Error(`unknown event ${(unknown as { type: string }).type}`);
      }
    }
  },
};
