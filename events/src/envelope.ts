import { z } from 'zod';

/** The envelope every event travels in (DESIGN.md §1). The payload is checked by its event type. */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  schemaVersion: z.number().int().positive(),
  companyId: z.string().min(1),
  streamId: z.string().min(1),
  actorId: z.string().min(1),
  occurredAt: z.iso.datetime({ offset: true }),
  correlationId: z.string().min(1),
  payload: z.unknown(),
  /**
   * DESIGN.md §8: SHA-256 (lowercase hex) over the previous event's hash of the company and this envelope's
   * canonical JSON, set at append. Absent on events written before the chain started.
   */
  hash: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

export type EventEnvelope<TType extends string = string, TPayload = unknown> = Omit<
  z.infer<typeof eventEnvelopeSchema>,
  'type' | 'payload'
> & { type: TType; payload: TPayload };
