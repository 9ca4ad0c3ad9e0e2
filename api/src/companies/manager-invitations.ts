import type pg from 'pg';
import { API_INVITATIONS_TABLE } from '@courtside/projector/api-tables';
import {
  MANAGER_KIND,
  managerInvitationById,
  type CompanyManagerInvitation,
} from '@courtside/projector/companies/manager-invitation-queries';
import type { Mailer } from '../mail/mailer.ts';

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * Co-managers' invitations (DESIGN.md §9 "Managers"): the address beside the log, the state from the read models
 * (projector/src/companies/manager-invitation-queries.ts).
 */
export class ManagerInvitations {
  constructor(private readonly db: Queryable) {}

  async record(invitation: {
    invitationId: string;
    email: string;
    companyId: string;
    invitedBy: string;
    at: Date;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO ${API_INVITATIONS_TABLE} (id, kind, email, company_id, invited_by, created_at)
       VALUES ($1, '${MANAGER_KIND}', $2, $3, $4, $5) ON CONFLICT (id) DO NOTHING`,
      [
        invitation.invitationId,
        invitation.email.toLowerCase(),
        invitation.companyId,
        invitation.invitedBy,
        invitation.at,
      ],
    );
  }

  byId(invitationId: string): Promise<CompanyManagerInvitation | undefined> {
    return managerInvitationById(this.db, invitationId);
  }
}

/** The co-manager's invitation mail, in English and Dutch (the address may have no account yet). */
export async function mailManagerInvitation(
  mailer: Mailer,
  invitation: { email: string; companyName: string; invitedBy: string; link: (locale: string) => string },
): Promise<void> {
  const { email, companyName, invitedBy, link } = invitation;
  const who = invitedBy || 'A manager';
  const wie = invitedBy || 'Een beheerder';
  await mailer.send({
    to: email,
    subject: `${who} invites you to manage ${companyName} / ${wie} nodigt je uit als beheerder van ${companyName}`,
    text:
      `${who} invites you to manage ${companyName} on Courtside with them.\n\n` +
      `Accept: ${link('en')}\n\n` +
      'The invitation can be used once and lasts 14 days.\n\n' +
      '---\n\n' +
      `${wie} nodigt je uit om samen ${companyName} op Courtside te beheren.\n\n` +
      `Accepteer: ${link('nl')}\n\n` +
      'De uitnodiging werkt één keer en is 14 dagen geldig.',
  });
}
