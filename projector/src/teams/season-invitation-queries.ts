import type pg from 'pg';
import {
  invitationListState,
  type InvitationState,
  type Placement,
} from '@courtside/events/teams/invitations';
import { API_ACCOUNTS_TABLE, API_INVITATIONS_TABLE, FORMER_PLAYER } from '../api-tables.ts';

/**
 * A manager's season invitations (`season_invitations`, the teams read model) read with their addresses (the api's
 * `courtside.invitations`, kind `club-season`, written by api/src/teams/season-invitations.ts).
 */

type Queryable = Pick<pg.Pool, 'query'>;

/** The api table's kind of a manager's invitation into a season (one row per link). */
export const CLUB_SEASON_KIND = 'club-season';

/** One link of a manager's season invitation: the address beside the log, the state from the read models. */
export interface ClubSeasonInvitation {
  invitationId: string;
  groupId: string;
  email: string;
  fullName: string | null;
  companyId: string;
  companyName: string;
  seasonId: string;
  seasonName: string;
  ladderId: string;
  ladderName: string;
  teamId: string;
  placement: Placement;
  state: InvitationState;
  invitedBy: string;
  invitedAt: Date;
  expiresAt: Date;
}

const columns = `i.id AS "invitationId", v.group_id AS "groupId", i.email, i.full_name AS "fullName",
  i.company_id AS "companyId", c.name AS "companyName", v.season_id AS "seasonId", s.name AS "seasonName",
  v.ladder_id AS "ladderId", l.name AS "ladderName", v.team_id AS "teamId", v.placement, v.state,
  coalesce(a.full_name, '') AS "invitedBy", v.invited_at AS "invitedAt", v.expires_at AS "expiresAt"`;
const joins = `${API_INVITATIONS_TABLE} i
  JOIN season_invitations v ON v.id = i.id
  JOIN seasons s ON s.id = v.season_id JOIN ladders l ON l.id = v.ladder_id
  JOIN companies c ON c.id = v.company_id
  LEFT JOIN ${API_ACCOUNTS_TABLE} a ON a.id = i.invited_by`;
// A link whose address was erased (DESIGN.md §19 "Erasure") is no link any more: neither query finds it.
const withAddress = 'i.email IS NOT NULL';

export async function seasonInvitationById(
  db: Queryable,
  invitationId: string,
): Promise<ClubSeasonInvitation | undefined> {
  const { rows } = await db.query<ClubSeasonInvitation>(
    `SELECT ${columns} FROM ${joins} WHERE i.id = $1 AND i.kind = '${CLUB_SEASON_KIND}' AND ${withAddress}`,
    [invitationId],
  );
  return rows[0];
}

/** Every link of a group (the invitee's first, then the partner's). */
export async function seasonInvitationGroup(db: Queryable, groupId: string): Promise<ClubSeasonInvitation[]> {
  const { rows } = await db.query<ClubSeasonInvitation>(
    `SELECT ${columns} FROM ${joins} WHERE v.group_id = $1 AND i.kind = '${CLUB_SEASON_KIND}' AND ${withAddress}
       ORDER BY (v.id = v.group_id) DESC`,
    [groupId],
  );
  return rows;
}

/**
 * DESIGN.md §9 `GET invitations`: one item per invitee, newest first, with the partner's address. An erased invitee
 * shows as "Former player" without an address, an erased partner without one (§19 "Erasure").
 */
export async function seasonInvitationsListOf(db: Queryable, seasonId: string, now: Date) {
  const { rows } = await db.query<{
    invitationId: string;
    email: string | null;
    fullName: string | null;
    partnerEmail: string | null;
    state: InvitationState;
    partnerState: InvitationState | null;
    invitedAt: Date;
    expiresAt: Date;
  }>(
    `SELECT v.id AS "invitationId", i.email, i.full_name AS "fullName", pi.email AS "partnerEmail", v.state,
         p.state AS "partnerState", v.invited_at AS "invitedAt", v.expires_at AS "expiresAt"
       FROM season_invitations v
       JOIN ${API_INVITATIONS_TABLE} i ON i.id = v.id
       LEFT JOIN season_invitations p ON p.id = v.other_id
       LEFT JOIN ${API_INVITATIONS_TABLE} pi ON pi.id = v.other_id
       WHERE v.season_id = $1 AND v.id = v.group_id
       ORDER BY v.invited_at DESC, i.email NULLS LAST`,
    [seasonId],
  );
  return rows.map((row) => {
    const expiresAt = row.expiresAt.toISOString();
    // A team of two is accepted once both accepted; revoked revokes both.
    const state =
      row.partnerState && row.state === 'accepted' && row.partnerState !== 'accepted'
        ? invitationListState({ state: row.partnerState, expiresAt }, now)
        : invitationListState({ state: row.state, expiresAt }, now);
    return {
      invitationId: row.invitationId,
      ...(row.email === null ? { fullName: FORMER_PLAYER } : { email: row.email }),
      ...(row.email !== null && row.fullName ? { fullName: row.fullName } : {}),
      ...(row.partnerEmail ? { partnerEmail: row.partnerEmail } : {}),
      state,
      invitedAt: row.invitedAt.toISOString(),
      expiresAt,
    };
  });
}
