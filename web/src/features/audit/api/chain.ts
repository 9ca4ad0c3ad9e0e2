import { z } from 'zod';
import { companyPath } from '../../../lib/admin-paths';
import { request } from '../../../lib/http';

/** DESIGN.md §8 tamper evidence: the company's hash chain recomputed by the api. */
const chainReportSchema = z.object({
  ok: z.boolean(),
  events: z.number(),
  headHash: z.string().nullable().optional(),
  firstBadPosition: z.number().optional(),
});
export type ChainReport = z.infer<typeof chainReportSchema>;

export function verifyCompanyHistory(companyId: string, signal?: AbortSignal): Promise<ChainReport> {
  return request('GET', `${companyPath(companyId)}/verify`, { schema: chainReportSchema, signal });
}

/** The exports an auditor's own tools read: every event (NDJSON) and every result (CSV). */
export function exportPaths(companyId: string): { events: string; results: string } {
  const base = companyPath(companyId);
  return { events: `${base}/events.ndjson`, results: `${base}/results.csv` };
}
