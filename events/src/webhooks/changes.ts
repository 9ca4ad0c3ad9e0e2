import type { BoxEvent } from '../boxes/events.ts';
import type { ProductEvent } from '../notifications/notify.ts';
import type { EventOf } from '../event-registry.ts';
import type { tournamentEvents } from '../tournaments/events.ts';
import { tournamentChangesOf, type TournamentChange } from '../tournaments/changes.ts';

/**
 * DESIGN.md §18: the types of change an endpoint may ask for. Every tournament event is one `tournament.updated`
 * whose `changed` is the live push's (events/src/tournaments/changes.ts); a knockout's draw match is a match
 * (`match.completed` with its `tournamentId`). `ping` is the test delivery.
 */
export const webhookTypes = [
  'match.completed',
  'match.scheduled',
  'match.cancelled',
  'standings.changed',
  'team.joined',
  'team.left',
  'tournament.updated',
  'ping',
] as const;
export type WebhookType = (typeof webhookTypes)[number];

/** What a change is about: the data is read from the read models when the change is written to the outbox. */
export type WebhookSubject =
  | {
      kind: 'match';
      matchId: string;
      seasonId: string;
      /** A knockout's draw match: its tournament, which also stands in as its `seasonId` (DESIGN.md §16). */
      tournamentId?: string;
      /** The date the event set (`match.scheduled`): the change's own, not what a later change made of it. */
      date?: string;
    }
  | { kind: 'standings'; seasonId: string }
  | { kind: 'team'; seasonId: string; teamId: string }
  | { kind: 'tournament'; tournamentId: string; changed: TournamentChange[] };

/**
 * One change an endpoint may receive. `key` names it among the company's changes: an endpoint gets each key once.
 * A command that moves several teams (a leapfrog, a removal) is one `standings.changed`, keyed by the command.
 */
export interface WebhookChange {
  type: Exclude<WebhookType, 'ping'>;
  key: string;
  subject: WebhookSubject;
}

/** Every event of the log a webhook change may come from: each type is listed below, so none reaches the consumer unhandled. */
export type WebhookInput = ProductEvent | BoxEvent | EventOf<(typeof tournamentEvents)[number]>;

/** The changes an event of the log makes, in the order they are sent. Pure: the same event gives the same changes. */
export function webhookChangesOf(event: WebhookInput): WebhookChange[] {
  const standings = (seasonId: string): WebhookChange => ({
    type: 'standings.changed',
    key: `standings.changed:${event.correlationId}:${seasonId}`,
    subject: { kind: 'standings', seasonId },
  });
  const match = (
    type: WebhookChange['type'],
    payload: { matchId: string; seasonId: string; tournamentId?: string },
    date?: string,
  ) => ({
    type,
    key: `${type}:${event.id}`,
    subject: {
      kind: 'match' as const,
      matchId: payload.matchId,
      seasonId: payload.seasonId,
      ...(payload.tournamentId ? { tournamentId: payload.tournamentId } : {}),
      ...(date ? { date } : {}),
    },
  });
  switch (event.type) {
    case 'MatchResultRecorded':
      // A player's result waits for the other side (DESIGN.md §5): completed when it is confirmed.
      return event.payload.pending ? [] : [match('match.completed', event.payload)];
    case 'ResultConfirmed':
      return [match('match.completed', event.payload)];
    case 'MatchRescheduled':
      return event.payload.date === null ? [] : [match('match.scheduled', event.payload, event.payload.date)];
    case 'MatchLocationSet':
      return [match('match.scheduled', event.payload)];
    case 'MatchCancelled':
      return [match('match.cancelled', event.payload)];
    case 'TeamAccepted':
    case 'TeamRemoved': {
      const { seasonId, teamId } = event.payload;
      const type = event.type === 'TeamAccepted' ? 'team.joined' : 'team.left';
      return [
        { type, key: `${type}:${event.id}`, subject: { kind: 'team', seasonId, teamId } },
        standings(seasonId),
      ];
    }
    case 'TeamPositionChanged':
    case 'TeamDroppedForInactivity':
    case 'ChallengerLeapfrogged':
    case 'ChallengerSwapped':
      return [standings(event.payload.seasonId)];
    case 'CompanyCreated':
    case 'ManagerAdded':
    case 'ManagerInvited':
    case 'ManagerRemoved':
    case 'LadderCreated':
    case 'LadderUpdated':
    case 'LadderDeleted':
    case 'SeasonCreated':
    case 'SeasonUpdated':
    case 'SeasonDeleted':
    case 'SeasonFormatChanged':
    case 'SeasonRulesChanged':
    case 'TeamRegistered':
    case 'TeamRejected':
    case 'TeamPaused':
    case 'TeamResumed':
    case 'PartnerRequested':
    case 'PartnerRequestAccepted':
    case 'PartnerRequestDeclined':
    case 'PartnerRequestWithdrawn':
    case 'PartnerRequestLapsed':
    case 'PlayersInvited':
    case 'InvitationRevoked':
    case 'InvitationAccepted':
    case 'MatchCreated':
    case 'ResultDisputed':
    case 'ResultWithdrawn':
    case 'ChallengeIssued':
    case 'ChallengeAccepted':
    case 'ChallengeDeclined':
    case 'ChallengeExpired':
    case 'ChallengeWithdrawn':
    case 'LiveScoringStarted':
    case 'PointScored':
    case 'PointUndone':
    case 'LiveMatchEnded':
    case 'BoxesDrawn':
    case 'BoxesClosed':
    case 'TournamentInvited': // an entry by email: nothing a club's system sees until accepted (TournamentEntered)
    case 'TournamentInvitationClosed':
      return [];
    case 'TournamentCreated':
    case 'TournamentEntered':
    case 'TournamentEntryWithdrawn':
    case 'TournamentDrawn':
    case 'TournamentRoundMade':
    case 'TournamentGameScored':
    case 'TournamentPlayerAdded':
    case 'TournamentFinished':
    case 'TournamentDeleted': {
      // One change per event, even a creation's (nothing to read again yet: `changed` is empty).
      const { tournamentId } = event.payload;
      return [
        {
          type: 'tournament.updated',
          key: `tournament.updated:${event.id}`,
          subject: { kind: 'tournament', tournamentId, changed: tournamentChangesOf(event) },
        },
      ];
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** DESIGN.md §18: the waits after each failed attempt; after the last one the delivery has failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const;

/** An endpoint whose deliveries have failed for this long without a success in between is disabled. */
export const WEBHOOK_DISABLE_AFTER_MS = 3 * 24 * 3_600_000;

/**
 * What follows a failed attempt (`attempt` counts from 1): the next attempt's time, or none (the delivery failed),
 * and whether the endpoint is disabled now (failing since `failingSince`, the first failure after its last success).
 */
export function afterFailure(
  attempt: number,
  now: Date,
  failingSince: Date,
): { nextAttemptAt: Date | null; disable: boolean } {
  const delay = WEBHOOK_RETRY_DELAYS_MS[attempt - 1];
  return {
    nextAttemptAt: delay === undefined ? null : new Date(now.getTime() + delay),
    disable: now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS,
  };
}
