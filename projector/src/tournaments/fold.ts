import type { EventEnvelope } from '@courtside/events/envelope';
import { tournamentEvents, type TournamentDomainEvent } from '@courtside/events/tournaments/events';
import type { ReadModelRows } from '../rebuild/rows.ts';

const tournamentTypes: ReadonlySet<string> = new Set(tournamentEvents.map((event) => event.type));

/** tournamentsProjection's effect on rows held in memory (a rebuild: rebuild/in-memory-rebuild.ts). */
export function foldTournaments(rows: ReadModelRows, envelope: EventEnvelope): void {
  if (!tournamentTypes.has(envelope.type)) return;
  const event = envelope as TournamentDomainEvent;
  const { tournamentId } = event.payload;
  const at = envelope.occurredAt;
  if (event.type === 'TournamentCreated') {
    if (rows.tournaments.has(tournamentId)) return;
    const p = event.payload;
    rows.tournaments.set(tournamentId, {
      id: tournamentId,
      company_id: envelope.companyId,
      name_id: p.nameId,
      format: p.format,
      sports_category: p.sportsCategory,
      starts_at: p.startsAt,
      entry_mode: p.entries,
      max_entrants: p.maxEntrants,
      plate: p.plate,
      courts: p.courts,
      planned_rounds: p.rounds ?? null,
      points_per_game: p.pointsPerGame,
      status: 'entry',
      seeding: null,
      draw_order: [],
      bracket: null,
      entries: [],
      rounds: [],
      scores: {},
      invitations: [],
      created_at: at,
      updated_at: at,
    });
    return;
  }
  const row = rows.tournaments.get(tournamentId);
  if (!row || row.company_id !== envelope.companyId) return;
  row.updated_at = at;
  switch (event.type) {
    case 'TournamentEntered': {
      const { entryId, memberIds } = event.payload;
      row.entries.push({ entryId, memberIds });
      return;
    }
    case 'TournamentPlayerAdded': {
      const { entryId, playerId, fromRound } = event.payload;
      row.entries.push({ entryId, memberIds: [playerId], fromRound });
      return;
    }
    case 'TournamentEntryWithdrawn':
      row.entries = row.entries.filter((entry) => entry.entryId !== event.payload.entryId);
      return;
    case 'TournamentDrawn': {
      const { seeding, order, bracket } = event.payload;
      Object.assign(row, {
        status: 'running',
        seeding,
        draw_order: order,
        bracket: bracket ?? null,
        rounds: [],
        scores: {},
      });
      return;
    }
    case 'TournamentRoundMade': {
      const { tournamentId: _id, ...round } = event.payload;
      row.rounds = [...row.rounds.filter((r) => r.round !== round.round), round].sort(
        (a, b) => a.round - b.round,
      );
      return;
    }
    case 'TournamentGameScored': {
      const { gameId, pointsA, pointsB } = event.payload;
      row.scores = { ...row.scores, [gameId]: { pointsA, pointsB } };
      return;
    }
    case 'TournamentInvited': {
      const { tournamentId: _id, ...invitation } = event.payload;
      if (row.invitations.some((known) => known.invitationId === invitation.invitationId)) return;
      row.invitations.push({ ...invitation, state: 'open' });
      return;
    }
    case 'TournamentInvitationClosed': {
      const { invitationId, outcome } = event.payload;
      row.invitations = row.invitations.map((known) =>
        known.invitationId === invitationId && known.state === 'open' ? { ...known, state: outcome } : known,
      );
      return;
    }
    case 'TournamentFinished':
      row.status = 'finished';
      return;
    case 'TournamentDeleted':
      rows.tournaments.delete(tournamentId);
      return;
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled ${(unhandled as { type: string }).type}`);
    }
  }
}
