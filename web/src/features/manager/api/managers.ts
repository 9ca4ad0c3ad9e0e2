import { z } from 'zod';
import { request } from '../../../lib/http';
import { ADMIN_API } from '@courtside/events/api-paths';

/** DESIGN.md §9 "Managers": a company's managers and its open invitations to manage it. */
const managersSchema = z.object({
  managers: z.array(
    z.object({ accountId: z.string(), fullName: z.string(), email: z.string(), since: z.string() }),
  ),
  invitations: z.array(
    z.object({ invitationId: z.string(), email: z.string(), invitedAt: z.string(), expiresAt: z.string() }),
  ),
});
export type CompanyManagers = z.infer<typeof managersSchema>;
export type CompanyManager = CompanyManagers['managers'][number];
export type ManagerInvitation = CompanyManagers['invitations'][number];

const managersPath = (companyId: string) =>
  `${ADMIN_API}/companies/${encodeURIComponent(companyId)}/managers`;

export const getManagers = (companyId: string): Promise<CompanyManagers> =>
  request('GET', managersPath(companyId), { schema: managersSchema });

export const inviteManager = (companyId: string, email: string): Promise<{ invitationId: string }> =>
  request('POST', `${managersPath(companyId)}/invitations`, {
    body: { email },
    schema: z.object({ invitationId: z.string() }),
  });

export async function revokeManagerInvitation(companyId: string, invitationId: string): Promise<void> {
  await request('DELETE', `${managersPath(companyId)}/invitations/${encodeURIComponent(invitationId)}`);
}

export async function removeManager(companyId: string, accountId: string): Promise<void> {
  await request('DELETE', `${managersPath(companyId)}/${encodeURIComponent(accountId)}`);
}
