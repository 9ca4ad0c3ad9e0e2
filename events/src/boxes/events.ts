import { z } from 'zod';
import { defineEvent, type DomainEventOf, type EventOf } from '../event-registry.ts';
import { boxMovements, drawOrders } from './model.ts';

const seasonRef = { seasonId: z.uuid(), ladderId: z.uuid() };

/**
 * The season's boxes, drawn (again): they replace any boxes drawn before (whose matches are cancelled by their own
 * MatchCancelled events). Each box's matches are created by MatchCreated events of the same command.
 */
export const boxesDrawn = defineEvent({
  type: 'BoxesDrawn',
  schemaVersion: 1,
  payload: z.object({
    ...seasonRef,
    by: z.enum(drawOrders),
    boxes: z
      .array(
        z.object({
          boxId: z.uuid(),
          number: z.number().int().min(1),
          teamIds: z.array(z.uuid()).min(1),
          matchIds: z.array(z.uuid()),
        }),
      )
      .min(1),
  }),
});

/**
 * The box season closed into the next one: each side's team there (`teamId`, registered and accepted by events of the
 * same command) and its position; `fromTeamId` is the side's team in the closed season. A side that was in a box also
 * has `fromBox` (its box's number) and `movement` (up a box, down a box, or stays); closes recorded before these were
 * kept, and sides in no box (accepted after the draw), have neither.
 */
export const boxesClosed = defineEvent({
  type: 'BoxesClosed',
  schemaVersion: 1,
  payload: z.object({
    ...seasonRef,
    nextSeasonId: z.uuid(),
    positions: z.array(
      z.object({
        teamId: z.uuid(),
        fromTeamId: z.uuid(),
        position: z.number().int().min(1),
        fromBox: z.number().int().min(1).optional(),
        movement: z.enum(boxMovements).optional(),
      }),
    ),
  }),
});

export const boxEvents = [boxesDrawn, boxesClosed] as const;

export type BoxEvent = EventOf<typeof boxesDrawn> | EventOf<typeof boxesClosed>;
export type BoxDomainEvent = DomainEventOf<(typeof boxEvents)[number]>;
