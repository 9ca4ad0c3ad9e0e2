import { z } from 'zod';

export const companySchema = z
  .object({ id: z.uuid(), name: z.string() })
  .meta({ id: 'Company', description: 'A club or company; its managers run its ladders.' });
