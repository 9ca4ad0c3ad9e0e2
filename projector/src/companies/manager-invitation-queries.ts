import type pg from 'pg';
import { API_ACCOUNTS_TABLE, API_INVITATIONS_TABLE } from '../api-tables.ts';

/**
 * Co-managers' invitations (`manager_invitations`, the companies read model) read with their addresses (the api's
 * `courtside.invitations`, kind `manager`, written by api/src/companies/manager-invitations.ts).
 */

type Queryable = Pick<pg.Pool, 'query'>;

/** The api table's kind of a co-manager's invitation. */
export const MANAGER_KIND = 'manager';

export interface CompanyManagerInvitation {
  invitationId: string;
  email: string;
  companyId: string;
  companyName: string;
  invitedBy: string;
  state: 'pending' | 'accepted' | 'revoked';
  expiresAt: Date;
}

export async function managerInvitationById(
  db: Queryable,
  invitationId: string,
): Promise<CompanyManagerInvitation | undefined> {
  const { rows } = await db.query<CompanyManagerInvitation>(
    `SELECT i.id AS "invitationId", i.email, v.company_id AS "companyId", c.name AS "companyName",
         coalesce(a.full_name, '') AS "invitedBy", v.state, v.expires_at AS "expiresAt"
       FROM ${API_INVITATIONS_TABLE} i JOIN manager_invitations v ON v.id = i.id
       JOIN companies c ON c.id = v.company_id
       LEFT JOIN ${API_ACCOUNTS_TABLE} a ON a.id = i.invited_by
       WHERE i.id = $1 AND i.kind = '${MANAGER_KIND}' AND i.email IS NOT NULL`,
    [invitationId],
  );
  return rows[0];
}
