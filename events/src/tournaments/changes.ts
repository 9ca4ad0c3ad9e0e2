import type { TournamentDomainEvent } from './events.ts';

/** What a page of the tournament reloads after an event (DESIGN.md §16 `tournament.updated`, its `changed`). */
export type TournamentChange = 'entries' | 'draw' | 'round' | 'game' | 'leaderboard';

/**
 * The parts of a tournament an event changes: the live push's `changed` (projector/src/tournaments/projection.ts) and
 * the webhook's (events/src/webhooks/changes.ts) alike. None for a creation: there is nothing to read again yet.
 */
export function tournamentChangesOf(event: Pick<TournamentDomainEvent, 'type'>): TournamentChange[] {
  const type = event.type;
  switch (type) {
    // An invitation shows nowhere public until it is accepted (its entry's event says so then).
    case 'TournamentCreated':
    case 'TournamentInvited':
    case 'TournamentInvitationClosed':
      return [];
    case 'TournamentEntered':
    case 'TournamentEntryWithdrawn':
    case 'TournamentPlayerAdded':
    case 'TournamentDeleted':
      return ['entries'];
    case 'TournamentDrawn':
      return ['draw'];
    case 'TournamentRoundMade':
      return ['round'];
    case 'TournamentGameScored':
      return ['game', 'leaderboard'];
    case 'TournamentFinished':
      return ['draw', 'leaderboard'];
    default: {
      const unhandled: never = type;
      throw new Error(`unhandled ${String(unhandled)}`);
    }
  }
}
