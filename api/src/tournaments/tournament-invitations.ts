import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type pg from 'pg';
import { americanoGamesNeeded } from '@courtside/events/tournaments/club-night';
import type { TournamentState } from '@courtside/events/tournaments/decider';
import { API_INVITATIONS_TABLE, API_TOURNAMENT_NAMES_TABLE } from '@courtside/projector/api-tables';
import {
  tournamentInvitationById,
  tournamentInvitationOfEntry,
  type TournamentInvitationView,
} from '@courtside/projector/tournaments/queries';
import { publicUrlOf } from '../http/public-url.ts';
import { InvitationMailLimits } from '../mail/invitation-mail-limits.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { AppServices } from '../module.ts';
import { invitationPage, invitationToken } from '../teams/partner-invitations.ts';

export type { TournamentInvitationView };

type Queryable = Pick<pg.Pool, 'query'>;

/** The kind of a tournament's invitation in the api's `courtside.invitations` (DESIGN.md §16 with §9). */
export const TOURNAMENT_KIND = 'tournament';

const freshIds = (count: number) => Array.from({ length: count }, () => randomUUID());

/** The players of a club night, in the draw's order, then the late arrivals. */
export const playersOf = (state: TournamentState) => state.entries.flatMap((entry) => entry.memberIds);

/** Ids for every club-night game a late arrival may make again (the rounds after the last one started). */
export const lateGameIds = (state: TournamentState) =>
  freshIds(
    americanoGamesNeeded(
      playersOf(state).length + 1,
      state.tournament?.courts ?? 1,
      1,
      Math.max(state.plannedRounds, 1),
    ),
  );

/**
 * A tournament's invitations (a player's partner request, a manager's invitation): the addresses in the api's
 * `courtside.invitations`, read with their state from the read models (projector/src/tournaments/queries.ts), on
 * the read models' connections (their search path).
 */
export class TournamentInvitations {
  constructor(private readonly db: Queryable) {}

  /** The address of a new invitation, written after its command (a row without its event names nothing). */
  async record(invitation: {
    invitationId: string;
    email: string;
    companyId: string;
    tournamentId: string;
    entryId: string;
    invitedBy: string;
    at: Date;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO ${API_INVITATIONS_TABLE} (id, kind, email, company_id, tournament_id, team_id, invited_by, created_at)
       VALUES ($1, '${TOURNAMENT_KIND}', $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [
        invitation.invitationId,
        invitation.email.toLowerCase(),
        invitation.companyId,
        invitation.tournamentId,
        invitation.entryId,
        invitation.invitedBy,
        invitation.at,
      ],
    );
  }

  byId(invitationId: string): Promise<TournamentInvitationView | undefined> {
    return tournamentInvitationById(this.db, invitationId);
  }

  ofEntry(tournamentId: string, entryId: string): Promise<TournamentInvitationView | undefined> {
    return tournamentInvitationOfEntry(this.db, tournamentId, entryId);
  }
}

/**
 * Records the address of an invitation the rules took, and mails its link in English and Dutch (the address may have
 * no account, so no language is known). The invitation stands whatever the mail does; the limits of DESIGN.md §17
 * (invitation mails a day to a person, from a club) hold its mail back.
 */
export async function sendTournamentInvitation(
  ctx: Context,
  services: AppServices,
  invitation: {
    invitationId: string;
    email: string;
    companyId: string;
    tournamentId: string;
    entryId: string;
    invitedBy: { accountId: string; name: string };
    /** A player's partner request: the side forms with them; else a manager's invitation. */
    asPartner: boolean;
  },
): Promise<void> {
  const { invitationId, email, companyId } = invitation;
  const invitations = new TournamentInvitations(services.readModels);
  await invitations.record({
    ...invitation,
    invitedBy: invitation.invitedBy.accountId,
    at: services.clock(),
  });
  const reservation = await new InvitationMailLimits(services.db, services.clock).reserve(
    companyId,
    [email],
    'hold',
  );
  if (!reservation.mayMail(email)) return;
  // The names as the read models hold them now (the invitation's own row may not be projected yet).
  const { rows } = await services.readModels.query<{ companyName: string; tournamentName: string }>(
    `SELECT c.name AS "companyName", n.name AS "tournamentName" FROM tournaments t
     JOIN companies c ON c.id = t.company_id JOIN ${API_TOURNAMENT_NAMES_TABLE} n ON n.id = t.name_id
     WHERE t.id = $1`,
    [invitation.tournamentId],
  );
  const token = invitationToken(services.invitationSecret, invitationId);
  await mailTournamentInvitation(services.mailer, {
    email,
    invitedBy: invitation.invitedBy.name,
    companyName: rows[0]?.companyName ?? '',
    tournamentName: rows[0]?.tournamentName ?? '',
    asPartner: invitation.asPartner,
    link: (locale) => publicUrlOf(ctx, services, invitationPage(locale, token)),
  }).catch((error: unknown) =>
    services.logger.warn({ err: error, invitationId }, 'tournament invitation not mailed'),
  );
}

/** The invitation mail of a tournament, in English and Dutch; a partner's asks to play together. */
export async function mailTournamentInvitation(
  mailer: Mailer,
  invitation: {
    email: string;
    invitedBy: string;
    companyName: string;
    tournamentName: string;
    asPartner: boolean;
    link: (locale: string) => string;
  },
): Promise<void> {
  const { email, invitedBy, companyName, tournamentName, asPartner, link } = invitation;
  const who = asPartner ? invitedBy || 'A player' : companyName;
  const wie = asPartner ? invitedBy || 'Een speler' : companyName;
  await mailer.send({
    to: email,
    subject: asPartner
      ? `${who} asks you to play ${tournamentName} together / ${wie} vraagt je samen ${tournamentName} te spelen`
      : `${who} invites you to ${tournamentName} / ${wie} nodigt je uit voor ${tournamentName}`,
    text:
      (asPartner
        ? `${who} would like to enter ${tournamentName} (${companyName}) with you as a side.\n\n` +
          `Accept or decline: ${link('en')}\n\n` +
          'Nothing is shared with the club until you accept. Without an answer the request lapses in 14 days.\n\n'
        : `${who} invites you to play ${tournamentName}.\n\n` +
          `Accept: ${link('en')}\n\n` +
          'The invitation can be used once and lasts 14 days.\n\n') +
      '---\n\n' +
      (asPartner
        ? `${wie} wil ${tournamentName} (${companyName}) samen met jou spelen.\n\n` +
          `Accepteer of weiger: ${link('nl')}\n\n` +
          'De club ziet niets van jou tot je accepteert. Zonder antwoord vervalt het verzoek na 14 dagen.'
        : `${wie} nodigt je uit om ${tournamentName} te spelen.\n\n` +
          `Accepteer: ${link('nl')}\n\n` +
          'De uitnodiging werkt één keer en is 14 dagen geldig.'),
  });
}
