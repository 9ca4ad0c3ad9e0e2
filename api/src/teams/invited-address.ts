import { closedInvitationCode } from '@courtside/events/teams/invitations';
import type { AppServices } from '../module.ts';
import { invitationIdOf, PartnerInvitations } from './partner-invitations.ts';
import { ClubSeasonInvitations } from './season-invitations.ts';
import { ManagerInvitations } from '../companies/manager-invitations.ts';
import { isOpen } from '@courtside/events/tournaments/invitations';
import { TournamentInvitations } from '../tournaments/tournament-invitations.ts';

/**
 * The address an invitation link's token was sent to while the invitation can still be taken up (DESIGN.md §9
 * "The link": it proves the address); undefined for an unknown, used, revoked or lapsed one.
 */
export async function invitedAddressOf(
  services: Pick<AppServices, 'readModels' | 'invitationSecret' | 'clock'>,
  token: string,
): Promise<string | undefined> {
  const id = invitationIdOf(services.invitationSecret, token);
  if (!id) return undefined;
  const now = services.clock();
  const partner = await new PartnerInvitations(services.readModels).byId(id);
  if (partner) return partner.state === 'open' && partner.lapsesAt > now ? partner.email : undefined;
  const tournament = await new TournamentInvitations(services.readModels).byId(id);
  if (tournament) return isOpen(tournament, now) ? tournament.email : undefined;
  const club =
    (await new ClubSeasonInvitations(services.readModels).byId(id)) ??
    (await new ManagerInvitations(services.readModels).byId(id));
  if (!club) return undefined;
  const closed = closedInvitationCode({ state: club.state, expiresAt: club.expiresAt.toISOString() }, now);
  return closed ? undefined : club.email;
}
