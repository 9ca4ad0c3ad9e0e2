import { z } from 'zod';
import { defineEvent, type EventOf } from '../event-registry.ts';

export const companyCreated = defineEvent({
  type: 'CompanyCreated',
  schemaVersion: 1,
  payload: z.object({
    companyId: z.uuid(),
    name: z.string().min(1).max(100),
    /** The account that created it and owns it: a manager of the company. */
    ownerId: z.uuid(),
  }),
});

export const companyEvents = [companyCreated] as const;

export type CompanyEvent = EventOf<typeof companyCreated>;
