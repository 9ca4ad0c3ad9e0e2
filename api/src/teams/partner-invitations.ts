import { createHmac, timingSafeEqual } from 'node:crypto';
import type pg from 'pg';
import {
  openPartnerInvitationsFor,
  partnerInvitationById,
  partnerInvitationOfTeam,
  type PartnerInvitation,
} from '@courtside/projector/teams/partner-invitation-queries';
import { HttpError } from '../http/http-error.ts';
import type { Mailer } from '../mail/mailer.ts';

export type { PartnerInvitation };

type Queryable = Pick<pg.Pool, 'query'>;

/** The page of an invitation link (DESIGN.md §9). */
export const invitationPage = (locale: string, token: string) =>
  `/webapps/account/${locale}/invitation/${encodeURIComponent(token)}`;

/**
 * An invitation link's token: the invitation's id and an HMAC of it, so the link can be made again (a resend is the
 * same link) and nothing secret is stored. Its state (open, used, withdrawn, lapsed) is the read model's.
 */
export function invitationToken(secret: string, invitationId: string): string {
  return `${invitationId}.${signature(secret, invitationId)}`;
}

/** An invitation's id as the api makes them (randomUUID). */
const INVITATION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The invitation id of a genuine token; undefined for anything else (never throws). Only an id the api could have
 * made counts, whatever the signature says: the lookups that follow take uuids.
 */
export function invitationIdOf(secret: string, token: string): string | undefined {
  const [id, given, extra] = token.split('.');
  if (!id || !given || extra !== undefined || !INVITATION_ID.test(id)) return undefined;
  const expected = Buffer.from(signature(secret, id));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual) ? id : undefined;
}

function signature(secret: string, id: string): string {
  return createHmac('sha256', secret).update(`invitation.${id}`).digest('base64url');
}

/**
 * The partner requests' addresses (`courtside.invitations`, the api's table) read with their state from the read
 * models (projector/src/teams/partner-invitation-queries.ts), on the read models' connections (their search path).
 */
export class PartnerInvitations {
  constructor(private readonly db: Queryable) {}

  async record(invitation: {
    invitationId: string;
    email: string;
    companyId: string;
    seasonId: string;
    teamId: string;
    invitedBy: string;
    at: Date;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO courtside.invitations (id, kind, email, company_id, season_id, team_id, invited_by, created_at)
       VALUES ($1, 'season', $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      [
        invitation.invitationId,
        invitation.email,
        invitation.companyId,
        invitation.seasonId,
        invitation.teamId,
        invitation.invitedBy,
        invitation.at,
      ],
    );
  }

  /** How many invitations an account sent since a moment (a limit on mail to addresses that never asked for it). */
  async sentSince(accountId: string, since: Date): Promise<number> {
    const { rows } = await this.db.query<{ sent: number }>(
      'SELECT count(*)::int AS sent FROM courtside.invitations WHERE invited_by = $1 AND created_at > $2',
      [accountId, since],
    );
    return rows[0]?.sent ?? 0;
  }

  byId(invitationId: string): Promise<PartnerInvitation | undefined> {
    return partnerInvitationById(this.db, invitationId);
  }

  byTeam(teamId: string): Promise<PartnerInvitation | undefined> {
    return partnerInvitationOfTeam(this.db, teamId);
  }

  /** The open requests sent to an address, newest first: what the addressee may answer. */
  openFor(email: string, now: Date): Promise<PartnerInvitation[]> {
    return openPartnerInvitationsFor(this.db, email, now);
  }
}

/** Partner requests (mails to named partners, for a season or a tournament) one player may send in 24 hours. */
export const PARTNER_REQUESTS_PER_DAY = 10;

/** Each request mails an address that did not ask for it: a player sends a few a day, not a mail run (429). */
export async function withinPartnerRequestLimit(
  invitations: Pick<PartnerInvitations, 'sentSince'>,
  accountId: string,
  now: Date,
): Promise<void> {
  const day = 24 * 60 * 60 * 1000;
  const sent = await invitations.sentSince(accountId, new Date(now.getTime() - day));
  if (sent >= PARTNER_REQUESTS_PER_DAY) {
    throw new HttpError(429, 'You asked too many partners today: try again tomorrow', undefined, {
      'Retry-After': String(day / 1000),
    });
  }
}

/**
 * The invitation mail to a named partner, in English and Dutch (the address may have no account, so no language is
 * known). Sent to every well-formed address alike: the answer to the registrant never says whether it has an account.
 */
export async function mailPartnerInvitation(
  mailer: Mailer,
  invitation: {
    email: string;
    invitedBy: string;
    ladderName: string;
    seasonName: string;
    link: (locale: string) => string;
  },
): Promise<void> {
  const { email, invitedBy, ladderName, seasonName, link } = invitation;
  const who = invitedBy || 'A player';
  const wie = invitedBy || 'Een speler';
  await mailer.send({
    to: email,
    subject: `${who} asks you to play ${ladderName} together`,
    text:
      `${who} would like to play ${ladderName} (${seasonName}) with you as a team.\n\n` +
      `Accept or decline: ${link('en')}\n\n` +
      'Nothing is shared with the club until you accept. Without an answer the request lapses in 14 days.\n\n' +
      '---\n\n' +
      `${wie} wil ${ladderName} (${seasonName}) samen met jou spelen als team.\n\n` +
      `Accepteer of weiger: ${link('nl')}\n\n` +
      'De club ziet niets van jou tot je accepteert. Zonder antwoord vervalt het verzoek na 14 dagen.',
  });
}
