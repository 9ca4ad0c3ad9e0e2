import type { EventEnvelope } from '@courtside/events/envelope';
import { isoDay } from '@courtside/events/ladders/season-rules';
import { seasonTeamsDecider, type TeamDomainEvent } from '@courtside/events/teams/decider';
import { teamEvents, type TeamEvent } from '@courtside/events/teams/events';
import { foldPause } from '@courtside/events/teams/pause';
import { acceptTeam, dropBelow, moveTeam, removeTeam } from '@courtside/events/teams/positions';
import { isInvitationEvent } from './projection.ts';
import { CannotFold, type ReadModelRows, type TeamRow } from '../rebuild/rows.ts';

const handled = new Set<string>(teamEvents.map((definition) => definition.type));

/** activeOrder of teams/projection.ts: the active teams of a season by position (NULL last), then id. */
export function foldedActiveOrder(rows: ReadModelRows, seasonId: string): string[] {
  const active: TeamRow[] = [];
  for (const id of rows.teamsBySeason.get(seasonId) ?? []) {
    const team = rows.teams.get(id)!;
    if (team.status === 'active') active.push(team);
  }
  return active
    .sort(
      (a, b) =>
        (a.position ?? Infinity) - (b.position ?? Infinity) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    )
    .map((team) => team.id);
}

/** writeOrder of teams/projection.ts: positions 1..N, and how far each team that had a place moved. */
export function foldOrder(rows: ReadModelRows, order: readonly string[]): void {
  order.forEach((id, index) => {
    const team = rows.teams.get(id);
    const position = index + 1;
    if (!team || team.position === position) return;
    if (team.position !== null) team.movement = team.position - position;
    team.position = position;
  });
}

/** applyInvitation of teams/projection.ts on rows in memory. */
function foldInvitation(
  rows: ReadModelRows,
  event: Parameters<typeof isInvitationEvent>[0] & {
    type: 'PlayersInvited' | 'InvitationRevoked' | 'InvitationAccepted';
  },
): void {
  switch (event.type) {
    case 'PlayersInvited': {
      const { seasonId, ladderId, placement, expiresAt, invitations } = event.payload;
      const row = (id: string, groupId: string, otherId: string | null, teamId: string) => {
        if (rows.seasonInvitations.has(id)) return;
        rows.seasonInvitations.set(id, {
          id,
          group_id: groupId,
          other_id: otherId,
          team_id: teamId,
          season_id: seasonId,
          ladder_id: ladderId,
          company_id: event.companyId,
          placement,
          state: 'pending',
          invited_at: event.occurredAt,
          expires_at: expiresAt,
          accepted_by: null,
          answered_at: null,
        });
      };
      for (const { invitationId, teamId, partnerInvitationId } of invitations) {
        row(invitationId, invitationId, partnerInvitationId ?? null, teamId);
        if (partnerInvitationId) row(partnerInvitationId, invitationId, invitationId, teamId);
      }
      return;
    }
    case 'InvitationRevoked':
      for (const invitation of rows.seasonInvitations.values()) {
        if (invitation.group_id === event.payload.invitationId && invitation.state === 'pending') {
          Object.assign(invitation, { state: 'revoked', answered_at: event.occurredAt });
        }
      }
      return;
    case 'InvitationAccepted': {
      const invitation = rows.seasonInvitations.get(event.payload.invitationId);
      if (invitation?.state !== 'pending') return;
      Object.assign(invitation, {
        state: 'accepted',
        accepted_by: event.payload.accountId,
        answered_at: event.occurredAt,
      });
      return;
    }
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}

/** teamsProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldTeams(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!handled.has(envelope.type)) return;
  const all = envelope as TeamEvent;
  if (isInvitationEvent(all)) {
    foldInvitation(rows, all);
    return;
  }
  const event = all;
  const { teamId, seasonId } = event.payload;
  const day = isoDay(new Date(event.occurredAt));
  // The teams decider's own fold decides a status change, as in the projection.
  const transition = (): TeamRow | undefined => {
    const team = rows.teams.get(teamId);
    if (!team) return undefined;
    const before = { teams: { [teamId]: { teamId, memberIds: [], status: team.status } } };
    const after = seasonTeamsDecider.evolve(before, event as TeamDomainEvent).teams[teamId]!;
    if (after.status === team.status) return undefined;
    team.status = after.status;
    return team;
  };

  const answered = (requestId: string, state: string, partnerId: string | null = null) => {
    const request = rows.partnerRequests.get(teamId);
    if (request?.state !== 'open' || request.id !== requestId) return;
    Object.assign(request, { state, partner_id: partnerId, answered_at: event.occurredAt });
  };

  switch (event.type) {
    case 'PartnerRequested': {
      if (rows.partnerRequests.has(teamId)) return;
      const { requestId, ladderId, registrantId, lapsesAt } = event.payload;
      rows.partnerRequests.set(teamId, {
        team_id: teamId,
        id: requestId,
        season_id: seasonId,
        ladder_id: ladderId,
        company_id: event.companyId,
        registrant_id: registrantId,
        partner_id: null,
        state: 'open',
        requested_at: event.occurredAt,
        lapses_at: lapsesAt,
        answered_at: null,
      });
      return;
    }
    case 'PartnerRequestAccepted':
      answered(event.payload.requestId, 'accepted', event.payload.partnerId);
      return;
    case 'PartnerRequestDeclined':
      answered(event.payload.requestId, 'declined');
      return;
    case 'PartnerRequestWithdrawn':
      answered(event.payload.requestId, 'withdrawn');
      return;
    case 'PartnerRequestLapsed':
      answered(event.payload.requestId, 'lapsed');
      return;
    case 'TeamRegistered': {
      if (rows.teams.has(teamId)) return;
      const members = event.payload.memberIds;
      // team_members' primary key refuses a player twice in one team: the projection's statement fails there.
      if (new Set(members).size !== members.length) throw new CannotFold('a team with the same member twice');
      rows.teams.set(teamId, {
        id: teamId,
        season_id: seasonId,
        ladder_id: event.payload.ladderId,
        company_id: event.companyId,
        status: 'waiting',
        position: null,
        registered_at: event.occurredAt,
        join_date: null,
        leave_date: null,
        left_position: null,
        movement: 0,
        last_dropped_at: null,
        paused_until: null,
        pauses: [],
      });
      const season = rows.teamsBySeason.get(seasonId) ?? new Set<string>();
      rows.teamsBySeason.set(seasonId, season.add(teamId));
      rows.teamMembers.set(
        teamId,
        members.map((account, index) => ({ team_id: teamId, account_id: account, member_order: index + 1 })),
      );
      return;
    }
    case 'TeamAccepted': {
      const order = foldedActiveOrder(rows, seasonId);
      const team = transition();
      if (!team) return;
      team.join_date = day;
      foldOrder(rows, acceptTeam(order, teamId));
      return;
    }
    case 'TeamRejected':
      transition();
      return;
    case 'TeamRemoved': {
      const order = foldedActiveOrder(rows, seasonId);
      const team = transition();
      if (!team) return;
      team.leave_date = day;
      team.left_position = team.position;
      team.position = null;
      foldOrder(rows, removeTeam(order, teamId));
      return;
    }
    case 'TeamPositionChanged': {
      const order = foldedActiveOrder(rows, seasonId);
      if (!order.includes(teamId)) return;
      foldOrder(rows, moveTeam(order, teamId, event.payload.position));
      return;
    }
    case 'TeamDroppedForInactivity': {
      const order = foldedActiveOrder(rows, seasonId);
      const index = order.indexOf(teamId);
      const passedBy = event.payload.passedBy;
      if (index < 0 || order[index + 1] !== passedBy) return;
      foldOrder(rows, dropBelow(order, teamId, passedBy));
      rows.teams.get(teamId)!.last_dropped_at = event.payload.droppedAt;
      return;
    }
    case 'TeamPaused':
    case 'TeamResumed': {
      const team = rows.teams.get(teamId);
      if (!team) return;
      const after = foldPause(
        { pauses: team.pauses, ...(team.paused_until ? { pausedUntil: team.paused_until } : {}) },
        event,
      );
      team.paused_until = after.pausedUntil ?? null;
      team.pauses = after.pauses;
      return;
    }
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}
