import type { EventEnvelope } from '@courtside/events/envelope';
import {
  evolveSeasonHistory,
  initialSeasonHistory,
  positionsOf,
  standingsOfHistory,
  type HistoryMatch,
  type SeasonHistoryState,
} from '@courtside/events/history/season-fold';
import { formatSet, recalculate } from '@courtside/events/matches/scoring';
import { toListItem, type MatchView, type MatchViewer } from '@courtside/projector/matches/match-view';
import type { StandingsRow } from '../teams/standings.ts';
import type { StoredEvent } from './history-queries.ts';

export interface HistoryItem {
  position: number;
  occurredAt: string;
  type: string;
  actor: { id: string; name: string };
  summary: string;
  changes: Array<{ teamId: string; from: number | null; to: number | null }>;
  /** Next to DESIGN's fields: the teams and the match the event is about, for a team's or a match's own history. */
  teamIds: string[];
  matchId?: string;
}

type Names = Map<string, string | null>;

export const actorOf = (actorId: string, name: string | null | undefined) => ({
  id: actorId,
  name: name ?? (actorId === 'system' ? 'Courtside' : 'Unknown'),
});

/** Every account a season's events name: team members and the actors. */
export function accountIdsOf(events: readonly StoredEvent[]): string[] {
  const ids = new Set<string>();
  for (const { event } of events) {
    const memberIds = (event.payload as { memberIds?: unknown }).memberIds;
    if (Array.isArray(memberIds)) for (const id of memberIds) if (typeof id === 'string') ids.add(id);
  }
  return [...ids];
}

function teamName(state: SeasonHistoryState, names: Names, teamId: string | undefined): string {
  const team = teamId ? state.teams[teamId] : undefined;
  if (!team) return 'a team';
  return team.memberIds.map((id) => names.get(id) ?? 'Player').join(' / ');
}

/** The sets as "6-4 7-6(5)", the side `first` first (the winner's view when someone moved up by winning). */
function scoreOf(
  match: Pick<HistoryMatch, 'defender' | 'challenger'>,
  state: SeasonHistoryState,
  first: 'defender' | 'challenger' = 'defender',
): string {
  const scored = recalculate(match.defender, match.challenger, state.season?.matchType ?? 'BESTOFTHREE');
  const special = [scored.defender.special, scored.challenger.special].find((value) => value !== 'none');
  const [mine, theirs] =
    first === 'defender' ? [scored.defender, scored.challenger] : [scored.challenger, scored.defender];
  const sets = mine.matchSets
    .map((set, index) => {
      const other = theirs.matchSets[index];
      return other ? formatSet(set, other) : '';
    })
    .filter(Boolean)
    .join(' ');
  return [sets, special].filter(Boolean).join(' ');
}

/** The event in words, as an auditor reads it (names as the accounts have them now). */
export function summaryOf(
  event: EventEnvelope,
  before: SeasonHistoryState,
  after: SeasonHistoryState,
  names: Names,
): string {
  const payload = event.payload as Record<string, unknown>;
  const str = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : undefined);
  const team = (key = 'teamId') => teamName(after, names, str(key));
  const matchId = str('matchId');
  const match = matchId ? (after.matches[matchId] ?? before.matches[matchId]) : undefined;
  const pairing = match
    ? `${teamName(after, names, match.defenderId)} vs ${teamName(after, names, match.challengerId)}`
    : 'a match';
  const at = (state: SeasonHistoryState, teamId: string | undefined) =>
    teamId ? positionsOf(state)[teamId] : undefined;
  switch (event.type) {
    case 'SeasonCreated':
      return `Season ${str('name')} created (${str('startDate')} to ${str('endDate')})`;
    case 'SeasonUpdated':
      return `Season ${str('name')} updated (${str('startDate')} to ${str('endDate')})`;
    case 'SeasonDeleted':
      return `Season ${str('name')} deleted`;
    case 'SeasonRulesChanged':
      return 'Ladder rules of the season changed';
    case 'TeamRegistered':
      return `${team()} registered`;
    case 'TeamAccepted':
      return `${team()} accepted at position ${at(after, str('teamId')) ?? '–'}`;
    case 'TeamRejected':
      return `${team()} rejected`;
    case 'TeamRemoved':
      return `${team()} removed from position ${at(before, str('teamId')) ?? '–'}`;
    case 'TeamPositionChanged':
      return `${team()} moved from ${at(before, str('teamId')) ?? '–'} to ${at(after, str('teamId')) ?? '–'} by a manager`;
    case 'TeamDroppedForInactivity':
      return `${team()} dropped from ${at(before, str('teamId')) ?? '–'} to ${at(after, str('teamId')) ?? '–'} for inactivity`;
    case 'MatchCreated':
      return `Match ${pairing} planned`;
    case 'MatchResultRecorded': {
      const pending = payload.pending ? ', waiting for the other side to confirm' : '';
      return `Result ${pairing}: ${match ? scoreOf(match, after) : ''}${pending}`;
    }
    case 'ResultConfirmed':
      return `Result ${pairing} confirmed`;
    case 'ResultDisputed':
      return `Result ${pairing} disputed: ${str('reason') ?? ''}`;
    case 'MatchRescheduled':
      return str('date')
        ? `Match ${pairing} set for ${str('date')!.replace('T', ' ')}`
        : `Match ${pairing} date cleared`;
    case 'MatchCancelled':
      return `Match ${pairing} cancelled`;
    case 'ChallengerLeapfrogged':
    case 'ChallengerSwapped': {
      const challenger = str('challengerId');
      const beaten = `after beating ${team('defenderId')}${match ? ` ${scoreOf(match, after, 'challenger')}` : ''}`;
      return `${team('challengerId')} moved from ${at(before, challenger) ?? '–'} to ${at(after, challenger) ?? '–'} ${beaten}`;
    }
    case 'ChallengeIssued':
      return `${team('challengerTeamId')} challenged ${team('defenderTeamId')}`;
    default:
      // Challenge answers and live scoring: the event's name in words.
      return event.type
        .replaceAll(/([a-z])([A-Z])/g, '$1 $2')
        .toLowerCase()
        .replace(/^./, (c) => c.toUpperCase());
  }
}

/** Position changes an event made: every team whose place differs before and after it. */
export function changesOf(before: SeasonHistoryState, after: SeasonHistoryState): HistoryItem['changes'] {
  const [from, to] = [positionsOf(before), positionsOf(after)];
  const teamIds = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...teamIds]
    .filter((teamId) => from[teamId] !== to[teamId])
    .map((teamId) => ({ teamId, from: from[teamId] ?? null, to: to[teamId] ?? null }))
    .sort((a, b) => (a.to ?? Infinity) - (b.to ?? Infinity));
}

const teamKeys = ['teamId', 'defenderId', 'challengerId', 'passedBy', 'challengerTeamId', 'defenderTeamId'];

/** DESIGN.md §8 history: every event of the season, oldest first, with what it changed. */
export function historyOf(seasonId: string, events: readonly StoredEvent[], names: Names): HistoryItem[] {
  let state = initialSeasonHistory();
  const items: HistoryItem[] = [];
  for (const { position, event, actorName } of events) {
    const before = state;
    state = evolveSeasonHistory(state, event);
    if ((event.payload as { seasonId?: unknown }).seasonId !== seasonId) continue;
    const changes = changesOf(before, state);
    const payload = event.payload as Record<string, unknown>;
    const matchId = typeof payload.matchId === 'string' ? payload.matchId : undefined;
    const match = matchId ? state.matches[matchId] : undefined;
    const teamIds = new Set(
      [
        ...teamKeys.map((key) => payload[key]),
        match?.defenderId,
        match?.challengerId,
        ...changes.map((change) => change.teamId),
      ].filter((id): id is string => typeof id === 'string'),
    );
    items.push({
      position,
      occurredAt: event.occurredAt,
      type: event.type,
      actor: actorOf(event.actorId, actorName),
      summary: summaryOf(event, before, state, names),
      changes,
      teamIds: [...teamIds],
      ...(matchId ? { matchId } : {}),
    });
  }
  return items;
}

/** The season folded up to and including `position`. */
export function seasonAt(events: readonly StoredEvent[], position: number): SeasonHistoryState {
  let state = initialSeasonHistory();
  for (const stored of events) {
    if (stored.position > position) break;
    state = evolveSeasonHistory(state, stored.event);
  }
  return state;
}

/** The standings rows of a folded season, as the public standings show them to someone signed out. */
export function standingsRowsOf(state: SeasonHistoryState, names: Names): StandingsRow[] {
  return standingsOfHistory(state).map(({ memberIds, ...row }) => ({
    teamId: row.teamId,
    position: row.position,
    joinDate: row.joinDate,
    movement: row.movement,
    members: memberIds.map((id) => ({ fullName: names.get(id) ?? 'Player' })),
    played: row.played,
    won: row.won,
    lost: row.lost,
    lastPlayedAt: row.lastPlayedAt,
    minimumMet: row.minimumMet,
  }));
}

/** The matches of a folded season as `GET matches/{id}` shows them, oldest first. */
export function matchViewsOf(
  state: SeasonHistoryState,
  names: Names,
  companyId: string,
  viewer: MatchViewer,
): MatchView[] {
  const { season, ladder } = state;
  if (!season || !ladder) return [];
  const positions = positionsOf(state);
  const side = (teamId: string) => ({
    teamId,
    position: positions[teamId] ?? null,
    members: (state.teams[teamId]?.memberIds ?? []).map((id) => ({ id, name: names.get(id) ?? 'Player' })),
  });
  return Object.values(state.matches)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.matchId.localeCompare(b.matchId))
    .map(
      (match) =>
        toListItem(
          {
            id: match.matchId,
            season_id: season.seasonId,
            season_name: season.name,
            ladder_id: ladder.ladderId,
            ladder_name: ladder.name,
            company_id: companyId,
            status: match.status,
            date: match.date,
            challenge_id: match.challengeId ?? null,
            confirmation: match.confirmation as MatchView['confirmation'],
            sports_category: ladder.sportsCategory,
            match_type: season.matchType,
            end_date: season.endDate,
            defender_score: match.defender,
            challenger_score: match.challenger,
            defender: side(match.defenderId),
            challenger: side(match.challengerId),
            // Live scoring's point-by-point state (DESIGN.md §7) is not folded here: the view shows none.
            live_first_server: null,
            live_no_ad: null,
            live_final_set: null,
            live_points: null,
            live_ended: null,
          },
          viewer,
        ).match,
    );
}
