import type pg from 'pg';
import type { PartnerRequestState } from '@courtside/events/teams/decider';
import { API_ACCOUNTS_TABLE, API_INVITATIONS_TABLE, accountNameSql } from '../api-tables.ts';

/**
 * The partner requests (`partner_requests`, the teams read model) read with their addresses (the api's
 * `courtside.invitations`): what an invitation link's page and routes need. The api writes the addresses
 * (api/src/teams/partner-invitations.ts).
 */

type Queryable = Pick<pg.Pool, 'query'>;

/** A partner request with what its page and its routes need: the address beside the log, the state from the log. */
export interface PartnerInvitation {
  invitationId: string;
  email: string;
  companyId: string;
  companyName: string;
  seasonId: string;
  seasonName: string;
  ladderId: string;
  ladderName: string;
  teamId: string;
  registrantId: string;
  invitedBy: string;
  state: PartnerRequestState;
  lapsesAt: Date;
}

const invitationColumns = `i.id AS "invitationId", i.email, i.company_id AS "companyId", c.name AS "companyName",
  i.season_id AS "seasonId", s.name AS "seasonName", s.ladder_id AS "ladderId", l.name AS "ladderName",
  i.team_id AS "teamId", p.registrant_id AS "registrantId",
  ${accountNameSql('a', "''")} AS "invitedBy", p.state, p.lapses_at AS "lapsesAt"`;
// An invitation whose address was erased (DESIGN.md §19 "Erasure") has no link any more: none of these find it.
const invitationJoins = `${API_INVITATIONS_TABLE} i
  JOIN partner_requests p ON p.team_id = i.team_id AND p.id = i.id
  JOIN seasons s ON s.id = i.season_id JOIN ladders l ON l.id = s.ladder_id
  JOIN companies c ON c.id = i.company_id
  LEFT JOIN ${API_ACCOUNTS_TABLE} a ON a.id = p.registrant_id`;

export async function partnerInvitationById(
  db: Queryable,
  invitationId: string,
): Promise<PartnerInvitation | undefined> {
  const { rows } = await db.query<PartnerInvitation>(
    `SELECT ${invitationColumns} FROM ${invitationJoins} WHERE i.id = $1 AND i.email IS NOT NULL`,
    [invitationId],
  );
  return rows[0];
}

export async function partnerInvitationOfTeam(
  db: Queryable,
  teamId: string,
): Promise<PartnerInvitation | undefined> {
  const { rows } = await db.query<PartnerInvitation>(
    `SELECT ${invitationColumns} FROM ${invitationJoins} WHERE i.team_id = $1 AND i.email IS NOT NULL`,
    [teamId],
  );
  return rows[0];
}

/** The open requests sent to an address, newest first: what the addressee may answer. */
export async function openPartnerInvitationsFor(
  db: Queryable,
  email: string,
  now: Date,
): Promise<PartnerInvitation[]> {
  const { rows } = await db.query<PartnerInvitation>(
    `SELECT ${invitationColumns} FROM ${invitationJoins}
     WHERE i.email = $1 AND p.state = 'open' AND p.lapses_at > $2 ORDER BY p.requested_at DESC`,
    [email.toLowerCase(), now],
  );
  return rows;
}
