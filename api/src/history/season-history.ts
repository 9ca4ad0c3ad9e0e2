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
import { ratingKey, type RatingsState } from '@courtside/events/ratings/fold';
import { INITIAL_RATING } from '@courtside/events/ratings/glicko2';
import { sideRatingOf, type StandingsRow } from '@courtside/projector/teams/standings-queries';
import { FORMER_PLAYER } from '@courtside/projector/api-tables';
import type { StoredEvent } from '@courtside/projector/audit/queries';
import { dayIn, summaryTexts, type SummaryLanguage, type SummaryTexts } from './summary-texts.ts';

interface HistoryItem {
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

const actorOf = (actorId: string, name: string | null | undefined) => ({
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

function teamName(
  state: SeasonHistoryState,
  names: Names,
  teamId: string | undefined,
  texts: SummaryTexts,
): string {
  const team = teamId ? state.teams[teamId] : undefined;
  if (!team) return texts.aTeam;
  return team.memberIds
    .map((id) => {
      const name = names.get(id) ?? texts.player;
      return name === FORMER_PLAYER ? texts.formerPlayer : name;
    })
    .join(' / ');
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

/** The event in words, as an auditor reads it (names as the accounts have them now), in the page's language. */
export function summaryOf(
  event: EventEnvelope,
  before: SeasonHistoryState,
  after: SeasonHistoryState,
  names: Names,
  language: SummaryLanguage = 'en',
): string {
  const texts = summaryTexts[language];
  const payload = event.payload as Record<string, unknown>;
  const str = (key: string) => (typeof payload[key] === 'string' ? (payload[key] as string) : undefined);
  const team = (key = 'teamId') => teamName(after, names, str(key), texts);
  const matchId = str('matchId');
  const match = matchId ? (after.matches[matchId] ?? before.matches[matchId]) : undefined;
  const pairing = match
    ? `${teamName(after, names, match.defenderId, texts)} ${texts.vs} ${teamName(after, names, match.challengerId, texts)}`
    : texts.aMatch;
  const at = (state: SeasonHistoryState, teamId = str('teamId')) =>
    String((teamId ? positionsOf(state)[teamId] : undefined) ?? '–');
  switch (event.type) {
    case 'SeasonCreated':
      return texts.seasonCreated(str('name'), str('startDate'), str('endDate'));
    case 'SeasonUpdated':
      return texts.seasonUpdated(str('name'), str('startDate'), str('endDate'));
    case 'SeasonDeleted':
      return texts.seasonDeleted(str('name'));
    case 'SeasonRulesChanged':
      return texts.rulesChanged;
    case 'TeamRegistered':
      return texts.registered(team());
    case 'TeamAccepted':
      return texts.accepted(team(), at(after));
    case 'TeamRejected':
      return texts.rejected(team());
    case 'TeamRemoved':
      return texts.removed(team(), at(before));
    case 'TeamPositionChanged':
      return texts.movedByManager(team(), at(before), at(after));
    case 'TeamDroppedForInactivity':
      return texts.droppedForInactivity(team(), at(before), at(after));
    case 'TeamPaused':
      return texts.paused(team(), dayIn(language, str('until') ?? ''));
    case 'TeamResumed':
      return texts.resumed(team());
    case 'MatchCreated':
      return texts.matchPlanned(pairing);
    case 'MatchResultRecorded':
      return texts.result(pairing, match ? scoreOf(match, after) : '', Boolean(payload.pending));
    case 'ResultConfirmed':
      return texts.resultConfirmed(pairing);
    case 'ResultWithdrawn':
      return texts.resultWithdrawn(pairing);
    case 'ResultDisputed':
      return texts.resultDisputed(pairing, str('reason') ?? (str('reasonId') ? texts.reasonRemoved : ''));
    case 'MatchRescheduled': {
      const date = str('date');
      return date ? texts.matchSetFor(pairing, date.replace('T', ' ')) : texts.matchDateCleared(pairing);
    }
    case 'MatchCancelled':
      return texts.matchCancelled(pairing);
    case 'MatchLocationSet':
      return texts.matchLocationSet(pairing, payload.locationId === null);
    case 'ChallengerLeapfrogged':
    case 'ChallengerSwapped': {
      const challenger = str('challengerId');
      const score = match ? scoreOf(match, after, 'challenger') : '';
      return texts.movedAfterBeating(
        team('challengerId'),
        at(before, challenger),
        at(after, challenger),
        team('defenderId'),
        score,
      );
    }
    case 'ChallengeIssued':
      return texts.challenged(team('challengerTeamId'), team('defenderTeamId'));
    case 'LiveScoringStarted':
      return texts.liveStarted(pairing);
    case 'PointScored': {
      const winner = str('winner');
      const side =
        winner === 'defender' ? match?.defenderId : winner === 'challenger' ? match?.challengerId : undefined;
      return texts.pointTo(Number(payload.seq), teamName(after, names, side, texts));
    }
    case 'PointUndone':
      return texts.pointTakenBack(Number(payload.seq));
    default:
      // Challenge answers and the end of a games-only match: the event's name in words.
      return (
        texts.eventNames[event.type] ??
        event.type
          .replaceAll(/([a-z])([A-Z])/g, '$1 $2')
          .toLowerCase()
          .replace(/^./, (c) => c.toUpperCase())
      );
  }
}

/** Position changes an event made: every team whose place differs before and after it. */
function changesOf(before: SeasonHistoryState, after: SeasonHistoryState): HistoryItem['changes'] {
  const [from, to] = [positionsOf(before), positionsOf(after)];
  const teamIds = new Set([...Object.keys(from), ...Object.keys(to)]);
  return [...teamIds]
    .filter((teamId) => from[teamId] !== to[teamId])
    .map((teamId) => ({ teamId, from: from[teamId] ?? null, to: to[teamId] ?? null }))
    .sort((a, b) => (a.to ?? Infinity) - (b.to ?? Infinity));
}

const teamKeys = ['teamId', 'defenderId', 'challengerId', 'passedBy', 'challengerTeamId', 'defenderTeamId'];

/** DESIGN.md §8 history: every event of the season, oldest first, with what it changed. */
export function historyOf(
  seasonId: string,
  events: readonly StoredEvent[],
  names: Names,
  language: SummaryLanguage = 'en',
): HistoryItem[] {
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
      actor: actorOf(
        event.actorId,
        actorName === FORMER_PLAYER ? summaryTexts[language].formerPlayer : actorName,
      ),
      summary: summaryOf(event, before, state, names, language),
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

/**
 * The standings rows of a folded season, as the public standings show them to someone signed out, with each side's
 * rating as it stood (`ratings`: the company's ratings folded to the same event).
 */
export function standingsRowsOf(
  state: SeasonHistoryState,
  names: Names,
  ratings: RatingsState,
): StandingsRow[] {
  const category = state.ladder?.sportsCategory;
  return standingsOfHistory(state).map(({ memberIds, ...row }) => ({
    ...sideRatingOf(
      memberIds.map((id) => (category && ratings.players.get(ratingKey(category, id))) || INITIAL_RATING),
    ),
    teamId: row.teamId,
    position: row.position,
    joinDate: row.joinDate,
    movement: row.movement,
    members: memberIds.map((id) => ({ playerId: id, fullName: names.get(id) ?? 'Player' })),
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
            dispute_reason: match.disputeReason ?? null,
            sports_category: ladder.sportsCategory,
            match_type: season.matchType,
            end_date: season.endDate,
            defender_score: match.defender,
            challenger_score: match.challenger,
            defender: side(match.defenderId),
            challenger: side(match.challengerId),
            // Scored live (DESIGN.md §7): where it stood then, as GET matches/{id} shows it.
            live_first_server: match.live?.firstServer ?? null,
            live_no_ad: match.live?.noAd ?? null,
            live_final_set: match.live?.finalSet ?? null,
            live_points: match.live?.points ?? null,
            live_ended: match.live?.ended ?? null,
            live_updated_at: match.live?.updatedAt ?? null,
          },
          viewer,
        ).match,
    );
}
