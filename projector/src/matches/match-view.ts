import type { MatchType, SportsCategory } from '@courtside/events/ladders/model';
import {
  recalculate,
  type MatchStatus,
  type ScoredSet,
  type SideScoreInput,
  type Special,
} from '@courtside/events/matches/scoring';
import { liveScore, type LiveConfig, type Side } from '@courtside/events/live/engine';
import { matchesPagePath, webAddress } from '@courtside/events/page-paths';
import {
  API_ACCOUNTS_TABLE,
  API_MATCH_LOCATIONS_TABLE,
  accountNameSql,
  DISPUTE_REASONS_TABLE,
  API_TOURNAMENT_NAMES_TABLE,
} from '../api-tables.ts';
import { matchSideMembers } from './match-sides.ts';
import { KNOCKOUT_MATCH_TYPE } from '@courtside/events/tournaments/knockout';

interface MatchMemberView {
  id: string;
  name: string;
  position: number | null;
  itsMe: boolean;
}

export interface MatchTeamView {
  teamId: string;
  url: string;
  position: number | null;
  members: MatchMemberView[];
  matchSets: ScoredSet[];
  winner: boolean;
  special: Special;
}

/** The match of spec §3, the same shape for `GET matches/{id}` and the `match.updated` push. */
export interface MatchView {
  id: string;
  date: string | null;
  status: MatchStatus;
  sportsCategory: SportsCategory;
  matchType: MatchType;
  defender: MatchTeamView;
  challenger: MatchTeamView;
  editable: boolean;
  /** The season's last day: the date editor may not go past it (spec §4 "latest match date"). */
  latestDate: string;
  /** DESIGN.md §5: the challenge this match plays out, when it came from one. */
  challengeId?: string;
  /** DESIGN.md §9: where it is played (a court or venue), when someone said so. */
  location?: string;
  /** DESIGN.md §5: whether the result counts, or waits for the other side (until `dueAt`), or is disputed. */
  confirmation: {
    state: 'confirmed' | 'pending' | 'disputed';
    dueAt?: string;
    enteredBy?: string;
    side?: string;
    /** Beyond DESIGN's shape: why a disputed result is disputed, for the match's players and the managers only. */
    reason?: string | null;
    /** DESIGN.md §15: the reason's writer was erased, and the text with them (`reason` is then null). */
    reasonRemoved?: true;
  };
  /**
   * Beyond the spec: a match scored live (DESIGN.md §7) says where it stands, so the card and the widget show a
   * LIVE badge, the game's score and the server (`live.updated` pushes change it point by point).
   */
  live?: {
    seq: number;
    game: Record<Side, string>;
    server: Side;
    finished: boolean;
    /** Set while a super tiebreak is played in place of the final set, so its cell shows points (`[7-5]`). */
    superTiebreak?: true;
    /** When the live score last changed (its start or a point): a client stops calling a match live a day later. */
    updatedAt?: string;
  };
}

/** Spec §3 "Event info": `name` is the ladder, `part` the season (DESIGN.md "Matches list"). */
export interface EventInfo {
  name: { id: string; name: string };
  part: { id: string; name: string };
  round?: { id: string; name: string };
}

export interface MatchListItem {
  match: MatchView;
  event: EventInfo;
}

/** Who looks: their own entries are highlighted and they may edit their own matches or their club's. */
export interface MatchViewer {
  accountId?: string;
  managedCompanyIds?: readonly string[];
}

/** The read models: a pool, a client or a projection's context. */
type Queryable = { query: (sql: string, params?: unknown[]) => Promise<{ rows: unknown[] }> };

/** The columns a match view is built from (the read model's row, or a season's history fold). */
export interface MatchViewRow {
  id: string;
  season_id: string;
  season_name: string;
  ladder_id: string;
  ladder_name: string;
  company_id: string;
  status: MatchStatus;
  date: string | null;
  challenge_id: string | null;
  confirmation: MatchView['confirmation'];
  /** The reason of a dispute, while the result is disputed. */
  dispute_reason: string | null;
  /** The dispute's reason was kept beside the log and its writer erased since (DESIGN.md §10). */
  dispute_reason_removed?: boolean;
  sports_category: SportsCategory;
  match_type: MatchType;
  end_date: string;
  defender_score: SideScoreInput;
  challenger_score: SideScoreInput;
  defender: { teamId: string; position: number | null; members: Array<{ id: string; name: string }> };
  challenger: { teamId: string; position: number | null; members: Array<{ id: string; name: string }> };
  live_first_server: Side | null;
  live_no_ad: boolean | null;
  live_final_set: LiveConfig['finalSet'] | null;
  live_points: Side[] | null;
  live_ended: boolean | null;
  live_updated_at: Date | string | null;
  /** DESIGN.md §9: the location's text (beside the log); absent or null without one. */
  location?: string | null;
}

/** A match's confirmation as JSON (DESIGN.md §5), from the columns of the matches row `alias`. */
export const confirmationJson = (alias: string) => `json_strip_nulls(json_build_object(
  'state', ${alias}.confirmation_state,
  'dueAt', to_char(${alias}.confirmation_due_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
  'enteredBy', ${alias}.entered_by, 'side', ${alias}.entered_side))`;

/**
 * A side of the match. Its members are [] rather than NULL when none of them has an account row (and its position
 * NULL when its team has no row), so a view, a push and the projector batch that sends it never fail on such a match.
 */
const teamJson = (side: 'defender_id' | 'challenger_id') => `json_build_object('teamId', m.${side},
  'position', (SELECT t.position FROM teams t WHERE t.id = m.${side}),
  'members', coalesce(
    (SELECT json_agg(json_build_object('id', a.id, 'name', ${accountNameSql('a', "'Player'")}) ORDER BY tm.member_order)
     FROM ${matchSideMembers('m.season_id')} tm JOIN ${API_ACCOUNTS_TABLE} a ON a.id = tm.account_id
     WHERE tm.team_id = m.${side}),
    '[]'::json))`;

/**
 * The read-model rows of `matchIds`, in that order (unknown ids left out): the part of a match's view that is the
 * same for every caller, so an api may keep it until the read models change and build each caller's view on top.
 */
export async function loadMatchRows(db: Queryable, matchIds: readonly string[]): Promise<MatchViewRow[]> {
  if (matchIds.length === 0) return [];
  const { rows } = (await db.query(
    `SELECT m.id, m.season_id, coalesce(s.name, tn.name, '') AS season_name, m.ladder_id,
       coalesce(l.name, tn.name, '') AS ladder_name, m.company_id, m.status, m.date,
       m.challenge_id, ${confirmationJson('m')} AS confirmation, coalesce(m.dispute_reason, dr.text) AS dispute_reason,
       (m.dispute_reason_id IS NOT NULL AND dr.id IS NULL) AS dispute_reason_removed,
       coalesce(l.sports_category, t.sports_category) AS sports_category,
       coalesce(s.match_type, '${KNOCKOUT_MATCH_TYPE}') AS match_type,
       -- A knockout has no last day (DESIGN.md §16): its matches are dated as the club plays them.
       coalesce(s.end_date, DATE '9999-12-31') AS end_date, m.defender_score, m.challenger_score,
       ${teamJson('defender_id')} AS defender, ${teamJson('challenger_id')} AS challenger,
       ls.first_server AS live_first_server, ls.no_ad AS live_no_ad, ls.final_set AS live_final_set,
       ls.points AS live_points, ls.ended AS live_ended, ls.updated_at AS live_updated_at, loc.location
     FROM matches m LEFT JOIN seasons s ON s.id = m.season_id LEFT JOIN ladders l ON l.id = m.ladder_id
       LEFT JOIN tournaments t ON t.id = m.season_id AND s.id IS NULL
       LEFT JOIN ${API_TOURNAMENT_NAMES_TABLE} tn ON tn.id = t.name_id
       LEFT JOIN live_scores ls ON ls.match_id = m.id
       LEFT JOIN ${API_MATCH_LOCATIONS_TABLE} loc ON loc.id = m.location_id
       LEFT JOIN ${DISPUTE_REASONS_TABLE} dr ON dr.id = m.dispute_reason_id
     WHERE m.id = ANY($1::uuid[]) AND (s.id IS NOT NULL OR t.id IS NOT NULL) AND (l.id IS NOT NULL OR t.id IS NOT NULL)`,
    [matchIds],
  )) as { rows: MatchViewRow[] };
  const byId = new Map(rows.map((row) => [row.id, row]));
  return matchIds.flatMap((id) => byId.get(id) ?? []);
}

/** Builds match views (with their event info) for the given ids, in the given order. */
export async function loadMatches(
  db: Queryable,
  matchIds: readonly string[],
  viewer: MatchViewer = {},
): Promise<MatchListItem[]> {
  return (await loadMatchRows(db, matchIds)).map((row) => toListItem(row, viewer));
}

/** Where a match scored live stands, from its points (DESIGN.md §7); undefined for a match not scored live. */
function liveOf(row: MatchViewRow): MatchView['live'] {
  if (row.live_points === null || row.live_first_server === null) return undefined;
  const config: LiveConfig = {
    matchType: row.match_type,
    firstServer: row.live_first_server,
    noAd: row.live_no_ad ?? false,
    finalSet: row.live_final_set ?? 'SET',
  };
  const { seq, sets, game, server, finished } = liveScore(config, row.live_points, row.live_ended ?? false);
  const inSuperTiebreak = !finished && sets.at(-1)?.superTiebreak === true;
  return {
    seq,
    game,
    server,
    finished,
    ...(inSuperTiebreak ? { superTiebreak: true as const } : {}),
    ...(row.live_updated_at === null ? {} : { updatedAt: new Date(row.live_updated_at).toISOString() }),
  };
}

export function toListItem(row: MatchViewRow, viewer: MatchViewer): MatchListItem {
  const scored = recalculate(row.defender_score, row.challenger_score, row.match_type);
  const memberIds = [...row.defender.members, ...row.challenger.members].map((member) => member.id);
  const editable =
    row.status !== 'cancelled' &&
    viewer.accountId !== undefined &&
    (memberIds.includes(viewer.accountId) || (viewer.managedCompanyIds ?? []).includes(row.company_id));
  const team = (side: 'defender' | 'challenger'): MatchTeamView => ({
    teamId: row[side].teamId,
    url: webAddress(matchesPagePath('en', { event: row.ladder_id, player: row[side].members[0]?.id ?? '' })),
    position: row[side].position,
    members: row[side].members.map((member) => ({
      id: member.id,
      name: member.name,
      position: row[side].position,
      itsMe: member.id === viewer.accountId,
    })),
    matchSets: scored[side].matchSets,
    winner: scored[side].winner,
    special: scored[side].special,
  });
  return {
    match: {
      id: row.id,
      date: row.date,
      status: row.status,
      sportsCategory: row.sports_category,
      matchType: row.match_type,
      defender: team('defender'),
      challenger: team('challenger'),
      editable,
      latestDate: row.end_date,
      ...(row.challenge_id ? { challengeId: row.challenge_id } : {}),
      ...(row.location ? { location: row.location } : {}),
      // The reason is between the two sides and the club: a viewer (and a push, which is the same for all) sees
      // only that the result is disputed.
      confirmation:
        editable && row.confirmation.state === 'disputed' && row.dispute_reason
          ? { ...row.confirmation, reason: row.dispute_reason }
          : editable && row.confirmation.state === 'disputed' && row.dispute_reason_removed
            ? { ...row.confirmation, reason: null, reasonRemoved: true }
            : row.confirmation,
      ...(row.live_points === null ? {} : { live: liveOf(row) }),
    },
    event: {
      name: { id: row.ladder_id, name: row.ladder_name },
      part: { id: row.season_id, name: row.season_name },
    },
  };
}
