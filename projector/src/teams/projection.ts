import { fileURLToPath } from 'node:url';
import { isoDay } from '@courtside/events/ladders/season-rules';
import { teamEvents, type TeamEvent } from '@courtside/events/teams/events';
import {
  seasonTeamsDecider,
  type SeasonTeamsState,
  type TeamDomainEvent,
  type TeamStatus,
} from '@courtside/events/teams/decider';
import { foldPause, type PausePeriod } from '@courtside/events/teams/pause';
import { acceptTeam, dropBelow, moveTeam, removeTeam } from '@courtside/events/teams/positions';
import type { Projection, ProjectionContext } from '../projection.ts';

const handled = new Set<string>(teamEvents.map((definition) => definition.type));

/** The active teams of a season, position 1 first. */
export async function activeOrder(
  context: Pick<ProjectionContext, 'query'>,
  seasonId: string,
): Promise<string[]> {
  const { rows } = await context.query<{ id: string }>(
    "SELECT id FROM teams WHERE season_id = $1 AND status = 'active' ORDER BY position, id",
    [seasonId],
  );
  return rows.map((row) => row.id);
}

/** Writes positions 1..N from an order, in one statement. */
export function writeOrder(context: Pick<ProjectionContext, 'write'>, order: readonly string[]): void {
  if (order.length === 0) return;
  context.write(
    // A team that changes place keeps how far it moved (a team new on the ladder had no place: it did not move).
    `UPDATE teams SET position = ordered.position,
       movement = CASE WHEN teams.position IS NULL THEN teams.movement ELSE teams.position - ordered.position END
     FROM unnest($1::uuid[]) WITH ORDINALITY AS ordered(id, position)
     WHERE teams.id = ordered.id AND teams.position IS DISTINCT FROM ordered.position`,
    [order],
  );
}

type InvitationEvent = Extract<
  TeamEvent,
  { type: 'PlayersInvited' | 'InvitationRevoked' | 'InvitationAccepted' }
>;
const invitationTypes = new Set(['PlayersInvited', 'InvitationRevoked', 'InvitationAccepted']);
export const isInvitationEvent = (event: TeamEvent): event is InvitationEvent =>
  invitationTypes.has(event.type);

/** A manager's season invitations (DESIGN.md §9), as `evolveInvitations` folds them: nothing public changes. */
function applyInvitation(event: InvitationEvent, context: Pick<ProjectionContext, 'write'>): void {
  switch (event.type) {
    case 'PlayersInvited': {
      const { seasonId, ladderId, placement, expiresAt, invitations } = event.payload;
      const rows = invitations.flatMap(({ invitationId, teamId, partnerInvitationId }) => [
        [invitationId, invitationId, partnerInvitationId ?? null, teamId],
        ...(partnerInvitationId ? [[partnerInvitationId, invitationId, invitationId, teamId]] : []),
      ]);
      context.write(
        `INSERT INTO season_invitations (id, group_id, other_id, team_id, season_id, ladder_id, company_id,
           placement, state, invited_at, expires_at)
         SELECT r.id, r.group_id, r.other_id, r.team_id, $5, $6, $7, $8, 'pending', $9, $10
         FROM unnest($1::uuid[], $2::uuid[], $3::uuid[], $4::uuid[]) AS r(id, group_id, other_id, team_id)
         ON CONFLICT (id) DO NOTHING`,
        [
          rows.map((row) => row[0]),
          rows.map((row) => row[1]),
          rows.map((row) => row[2]),
          rows.map((row) => row[3]),
          seasonId,
          ladderId,
          event.companyId,
          placement,
          event.occurredAt,
          expiresAt,
        ],
      );
      return;
    }
    case 'InvitationRevoked':
      context.write(
        `UPDATE season_invitations SET state = 'revoked', answered_at = $2 WHERE group_id = $1 AND state = 'pending'`,
        [event.payload.invitationId, event.occurredAt],
      );
      return;
    case 'InvitationAccepted':
      context.write(
        `UPDATE season_invitations SET state = 'accepted', accepted_by = $2, answered_at = $3
         WHERE id = $1 AND state = 'pending'`,
        [event.payload.invitationId, event.payload.accountId, event.occurredAt],
      );
      return;
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}

/**
 * Teams in a season and their positions (DESIGN.md §4): statuses by the teams decider's `evolve`, positions by the
 * pure rules of events/teams/positions. An event that no longer applies (accepting a team that is active already)
 * changes nothing.
 */
export const teamsProjection: Projection = {
  name: 'teams',
  migrationsDir: fileURLToPath(new URL('./migrations', import.meta.url)),
  tables: ['teams', 'team_members', 'partner_requests', 'season_invitations'],
  async apply(envelope, context) {
    if (!handled.has(envelope.type)) return;
    const all = envelope as TeamEvent;
    if (isInvitationEvent(all)) {
      applyInvitation(all, context);
      return;
    }
    const event = all;
    const { teamId, seasonId } = event.payload;
    const day = isoDay(new Date(event.occurredAt));
    const changed = (...what: Array<'teams' | 'positions'>) =>
      context.push({
        room: `season:${seasonId}`,
        event: 'season.updated',
        data: { seasonId, changed: what },
      });
    // A status change is the teams decider's own fold (evolve), so live, replay and the rules agree on it.
    const transition = async (extra = '') => {
      const { rows } = await context.query<{ status: TeamStatus }>('SELECT status FROM teams WHERE id = $1', [
        teamId,
      ]);
      if (!rows[0]) return false;
      const before: SeasonTeamsState = {
        teams: { [teamId]: { teamId, memberIds: [], status: rows[0].status } },
      };
      const after = seasonTeamsDecider.evolve(before, event as TeamDomainEvent).teams[teamId]!;
      if (after.status === rows[0].status) return false;
      context.write(`UPDATE teams SET status = $2${extra} WHERE id = $1`, [
        teamId,
        after.status,
        ...(extra ? [day] : []),
      ]);
      return true;
    };

    // A partner request's answer: only while open, and only for the request the team's row was made by.
    const answered = (requestId: string, state: string, partnerId: string | null = null) =>
      context.write(
        `UPDATE partner_requests SET state = $3, partner_id = $4, answered_at = $5
         WHERE team_id = $1 AND id = $2 AND state = 'open'`,
        [teamId, requestId, state, partnerId, event.occurredAt],
      );

    switch (event.type) {
      case 'PartnerRequested':
        // Nothing public changes (no push): the request is the two players' business until the partner agrees.
        context.write(
          `INSERT INTO partner_requests
             (team_id, id, season_id, ladder_id, company_id, registrant_id, state, requested_at, lapses_at)
           VALUES ($1, $2, $3, $4, $5, $6, 'open', $7, $8) ON CONFLICT (team_id) DO NOTHING`,
          [
            teamId,
            event.payload.requestId,
            seasonId,
            event.payload.ladderId,
            event.companyId,
            event.payload.registrantId,
            event.occurredAt,
            event.payload.lapsesAt,
          ],
        );
        break;
      case 'PartnerRequestAccepted':
        answered(event.payload.requestId, 'accepted', event.payload.partnerId);
        break;
      case 'PartnerRequestDeclined':
        answered(event.payload.requestId, 'declined');
        break;
      case 'PartnerRequestWithdrawn':
        answered(event.payload.requestId, 'withdrawn');
        break;
      case 'PartnerRequestLapsed':
        answered(event.payload.requestId, 'lapsed');
        break;
      case 'TeamRegistered': {
        const { rowCount } = await context.query(
          `INSERT INTO teams (id, season_id, ladder_id, company_id, status, registered_at)
           VALUES ($1, $2, $3, $4, 'waiting', $5) ON CONFLICT (id) DO NOTHING`,
          [teamId, seasonId, event.payload.ladderId, event.companyId, event.occurredAt],
        );
        if (!rowCount) break;
        context.write(
          `INSERT INTO team_members (team_id, account_id, member_order)
           SELECT $1, member, ord FROM unnest($2::uuid[]) WITH ORDINALITY AS m(member, ord)`,
          [teamId, event.payload.memberIds],
        );
        changed('teams');
        break;
      }
      case 'TeamAccepted': {
        const order = await activeOrder(context, seasonId);
        if (!(await transition(', join_date = $3'))) break;
        writeOrder(context, acceptTeam(order, teamId));
        changed('teams', 'positions');
        break;
      }
      case 'TeamRejected':
        if (await transition()) changed('teams');
        break;
      case 'TeamRemoved': {
        const order = await activeOrder(context, seasonId);
        // The right-hand sides read the row as it was: the team keeps the place it left from (spec §3).
        if (!(await transition(', leave_date = $3, left_position = position, position = NULL'))) break;
        writeOrder(context, removeTeam(order, teamId));
        changed('teams', 'positions');
        break;
      }
      case 'TeamPositionChanged': {
        const order = await activeOrder(context, seasonId);
        if (!order.includes(teamId)) break;
        writeOrder(context, moveTeam(order, teamId, event.payload.position));
        changed('positions');
        break;
      }
      case 'TeamDroppedForInactivity': {
        const order = await activeOrder(context, seasonId);
        const index = order.indexOf(teamId);
        // Only as decided: the team that passes it still stands right below it.
        if (index < 0 || order[index + 1] !== event.payload.passedBy) break;
        writeOrder(context, dropBelow(order, teamId, event.payload.passedBy));
        context.write('UPDATE teams SET last_dropped_at = $2 WHERE id = $1', [
          teamId,
          event.payload.droppedAt,
        ]);
        changed('positions');
        break;
      }
      case 'TeamPaused':
      case 'TeamResumed': {
        // The pause rules' own fold (events/teams/pause.ts), as the decider and the in-memory rebuild use it.
        const { rows } = await context.query<{ pausedUntil: string | null; pauses: PausePeriod[] }>(
          `SELECT to_char(paused_until, 'YYYY-MM-DD') AS "pausedUntil", pauses FROM teams WHERE id = $1`,
          [teamId],
        );
        const team = rows[0];
        if (!team) break;
        const after = foldPause(
          { pauses: team.pauses, ...(team.pausedUntil ? { pausedUntil: team.pausedUntil } : {}) },
          event,
        );
        context.write('UPDATE teams SET paused_until = $2, pauses = $3 WHERE id = $1', [
          teamId,
          after.pausedUntil ?? null,
          JSON.stringify(after.pauses),
        ]);
        changed('teams');
        break;
      }
      default: {
        const unhandled: never = event;
        throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
      }
    }
  },
};
