import { z } from 'zod';
import { request } from '../../../lib/http';
import { ADMIN_API } from '@courtside/events/api-paths';

/** DESIGN.md §9 "Inviting players": the season's invitations, as the admin API answers them. */
const invitationSchema = z.object({
  invitationId: z.string(),
  /** Absent for an erased invitee, whose `fullName` is "Former player" (DESIGN.md §19 "Erasure"). */
  email: z.string().optional(),
  fullName: z.string().optional(),
  partnerEmail: z.string().optional(),
  state: z.enum(['pending', 'accepted', 'revoked', 'expired']),
  invitedAt: z.string(),
  expiresAt: z.string(),
});
export type SeasonInvitation = z.infer<typeof invitationSchema>;

const skipReasons = [
  'INVALID_EMAIL',
  'ALREADY_IN_SEASON',
  'ALREADY_INVITED',
  'DUPLICATE',
  'PARTNER_REQUIRED',
] as const;
const invitedSchema = z.object({
  invited: z.array(z.object({ invitationId: z.string(), email: z.string() })),
  skipped: z.array(z.object({ email: z.string(), reason: z.enum(skipReasons) })),
});
export type InviteResult = z.infer<typeof invitedSchema>;

interface Invitee {
  email: string;
  fullName?: string;
  partnerEmail?: string;
}
export type Placement = 'WAITING' | 'ACTIVE';

const invitationsPath = (seasonId: string) =>
  `${ADMIN_API}/seasons/${encodeURIComponent(seasonId)}/invitations`;

export const getInvitations = (seasonId: string): Promise<SeasonInvitation[]> =>
  request('GET', invitationsPath(seasonId), { schema: z.array(invitationSchema) });

export const invitePlayers = (
  seasonId: string,
  invitees: Invitee[],
  placement: Placement,
): Promise<InviteResult> =>
  request('POST', invitationsPath(seasonId), { body: { invitees, placement }, schema: invitedSchema });

export async function resendInvitation(seasonId: string, invitationId: string): Promise<void> {
  await request('POST', `${invitationsPath(seasonId)}/${encodeURIComponent(invitationId)}/resend`, {
    body: {},
  });
}

export async function revokeInvitation(seasonId: string, invitationId: string): Promise<void> {
  await request('DELETE', `${invitationsPath(seasonId)}/${encodeURIComponent(invitationId)}`);
}
