import { rulesOf, type LadderRules } from '@courtside/events/ladders/rules';
import type { PartnerRequest, SeasonTeamsState } from '@courtside/events/teams/decider';
import type { SeasonInvitation } from '@courtside/events/teams/invitations';
import { pauseDaysUsed, type PausePeriod, type PauseState } from '@courtside/events/teams/pause';
import type pg from 'pg';
import { API_ACCOUNTS_TABLE, API_INVITATIONS_TABLE, accountNameSql } from '../api-tables.ts';
import { SIDE_MEMBERS } from '../matches/match-sides.ts';

/**
 * The queries on the teams tables (`teams`, `team_members`, `partner_requests`), in the module that owns them: the
 * team rules' state (the loader the team commands decide against, under the company's lock) and the lists the
 * routes read.
 */

type Queryable = Pick<pg.Pool, 'query'>;

interface TeamMemberView {
  fullName: string;
  email: string;
  phoneNumber: { countryCode: string; number: string } | null;
}

/** A team in a season as the spec's admin API shows it (§3 "Team in a season"). */
interface TeamView {
  teamId: string;
  position: number | null;
  joinDate: string | null;
  leaveDate?: string | null;
  members: TeamMemberView[];
}

export type TeamList = 'waiting' | 'active' | 'left';

/** A team that left answers the position it held then (`teams.position` is NULL once it left). */
const positionOf: Record<TeamList, string> = {
  waiting: 't.position',
  active: 't.position',
  left: 't.left_position',
};

const orderBy: Record<TeamList, string> = {
  waiting: 't.registered_at, t.id',
  active: 't.position, t.id',
  // Latest first; teams that left on the same day by the position they left from.
  left: 't.leave_date DESC, t.left_position, t.id',
};

/** One of the three lists of spec §4 "Team membership", members with their contact details. */
export async function teamsOf(db: Queryable, seasonId: string, list: TeamList): Promise<TeamView[]> {
  const { rows } = await db.query<TeamView & { leaveDate: string | null }>(
    `SELECT t.id AS "teamId", ${positionOf[list]} AS position, t.join_date AS "joinDate", t.leave_date AS "leaveDate",
       json_agg(json_build_object(
         'fullName', ${accountNameSql('a', 'a.email')}, 'email', coalesce(a.email, ''),
         'phoneNumber', CASE WHEN a.phone_number IS NULL THEN NULL
                        ELSE json_build_object('countryCode', a.phone_country_code, 'number', a.phone_number) END
       ) ORDER BY m.member_order) AS members
     FROM teams t
     JOIN team_members m ON m.team_id = t.id
     JOIN ${API_ACCOUNTS_TABLE} a ON a.id = m.account_id
     WHERE t.season_id = $1 AND t.status = $2
     GROUP BY t.id
     ORDER BY ${orderBy[list]}`,
    [seasonId, list],
  );
  return rows.map(({ leaveDate, ...team }) => (list === 'left' ? { ...team, leaveDate } : team));
}

/** A season's registration settings and its teams, as the team rules decide against them. */
export async function seasonTeamsStateOf(db: Queryable, seasonId: string): Promise<SeasonTeamsState> {
  const [season, teams, requests, invitations] = await Promise.all([
    db.query<NonNullable<SeasonTeamsState['season']>>(
      `SELECT s.id AS "seasonId", s.ladder_id AS "ladderId", l.sports_category AS "sportsCategory",
         s.open_for_registration AS "openForRegistration", to_char(s.end_date, 'YYYY-MM-DD') AS "endDate"
       FROM seasons s JOIN ladders l ON l.id = s.ladder_id WHERE s.id = $1`,
      [seasonId],
    ),
    db.query<SeasonTeamsState['teams'][string]>(
      `SELECT t.id AS "teamId", t.status, array_agg(m.account_id ORDER BY m.member_order) AS "memberIds"
       FROM teams t JOIN team_members m ON m.team_id = t.id WHERE t.season_id = $1 GROUP BY t.id`,
      [seasonId],
    ),
    db.query<PartnerRequest>(
      `SELECT id AS "requestId", team_id AS "teamId", registrant_id AS "registrantId", state,
         to_char(lapses_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "lapsesAt"
       FROM partner_requests WHERE season_id = $1`,
      [seasonId],
    ),
    db.query<SeasonInvitation & { otherId: string | null; acceptedBy: string | null }>(
      `SELECT id AS "invitationId", group_id AS "groupId", other_id AS "otherId", team_id AS "teamId", placement,
         state, accepted_by AS "acceptedBy",
         to_char(expires_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS "expiresAt"
       FROM season_invitations WHERE season_id = $1`,
      [seasonId],
    ),
  ]);
  return {
    season: season.rows[0],
    teams: Object.fromEntries(teams.rows.map((team) => [team.teamId, team])),
    requests: Object.fromEntries(requests.rows.map((request) => [request.teamId, request])),
    invitations: Object.fromEntries(
      invitations.rows.map(({ otherId, acceptedBy, ...invitation }) => [
        invitation.invitationId,
        { ...invitation, ...(otherId ? { otherId } : {}), ...(acceptedBy ? { acceptedBy } : {}) },
      ]),
    ),
  };
}

/**
 * The teams an account plays in, newest first (a team that left with the position it held then), with its open
 * partner requests (DESIGN.md §9): those it sent (`awaitingAnswerOf: "partner"`) and those sent to its address
 * (`"you"`, with who asks), as `awaiting-partner`.
 */
export async function teamsOfAccount(db: Queryable, account: { id: string; email: string }, now: Date) {
  const { rows } = await db.query(
    `SELECT "teamId", status, position, "seasonId", "seasonName", "ladderId", "ladderName", "partnerRequest",
       "pausedUntil", pauses, rules
     FROM (
       SELECT t.id AS "teamId", t.status, COALESCE(t.position, t.left_position) AS position, t.season_id AS "seasonId", s.name AS "seasonName",
         t.ladder_id AS "ladderId", l.name AS "ladderName", NULL::json AS "partnerRequest", t.registered_at AS at,
         to_char(t.paused_until, 'YYYY-MM-DD') AS "pausedUntil", t.pauses, s.rules
       FROM team_members m JOIN teams t ON t.id = m.team_id
       JOIN seasons s ON s.id = t.season_id JOIN ladders l ON l.id = t.ladder_id
       WHERE m.account_id = $1
       UNION ALL
       SELECT p.team_id, 'awaiting-partner', NULL, p.season_id, s.name, p.ladder_id, l.name,
         json_build_object(
           'awaitingAnswerOf', CASE WHEN p.registrant_id = $1 THEN 'partner' ELSE 'you' END,
           'invitedBy', CASE WHEN p.registrant_id = $1 THEN NULL ELSE ${accountNameSql('a', "''")} END,
           'lapsesAt', to_char(p.lapses_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
         p.requested_at, NULL, NULL, NULL
       FROM partner_requests p JOIN seasons s ON s.id = p.season_id JOIN ladders l ON l.id = p.ladder_id
       LEFT JOIN ${API_ACCOUNTS_TABLE} a ON a.id = p.registrant_id
       WHERE p.state = 'open' AND p.lapses_at > $3 AND (p.registrant_id = $1
         OR EXISTS (SELECT 1 FROM ${API_INVITATIONS_TABLE} i WHERE i.id = p.id AND i.team_id = p.team_id AND i.email = $2))
     ) mine
     ORDER BY at DESC`,
    [account.id, account.email.toLowerCase(), now],
  );
  // DESIGN.md §9: an active team's pause, and the days it has left of the season's allowance.
  return rows.map(({ partnerRequest, pausedUntil, pauses, rules, ...team }) => ({
    ...team,
    ...(partnerRequest ? { partnerRequest } : {}),
    ...(team.status === 'active'
      ? {
          ...(pausedUntil ? { pausedUntil } : {}),
          pauseDaysLeft: rulesOf(rules).maxPauseDays - pauseDaysUsed({ pauses: pauses ?? [] }),
        }
      : {}),
  }));
}

/** Seasons with a partner request unanswered past its 14 days: the deadline process lapses them. */
export async function seasonsWithLapsedRequests(db: Queryable, now: Date) {
  const { rows } = await db.query<{ companyId: string; seasonId: string }>(
    `SELECT DISTINCT p.company_id AS "companyId", p.season_id AS "seasonId"
     FROM partner_requests p JOIN seasons s ON s.id = p.season_id WHERE p.state = 'open' AND p.lapses_at <= $1`,
    [now],
  );
  return rows;
}

/**
 * The open partner requests an erasure withdraws (DESIGN.md §19 "Erasure"): those the account sent, and those sent to
 * an address of its (`invitationIds`, the api's rows it owns), which it declines.
 */
export async function openPartnerRequestsOfAccount(
  db: Queryable,
  accountId: string,
  invitationIds: readonly string[],
): Promise<Array<{ teamId: string; seasonId: string; companyId: string; isAddressee: boolean }>> {
  const { rows } = await db.query<{
    teamId: string;
    seasonId: string;
    companyId: string;
    isAddressee: boolean;
  }>(
    `SELECT p.team_id AS "teamId", p.season_id AS "seasonId", p.company_id AS "companyId",
       p.registrant_id <> $1 AS "isAddressee"
     FROM partner_requests p
     WHERE p.state = 'open' AND (p.registrant_id = $1 OR p.id = ANY($2::uuid[]))
     ORDER BY p.requested_at, p.team_id`,
    [accountId, invitationIds],
  );
  return rows;
}

/**
 * A manager's invitations into a season that the account is in and that are not taken up by the whole team yet
 * (DESIGN.md §19 "Erasure"): sent to an address of its (`invitationIds`), or accepted by it while its partner's
 * is pending. An erasure revokes them, by their group's id.
 */
export async function openSeasonInvitationGroupsOfAccount(
  db: Queryable,
  accountId: string,
  invitationIds: readonly string[],
): Promise<Array<{ groupId: string; seasonId: string; companyId: string }>> {
  const { rows } = await db.query<{ groupId: string; seasonId: string; companyId: string }>(
    `SELECT DISTINCT v.group_id AS "groupId", v.season_id AS "seasonId", v.company_id AS "companyId"
     FROM season_invitations v
     WHERE (v.id = ANY($2::uuid[]) OR v.accepted_by = $1)
       AND NOT EXISTS (SELECT 1 FROM teams t WHERE t.id = v.team_id)
       AND EXISTS (SELECT 1 FROM season_invitations g WHERE g.group_id = v.group_id AND g.state = 'pending')
     ORDER BY v.group_id`,
    [accountId, invitationIds],
  );
  return rows;
}

/** The account's teams that still play or wait in a season not yet over (an erasure takes them out). */
export async function openTeamsOfAccount(
  db: Queryable,
  accountId: string,
  today: string,
): Promise<Array<{ teamId: string; seasonId: string; companyId: string; status: 'waiting' | 'active' }>> {
  const { rows } = await db.query<{
    teamId: string;
    seasonId: string;
    companyId: string;
    status: 'waiting' | 'active';
  }>(
    `SELECT t.id AS "teamId", t.season_id AS "seasonId", t.company_id AS "companyId", t.status
     FROM teams t JOIN team_members m ON m.team_id = t.id JOIN seasons s ON s.id = t.season_id
     WHERE m.account_id = $1 AND t.status IN ('waiting', 'active') AND s.end_date >= $2::date
     ORDER BY t.registered_at, t.id`,
    [accountId, today],
  );
  return rows;
}

/** A team's pauses as the read model keeps them (DESIGN.md §9 "Pause"), with its members. */
interface TeamPauseRow {
  teamId: string;
  seasonId: string;
  status: string;
  memberIds: string[];
  pausedUntil?: string;
  pauses: PausePeriod[];
}

/** One team of a season with its pauses and members; undefined when the season has no such team. */
export async function teamPauseOf(
  db: Queryable,
  seasonId: string,
  teamId: string,
): Promise<TeamPauseRow | undefined> {
  const { rows } = await db.query<TeamPauseRow & { pausedUntil: string | null }>(
    `SELECT t.id AS "teamId", t.season_id AS "seasonId", t.status, t.pauses,
       to_char(t.paused_until, 'YYYY-MM-DD') AS "pausedUntil",
       array(SELECT m.account_id FROM team_members m WHERE m.team_id = t.id ORDER BY m.member_order) AS "memberIds"
     FROM teams t WHERE t.id = $1 AND t.season_id = $2`,
    [teamId, seasonId],
  );
  const row = rows[0];
  if (!row) return undefined;
  const { pausedUntil, ...team } = row;
  return pausedUntil ? { ...team, pausedUntil } : team;
}

/**
 * What the pause rules decide against: the season's `maxPauseDays` and its active teams with their pauses, and
 * whether each is in a challenge (open, or accepted and its match not settled: as the challenge rules' `isBusy`).
 */
export async function pauseStateOf(db: Queryable, seasonId: string): Promise<PauseState> {
  const [season, teams] = await Promise.all([
    db.query<{ seasonId: string; ladderId: string; rules: Partial<LadderRules> | null }>(
      'SELECT id AS "seasonId", ladder_id AS "ladderId", rules FROM seasons WHERE id = $1',
      [seasonId],
    ),
    db.query<{ teamId: string; pausedUntil: string | null; pauses: PausePeriod[]; busy: boolean }>(
      `SELECT t.id AS "teamId", to_char(t.paused_until, 'YYYY-MM-DD') AS "pausedUntil", t.pauses,
         EXISTS (SELECT 1 FROM challenges c LEFT JOIN matches m ON m.id = c.match_id
                 WHERE t.id IN (c.challenger_team_id, c.defender_team_id)
                   AND (c.state = 'open' OR (c.state = 'accepted' AND NOT coalesce(m.status = 'cancelled'
                     OR (m.winner IS NOT NULL AND m.confirmation_state = 'confirmed'), false)))) AS busy
       FROM teams t WHERE t.season_id = $1 AND t.status = 'active'`,
      [seasonId],
    ),
  ]);
  const found = season.rows[0];
  if (!found) return { teams: {} };
  const { rules, ...ref } = found;
  return {
    season: { ...ref, maxPauseDays: rulesOf(rules).maxPauseDays },
    teams: Object.fromEntries(
      teams.rows.map(({ pausedUntil, ...team }) => [
        team.teamId,
        pausedUntil ? { ...team, pausedUntil } : team,
      ]),
    ),
  };
}

/** Seasons with a team whose first day back has come (`today` or earlier): the deadline process resumes them. */
export async function seasonsWithDuePauses(db: Queryable, today: string) {
  const { rows } = await db.query<{ companyId: string; seasonId: string }>(
    `SELECT DISTINCT company_id AS "companyId", season_id AS "seasonId" FROM teams
     WHERE paused_until IS NOT NULL AND paused_until <= $1::date`,
    [today],
  );
  return rows;
}

/**
 * Whether the account was ever a member of a team, of any season and status, or of a knockout's entry (DESIGN.md
 * §19 "Player pages": only such an account has a player page; a manager who does not play and an unverified account
 * have none).
 */
export async function wasOnATeam(db: Queryable, accountId: string): Promise<boolean> {
  // A side of a knockout's draw match (DESIGN.md §16) counts as a team: its player has a player page too.
  const { rows } = await db.query<{ found: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM ${SIDE_MEMBERS} tm WHERE tm.account_id = $1) AS found`,
    [accountId],
  );
  return rows[0]?.found === true;
}
