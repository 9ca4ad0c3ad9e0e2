import { z } from 'zod';
import { defineEvent, type DomainEventOf, type NewEventOf } from '../event-registry.ts';
import { sportsCategorySchema } from '../ladders/model.ts';
import { LOCAL_DATE_TIME } from '../matches/match-dates.ts';
import { entryModes, LIMITS, seedings, tournamentFormats } from './model.ts';

const ref = { tournamentId: z.uuid() };
const pair = z.tuple([z.uuid(), z.uuid()]);
const points = z.number().int().min(0).max(LIMITS.maxPoints);

/**
 * A company's tournament (DESIGN.md §16). Its name is free text typed by a person, so it is kept beside the log
 * (the api's `tournament_names`): the event names the row and its SHA-256 (docs/decisions/tournaments.md).
 */
export const tournamentCreated = defineEvent({
  type: 'TournamentCreated',
  schemaVersion: 1,
  payload: z.object({
    ...ref,
    companyId: z.uuid(),
    nameId: z.uuid(),
    nameSha256: z.string().regex(/^[0-9a-f]{64}$/),
    format: z.enum(tournamentFormats),
    sportsCategory: sportsCategorySchema,
    startsAt: z.string().regex(LOCAL_DATE_TIME),
    entries: z.enum(entryModes),
    maxEntrants: z.number().int().min(LIMITS.minEntrants).max(LIMITS.maxEntrants),
    plate: z.boolean(),
    courts: z.number().int().min(LIMITS.minCourts).max(LIMITS.maxCourts),
    rounds: z.number().int().min(1).optional(),
    pointsPerGame: z.number().int().min(LIMITS.minPoints).max(LIMITS.maxPoints),
  }),
});

/** A side entered (one player, or two for a doubles knockout), by themselves or by a manager. */
export const tournamentEntered = defineEvent({
  type: 'TournamentEntered',
  schemaVersion: 1,
  payload: z.object({ ...ref, entryId: z.uuid(), memberIds: z.array(z.uuid()).min(1).max(2) }),
});

export const tournamentEntryWithdrawn = defineEvent({
  type: 'TournamentEntryWithdrawn',
  schemaVersion: 1,
  payload: z.object({ ...ref, entryId: z.uuid() }),
});

const bracketMatch = z.object({
  matchId: z.uuid(),
  round: z.number().int().min(1),
  /** 1-based, top to bottom, among the round's places (a bye's place has no match). */
  position: z.number().int().min(1),
  /** A side the draw placed here (round 1, or a seed with a bye in round 2); absent: the winner of the feeder. */
  sideA: z.uuid().optional(),
  sideB: z.uuid().optional(),
});

/**
 * The draw (again: it replaces the draw and rounds made before). `order`: the entries in seed order. A knockout
 * carries its bracket (and plate); a club night's rounds come as TournamentRoundMade events of the same command.
 */
export const tournamentDrawn = defineEvent({
  type: 'TournamentDrawn',
  schemaVersion: 1,
  payload: z.object({
    ...ref,
    seeding: z.enum(seedings),
    order: z.array(z.uuid()).min(2),
    bracket: z
      .object({
        slots: z.number().int().min(2),
        matches: z.array(bracketMatch).min(1),
        plate: z
          .object({
            /** The main-draw matches whose loser plays the plate if it was their first played match, by slot. */
            feeders: z.array(z.uuid()).min(2),
            slots: z.number().int().min(2),
            matches: z.array(bracketMatch).min(1),
          })
          .optional(),
      })
      .optional(),
  }),
});

/** A club night's round, made (again: a later one for the same number replaces it, around a late arrival). */
export const tournamentRoundMade = defineEvent({
  type: 'TournamentRoundMade',
  schemaVersion: 1,
  payload: z.object({
    ...ref,
    round: z.number().int().min(1),
    games: z
      .array(z.object({ gameId: z.uuid(), court: z.number().int().min(1), sideA: pair, sideB: pair }))
      .min(1),
    sittingOut: z.array(z.uuid()),
  }),
});

/** A club-night game's result (again: a correction replaces it). */
export const tournamentGameScored = defineEvent({
  type: 'TournamentGameScored',
  schemaVersion: 1,
  payload: z.object({
    ...ref,
    gameId: z.uuid(),
    round: z.number().int().min(1),
    pointsA: points,
    pointsB: points,
  }),
});

/** A late arrival at a club night, playing from `fromRound`. */
export const tournamentPlayerAdded = defineEvent({
  type: 'TournamentPlayerAdded',
  schemaVersion: 1,
  payload: z.object({ ...ref, entryId: z.uuid(), playerId: z.uuid(), fromRound: z.number().int().min(1) }),
});

/**
 * DESIGN.md §16 with §9 "Partners agree first" and "Inviting players": an address asked to enter, by a player as their
 * doubles partner (`registrantId`) or by a manager (no `registrantId`). The address lives beside the log in the api's
 * `courtside.invitations` (kind `tournament`, keyed by `invitationId`); the entry `entryId` forms only on acceptance
 * (`TournamentEntered`, or `TournamentPlayerAdded` for a club night's late arrival).
 */
export const tournamentInvited = defineEvent({
  type: 'TournamentInvited',
  schemaVersion: 1,
  payload: z.object({
    ...ref,
    invitationId: z.uuid(),
    entryId: z.uuid(),
    registrantId: z.uuid().optional(),
    lapsesAt: z.iso.datetime({ offset: true }),
  }),
});

/**
 * The invitation is answered or over: accepted (its entry follows), declined by the addressee (recorded by the
 * system: who said no is nobody else's business), withdrawn by the registrant or a manager, or lapsed unanswered
 * after 14 days (the deadline process, actor `system`).
 */
export const tournamentInvitationClosed = defineEvent({
  type: 'TournamentInvitationClosed',
  schemaVersion: 1,
  payload: z.object({
    ...ref,
    invitationId: z.uuid(),
    outcome: z.enum(['accepted', 'declined', 'withdrawn', 'lapsed']),
  }),
});

export const tournamentFinished = defineEvent({
  type: 'TournamentFinished',
  schemaVersion: 1,
  payload: z.object(ref),
});

export const tournamentDeleted = defineEvent({
  type: 'TournamentDeleted',
  schemaVersion: 1,
  payload: z.object(ref),
});

export const tournamentEvents = [
  tournamentCreated,
  tournamentEntered,
  tournamentEntryWithdrawn,
  tournamentDrawn,
  tournamentRoundMade,
  tournamentGameScored,
  tournamentPlayerAdded,
  tournamentInvited,
  tournamentInvitationClosed,
  tournamentFinished,
  tournamentDeleted,
] as const;

export type TournamentDomainEvent = DomainEventOf<(typeof tournamentEvents)[number]>;
export type TournamentNewEvent = NewEventOf<(typeof tournamentEvents)[number]>;
