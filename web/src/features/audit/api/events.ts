import { z } from 'zod';
import { request } from '../../../lib/http';
import { companyPath } from '../../../lib/admin-paths';
import type { Locale } from '../../../lib/locale';

export const auditEventSchema = z.object({
  seq: z.number(),
  id: z.string(),
  type: z.string(),
  streamId: z.string(),
  occurredAt: z.string(),
  payload: z.unknown(),
  actor: z.object({ id: z.string(), name: z.string() }),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

const pageSchema = z.object({ items: z.array(auditEventSchema), nextAfter: z.number().nullable() });
type AuditPage = z.infer<typeof pageSchema>;

/** The company's events, newest first; `stream` narrows to a ladder (with its seasons) or a season. */
export async function getCompanyEvents(
  companyId: string,
  options: { stream?: string; after?: number; limit?: number; lang: Locale },
  signal?: AbortSignal,
): Promise<AuditPage> {
  return request('GET', `${companyPath(companyId)}/events`, {
    query: { stream: options.stream, after: options.after, limit: options.limit ?? 50, lang: options.lang },
    schema: pageSchema,
    signal,
  });
}
