import type { TournamentInvitation } from '@courtside/events/tournaments/invitations';
import type { PausePeriod } from '@courtside/events/teams/pause';
/**
 * The product's read models held in memory while a rebuild folds the log (docs/decisions/log-and-consumers.md "Replay folds in
 * memory"): one row type per table, its columns as the migrations name them, its values as the statements of the
 * projections would store them. Maps are keyed by the row's id (every uuid of a folded event is lowercase, as
 * Postgres stores it: rebuild/bulk-rebuild.ts leaves any other event to the projector's statements).
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface CompanyRow {
  id: string;
  name: string;
  created_at: string;
}

export interface CompanyManagerRow {
  company_id: string;
  account_id: string;
  since: string;
}

export interface ManagerInvitationRow {
  id: string;
  company_id: string;
  state: string;
  invited_at: string;
  expires_at: string;
  invited_by: string | null;
}

export interface LadderRow {
  id: string;
  company_id: string;
  name: string;
  email: string;
  sports_category: string;
  created_at: string;
  updated_at: string;
}

export interface SeasonRow {
  id: string;
  ladder_id: string;
  company_id: string;
  name: string;
  start_date: string;
  end_date: string;
  minimum_played_matches: number;
  open_for_registration: boolean;
  match_type: string;
  created_at: string;
  updated_at: string;
  rules: Json | null;
  format: string;
  box: Json | null;
}

export interface TeamRow {
  id: string;
  season_id: string;
  ladder_id: string;
  company_id: string;
  status: 'waiting' | 'active' | 'rejected' | 'left';
  position: number | null;
  registered_at: string;
  join_date: string | null;
  leave_date: string | null;
  /** The position held when the team left (NULL: it left while waiting). */
  left_position: number | null;
  movement: number;
  last_dropped_at: string | null;
  paused_until: string | null;
  pauses: PausePeriod[];
}

export interface TeamMemberRow {
  team_id: string;
  account_id: string;
  member_order: number;
}

export interface PartnerRequestRow {
  team_id: string;
  id: string;
  season_id: string;
  ladder_id: string;
  company_id: string;
  registrant_id: string;
  partner_id: string | null;
  state: string;
  requested_at: string;
  lapses_at: string;
  answered_at: string | null;
}

export interface SeasonInvitationRow {
  id: string;
  group_id: string;
  other_id: string | null;
  team_id: string;
  season_id: string;
  ladder_id: string;
  company_id: string;
  placement: string;
  state: string;
  invited_at: string;
  expires_at: string;
  accepted_by: string | null;
  answered_at: string | null;
}

export interface MatchRow {
  id: string;
  season_id: string;
  ladder_id: string;
  company_id: string;
  defender_id: string;
  challenger_id: string;
  status: string;
  date: string | null;
  defender_score: Json;
  challenger_score: Json;
  winner: string | null;
  had_winner: boolean;
  created_at: string;
  updated_at: string;
  challenge_id: string | null;
  confirmation_state: string;
  confirmation_due_at: string | null;
  entered_by: string | null;
  entered_side: string | null;
  dispute_reason: string | null;
  dispute_reason_id: string | null;
  calendar_sequence: number;
  location_id: string | null;
  tags: string[];
}

export interface ChallengeRow {
  id: string;
  season_id: string;
  ladder_id: string;
  company_id: string;
  challenger_team_id: string;
  defender_team_id: string;
  state: string;
  issued_at: string;
  respond_by: string;
  play_by: string | null;
  match_id: string | null;
  play_days: number;
  decline_is_walkover: boolean;
  updated_at: string;
}

export interface LiveScoreRow {
  match_id: string;
  company_id: string;
  season_id: string;
  ladder_id: string;
  first_server: string;
  no_ad: boolean;
  final_set: string;
  points: Array<'defender' | 'challenger'>;
  updated_at: string;
  ended: boolean;
}

export interface RatingResultRow {
  match_id: string;
  company_id: string;
  sports_category: string;
  defender_ids: string[];
  challenger_ids: string[];
  winner: string | null;
  walkover: boolean;
  counts: boolean;
  place: number | null;
  counted_at: string | null;
}

export interface PlayerRatingRow {
  company_id: string;
  sports_category: string;
  player_id: string;
  rating: number;
  deviation: number;
  volatility: number;
  matches: number;
}

export interface RatingChangeRow {
  company_id: string;
  sports_category: string;
  player_id: string;
  place: number;
  match_id: string;
  at: string;
  before: number;
  after: number;
  deviation_before: number;
  deviation_after: number;
  expected: number;
  won: boolean;
  opponents: Json;
}

export interface CompanyEventRow {
  company_id: string;
  seq: number;
  event_id: string;
  type: string;
  stream_id: string;
  ladder_id: string | null;
  season_id: string | null;
  actor_id: string;
  occurred_at: string;
  /** JSON text: written as it is, so the event is serialised once. */
  payload: string;
  envelope: string;
}

export interface BoxRow {
  id: string;
  season_id: string;
  ladder_id: string;
  company_id: string;
  number: number;
  team_ids: string[];
  match_ids: string[];
  drawn_at: string;
  closed_into: string | null;
  /** Once closed: where each of the box's sides went (BoxesClosed's positions of its sides). */
  moves: object[] | null;
}

/** DESIGN.md §16: a tournament as its events left it (projector/src/tournaments/migrations). */
export interface TournamentRow {
  id: string;
  company_id: string;
  name_id: string;
  format: string;
  sports_category: string;
  starts_at: string;
  entry_mode: string;
  max_entrants: number;
  plate: boolean;
  courts: number;
  planned_rounds: number | null;
  points_per_game: number;
  status: string;
  seeding: string | null;
  draw_order: string[];
  bracket: object | null;
  entries: Array<{ entryId: string; memberIds: string[]; fromRound?: number }>;
  rounds: Array<{ round: number } & Record<string, unknown>>;
  scores: Record<string, { pointsA: number; pointsB: number }>;
  invitations: TournamentInvitation[];
  created_at: string;
  updated_at: string;
}

export interface ReadModelRows {
  companies: Map<string, CompanyRow>;
  /** Keyed `company|account`. */
  companyManagers: Map<string, CompanyManagerRow>;
  /** Co-managers' invitations, by id. */
  managerInvitations: Map<string, ManagerInvitationRow>;
  ladders: Map<string, LadderRow>;
  seasons: Map<string, SeasonRow>;
  teams: Map<string, TeamRow>;
  /** The teams of each season, for its ladder order. */
  teamsBySeason: Map<string, Set<string>>;
  /** Each team's members, in member order. */
  teamMembers: Map<string, TeamMemberRow[]>;
  /** Keyed by the team the request would form. */
  partnerRequests: Map<string, PartnerRequestRow>;
  /** A manager's season invitations, by invitation id. */
  seasonInvitations: Map<string, SeasonInvitationRow>;
  matches: Map<string, MatchRow>;
  /** DESIGN.md §12: the boxes, by id. */
  boxes: Map<string, BoxRow>;
  challenges: Map<string, ChallengeRow>;
  /** DESIGN.md §16: the tournaments, by id. */
  tournaments: Map<string, TournamentRow>;
  liveScores: Map<string, LiveScoreRow>;
  ratingResults: Map<string, RatingResultRow>;
  /** By `company|sportsCategory`, then by player. */
  playerRatings: Map<string, Map<string, PlayerRatingRow>>;
  /** By `company|sportsCategory`, in the order they were written. */
  ratingChanges: Map<string, RatingChangeRow[]>;
  /** The last place a result of each company took. */
  ratingPlaces: Map<string, number>;
  /** The events in the history: an event recorded twice is kept once. */
  companyEventIds: Set<string>;
  /** History rows not yet handed to the COPY (rebuild/copy-rows.ts copyCompanyEvents). */
  newCompanyEvents: CompanyEventRow[];
  /** The last `seq` of each company's history. */
  lastSeq: Map<string, number>;
  /**
   * `lower(name)` as Postgres computes it, for ladder names that are not plain ASCII (asked of the database before
   * their events are folded): a ladder's name is unique per company whatever its case.
   */
  lowerNames: Map<string, string>;
}

export function emptyRows(): ReadModelRows {
  return {
    companies: new Map(),
    companyManagers: new Map(),
    managerInvitations: new Map(),
    ladders: new Map(),
    seasons: new Map(),
    teams: new Map(),
    teamsBySeason: new Map(),
    teamMembers: new Map(),
    partnerRequests: new Map(),
    seasonInvitations: new Map(),
    matches: new Map(),
    boxes: new Map(),
    challenges: new Map(),
    tournaments: new Map(),
    liveScores: new Map(),
    ratingResults: new Map(),
    playerRatings: new Map(),
    ratingChanges: new Map(),
    ratingPlaces: new Map(),
    companyEventIds: new Set(),
    newCompanyEvents: [],
    lastSeq: new Map(),
    lowerNames: new Map(),
  };
}

/** Raised by a fold for an event it cannot reproduce exactly: the rebuild leaves it to the projector's statements. */
export class CannotFold extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CannotFold';
  }
}

/** A JSON value as jsonb keeps it (undefined members dropped), so two values compare as jsonb compares them. */
export function asJson(value: unknown): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}
