import type pg from 'pg';
import {
  invitationListState,
  type InvitationState,
  type Placement,
} from '@courtside/events/teams/invitations';
import { API_ACCOUNTS_TABLE, API_INVITATIONS_TABLE } from '@courtside/projector/api-tables';
import type { Mailer } from '../mail/mailer.ts';

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

/**
 * A manager's season invitations (DESIGN.md §9 "Inviting players"): the addresses in the api's
 * `courtside.invitations`, read with their state from the read models, on the read models' connections.
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

  async byId(invitationId: string): Promise<ClubSeasonInvitation | undefined> {
    const { rows } = await this.db.query<ClubSeasonInvitation>(
      `SELECT ${columns} FROM ${joins} WHERE i.id = $1 AND i.kind = '${CLUB_SEASON_KIND}'`,
      [invitationId],
    );
    return rows[0];
  }

  /** Every link of a group (the invitee's first, then the partner's). */
  async group(groupId: string): Promise<ClubSeasonInvitation[]> {
    const { rows } = await this.db.query<ClubSeasonInvitation>(
      `SELECT ${columns} FROM ${joins} WHERE v.group_id = $1 AND i.kind = '${CLUB_SEASON_KIND}'
       ORDER BY (v.id = v.group_id) DESC`,
      [groupId],
    );
    return rows;
  }

  /** DESIGN.md §9 `GET invitations`: one item per invitee, newest first, with the partner's address. */
  async listOfSeason(seasonId: string, now: Date) {
    const { rows } = await this.db.query<{
      invitationId: string;
      email: string;
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
       ORDER BY v.invited_at DESC, i.email`,
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
        email: row.email,
        ...(row.fullName ? { fullName: row.fullName } : {}),
        ...(row.partnerEmail ? { partnerEmail: row.partnerEmail } : {}),
        state,
        invitedAt: row.invitedAt.toISOString(),
        expiresAt,
      };
    });
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
