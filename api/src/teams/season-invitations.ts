import type pg from 'pg';
import { API_INVITATIONS_TABLE } from '@courtside/projector/api-tables';
import {
  CLUB_SEASON_KIND,
  seasonInvitationById,
  seasonInvitationGroup,
  seasonInvitationsListOf,
  type ClubSeasonInvitation,
} from '@courtside/projector/teams/season-invitation-queries';
import type { Mailer } from '../mail/mailer.ts';

export type { ClubSeasonInvitation };

type Queryable = Pick<pg.Pool, 'query'>;

/**
 * A manager's season invitations (DESIGN.md §9 "Inviting players"): the addresses in the api's
 * `courtside.invitations`, read with their state from the read models (projector/src/teams/season-invitation-queries.ts),
 * on the read models' connections.
 */
export class ClubSeasonInvitations {
  constructor(private readonly db: Queryable) {}

  /** The addresses of new links, written after the command (a row without its event names nothing). */
  async record(
    links: Array<{ invitationId: string; email: string; fullName?: string; teamId: string }>,
    context: { companyId: string; seasonId: string; invitedBy: string; at: Date },
  ): Promise<void> {
    if (links.length === 0) return;
    await this.db.query(
      `INSERT INTO ${API_INVITATIONS_TABLE}
         (id, kind, email, full_name, company_id, season_id, team_id, invited_by, created_at)
       SELECT r.id, '${CLUB_SEASON_KIND}', r.email, r.full_name, $5, $6, r.team_id, $7, $8
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[]) AS r(id, email, full_name, team_id)
       ON CONFLICT (id) DO NOTHING`,
      [
        links.map((link) => link.invitationId),
        links.map((link) => link.email.toLowerCase()),
        links.map((link) => link.fullName ?? null),
        links.map((link) => link.teamId),
        context.companyId,
        context.seasonId,
        context.invitedBy,
        context.at,
      ],
    );
  }

  /** The address of each invitation of the season (what `ALREADY_INVITED` compares with). */
  async emailsOfSeason(seasonId: string): Promise<Map<string, string>> {
    const { rows } = await this.db.query<{ id: string; email: string }>(
      `SELECT id, email FROM ${API_INVITATIONS_TABLE} WHERE season_id = $1 AND kind = '${CLUB_SEASON_KIND}'`,
      [seasonId],
    );
    return new Map(rows.map((row) => [row.id, row.email]));
  }

  byId(invitationId: string): Promise<ClubSeasonInvitation | undefined> {
    return seasonInvitationById(this.db, invitationId);
  }

  /** Every link of a group (the invitee's first, then the partner's). */
  group(groupId: string): Promise<ClubSeasonInvitation[]> {
    return seasonInvitationGroup(this.db, groupId);
  }

  /** The invitee's invitation of this season with its partner's link; none for a partner's link or another season. */
  async inviteeGroupOfSeason(seasonId: string, invitationId: string): Promise<ClubSeasonInvitation[]> {
    const group = await this.group(invitationId);
    return group[0]?.invitationId === invitationId && group[0].seasonId === seasonId ? group : [];
  }

  /** DESIGN.md §9 `GET invitations`: one item per invitee, newest first, with the partner's address. */
  listOfSeason(seasonId: string, now: Date) {
    return seasonInvitationsListOf(this.db, seasonId, now);
  }
}

/**
 * The invitation mail of a manager's season invitation, in English and Dutch (the address may have no account, so
 * no language is known, and it has no preference to turn off).
 */
export async function mailSeasonInvitation(
  mailer: Mailer,
  invitation: {
    email: string;
    companyName: string;
    ladderName: string;
    seasonName: string;
    partnerEmail?: string;
    link: (locale: string) => string;
  },
): Promise<void> {
  const { email, companyName, ladderName, seasonName, partnerEmail, link } = invitation;
  await mailer.send({
    to: email,
    subject: `${companyName} invites you to ${ladderName} / ${companyName} nodigt je uit voor ${ladderName}`,
    text:
      `${companyName} invites you to play ${ladderName} (${seasonName}).\n\n` +
      (partnerEmail
        ? `You are invited as a team with ${partnerEmail}; the team forms when you both accept.\n\n`
        : '') +
      `Accept: ${link('en')}\n\n` +
      'The invitation can be used once and lasts 14 days.\n\n' +
      '---\n\n' +
      `${companyName} nodigt je uit om ${ladderName} (${seasonName}) te spelen.\n\n` +
      (partnerEmail
        ? `Je bent uitgenodigd als team met ${partnerEmail}; het team ontstaat als jullie allebei accepteren.\n\n`
        : '') +
      `Accepteer: ${link('nl')}\n\n` +
      'De uitnodiging werkt één keer en is 14 dagen geldig.',
  });
}
