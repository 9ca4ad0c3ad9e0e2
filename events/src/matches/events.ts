import { z } from 'zod';
import { defineEvent, type DomainEventOf, type EventOf, type NewEventOf } from '../event-registry.ts';
import { specials } from './scoring.ts';
import { LOCAL_DATE_TIME } from './match-dates.ts';

/**
 * `tournamentId`: a knockout's draw match (DESIGN.md §16). Such a match has no season: its tournament stands in as
 * its season and ladder (`seasonId` and `ladderId` are the tournament's id), so every reader of a match keeps working
 * (docs/decisions/tournaments.md "A draw match is a match of its tournament").
 */
const matchRef = {
  matchId: z.uuid(),
  seasonId: z.uuid(),
  ladderId: z.uuid(),
  tournamentId: z.uuid().optional(),
};
const recordedSide = z.object({
  matchSets: z
    .array(
      z.object({
        score: z.number().int().min(0).nullable(),
        tiebreakScore: z.number().int().min(0).optional(),
      }),
    )
    .max(5),
  special: z.enum(specials),
});

export const matchCreated = defineEvent({
  type: 'MatchCreated',
  schemaVersion: 1,
  // `challengeId`: the accepted (or walked-over) challenge this match plays out (DESIGN.md §5).
  payload: z.object({
    ...matchRef,
    defenderId: z.uuid(),
    challengerId: z.uuid(),
    challengeId: z.uuid().optional(),
  }),
});
/** The games as entered; winners and status are recomputed from them by the shared scoring rules. */
/**
 * `pending`: entered by a player (DESIGN.md §5 "Results and confirmation"), it waits for the other side until
 * `dueAt`; without it the result counts at once (a manager's, the system's, or with `confirmHours` 0).
 */
export const matchResultRecorded = defineEvent({
  type: 'MatchResultRecorded',
  schemaVersion: 1,
  payload: z.object({
    ...matchRef,
    defender: recordedSide,
    challenger: recordedSide,
    pending: z
      .object({
        enteredBy: z.uuid(),
        side: z.enum(['defender', 'challenger']),
        dueAt: z.iso.datetime({ offset: true }),
      })
      .optional(),
  }),
});
/** The pending or disputed result counts: the other side agreed, a manager settled it, or the time ran out. */
export const resultConfirmed = defineEvent({
  type: 'ResultConfirmed',
  schemaVersion: 1,
  payload: z.object({ ...matchRef, confirmedBy: z.string().min(1) }),
});
export const resultDisputed = defineEvent({
  type: 'ResultDisputed',
  schemaVersion: 1,
  payload: z
    .object({
      ...matchRef,
      disputedBy: z.uuid(),
      /** Older events carry the text itself (they keep it: docs/decisions/history-and-erasure.md). */
      reason: z.string().min(1).max(500).optional(),
      /** Since self-service erasure the text is kept beside the log (`dispute_reasons`): the event holds its id and SHA-256. */
      reasonId: z.uuid().optional(),
      reasonSha256: z
        .string()
        .regex(/^[0-9a-f]{64}$/)
        .optional(),
    })
    .refine(
      (payload) =>
        payload.reason !== undefined ||
        (payload.reasonId !== undefined && payload.reasonSha256 !== undefined),
      'A dispute carries its reason, or the id and SHA-256 of its reason kept beside the log',
    ),
});
/**
 * DESIGN.md §13: the point that ended a match scored live was taken back while its result still waited for the
 * other side. The match is live again, without a result; what the pending result had started (its confirmation
 * deadline, its place in the ratings) is gone with it.
 */
export const resultWithdrawn = defineEvent({
  type: 'ResultWithdrawn',
  schemaVersion: 1,
  payload: z.object({ ...matchRef, withdrawnBy: z.uuid() }),
});
export const matchRescheduled = defineEvent({
  type: 'MatchRescheduled',
  schemaVersion: 1,
  payload: z.object({
    ...matchRef,
    date: z.string().regex(LOCAL_DATE_TIME).nullable(),
  }),
});
export const matchCancelled = defineEvent({
  type: 'MatchCancelled',
  schemaVersion: 1,
  payload: z.object(matchRef),
});
/**
 * DESIGN.md §9 "Results, places": where the match is played. The text is written by a person, so it stays out of
 * the log (docs/decisions/matches-and-live-scoring.md "A match's location"): the event names the row of the api's `match_locations` table
 * that holds it, or `null` when the location is cleared.
 */
export const matchLocationSet = defineEvent({
  type: 'MatchLocationSet',
  schemaVersion: 1,
  payload: z.object({ ...matchRef, locationId: z.uuid().nullable() }),
});
/** DESIGN.md §4: a challenger who first beats a defender standing above takes the defender's place. */
export const challengerLeapfrogged = defineEvent({
  type: 'ChallengerLeapfrogged',
  schemaVersion: 1,
  payload: z.object({
    ...matchRef,
    challengerId: z.uuid(),
    defenderId: z.uuid(),
    fromPosition: z.number().int(),
    toPosition: z.number().int(),
  }),
});

/** SWAP movement (DESIGN.md §5): the challenger who beat a defender standing above trades places with it. */
export const challengerSwapped = defineEvent({
  type: 'ChallengerSwapped',
  schemaVersion: 1,
  payload: z.object({
    ...matchRef,
    challengerId: z.uuid(),
    defenderId: z.uuid(),
    fromPosition: z.number().int(),
    toPosition: z.number().int(),
  }),
});

export const matchEvents = [
  matchCreated,
  matchResultRecorded,
  matchRescheduled,
  matchCancelled,
  challengerLeapfrogged,
  resultConfirmed,
  resultDisputed,
  challengerSwapped,
  matchLocationSet,
  resultWithdrawn,
] as const;

export type MatchEvent = EventOf<(typeof matchEvents)[number]>;

/** The match events as `decide` emits them and `evolve` folds them, inferred from the schemas above. */
export type MatchNewEvent = NewEventOf<(typeof matchEvents)[number]>;
export type MatchDomainEvent = DomainEventOf<(typeof matchEvents)[number]>;
