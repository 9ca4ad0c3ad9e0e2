import { z } from 'zod';
import { eventEnvelopeSchema } from '@courtside/events/envelope';
import { matchSchema } from '../matches/match-answers.ts';
import { standingsRowSchema } from '../teams/team-answers.ts';

/** DESIGN.md §8: one event of a season's history, with what it changed. */
export const historyItemSchema = z
  .object({
    position: z.number().int().min(1).describe('The company’s own count of its events, 1 first'),
    occurredAt: z.iso.datetime(),
    type: z.string().describe('The event’s type, e.g. `MatchResultConfirmed`'),
    actor: z.object({ id: z.string(), name: z.string() }),
    summary: z.string().describe('The event in words'),
    changes: z.array(
      z.object({ teamId: z.uuid(), from: z.number().int().nullable(), to: z.number().int().nullable() }),
    ),
    teamIds: z.array(z.uuid()).describe('The teams the event is about'),
    matchId: z.uuid().optional().describe('The match the event is about'),
  })
  .meta({ id: 'HistoryItem' });

/** DESIGN.md §8: a season exactly as it stood after one event. */
export const seasonAtSchema = z
  .object({
    at: z.object({ position: z.number().int().min(1), occurredAt: z.iso.datetime() }),
    standings: z.array(standingsRowSchema),
    matches: z.array(matchSchema),
  })
  .meta({ id: 'SeasonAt' });

/** Beyond DESIGN.md §8: what a season's history folds, so a browser can fold it at every step of a slider. */
export const seasonEventsSchema = z
  .object({
    events: z
      .array(
        z.object({
          position: z.number().int().min(1),
          event: eventEnvelopeSchema.omit({ hash: true }),
        }),
      )
      .describe(
        'The season’s events and its ladder’s details, oldest first, upcast to their current version',
      ),
    names: z.record(z.uuid(), z.string()).describe('The names of the accounts the events name, by id'),
  })
  .meta({ id: 'SeasonEvents' });

/** DESIGN.md §8: the company's hash chain, recomputed. */
export const chainReportSchema = z
  .object({
    ok: z.boolean(),
    events: z.number().int().min(0),
    headHash: z
      .string()
      .regex(/^[0-9a-f]{64}$/)
      .nullable()
      .describe('Null while no event is hashed'),
    firstBadPosition: z
      .number()
      .int()
      .min(1)
      .optional()
      .describe('The first event whose hash does not match'),
  })
  .meta({ id: 'ChainReport' });
